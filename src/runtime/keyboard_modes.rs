//! xterm's modifyOtherKeys, asked for where the terminal does not take the kitty keyboard
//! protocol (`terminal`), so Shift+Enter, Ctrl+Enter and Alt chords arrive distinct from Enter
//! there too (xterm; tmux with `extended-keys on`, the failure of Codex #21699).
//!
//! crossterm 0.29 reads only one of modifyOtherKeys' two spellings. Its default,
//! `CSI 27 ; mod ; key ~`, reaches `parse_csi_special_key_code`, whose table of `~` keys has no
//! 27: the parse fails and the reader drops the whole sequence, so the key would be lost. The
//! other, asked for with `formatOtherKeys = 1` (XTFMTKEYS, `CSI > 4 ; 1 f`), is
//! `CSI key ; mod u` — the kitty protocol's own form, which crossterm reads as a key with its
//! modifiers. So tern asks for that format first, then for modifyOtherKeys. Level 1, not 2:
//! level 2 also rewrites Ctrl+letters (Ctrl+C among them) and a terminal or multiplexer that
//! ignores the format request (tmux answers in its `extended-keys-format`, `xterm` by default)
//! would then send a Ctrl+C crossterm drops; at level 1 Ctrl+C stays the plain byte it is.
//!
//! tmux takes no format request: it writes the keys in its own spelling. Before 3.5 that is
//! always CSI u; from 3.5 it is the server's `extended-keys-format`, `xterm` (the form crossterm
//! drops) unless set to `csi-u`. So inside tmux its option is read first
//! ([`modify_other_keys_readable`]), and where the keys would come in the form crossterm drops,
//! modifyOtherKeys is not asked for: Shift+Enter then reads as Enter, as it did, rather than
//! being lost, and `/doctor` says how to fix it.

use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The format first (`CSI > 4 ; 1 f`: `CSI key ; mod u`), then modifyOtherKeys level 1.
pub(crate) const MODIFY_OTHER_KEYS_ON: &[u8] = b"\x1b[>4;1f\x1b[>4;1m";
/// modifyOtherKeys off and the format back to the terminal's default (safe to send twice).
pub(crate) const MODIFY_OTHER_KEYS_OFF: &[u8] = b"\x1b[>4;0m\x1b[>4f";

/// What `/doctor` says was negotiated.
pub(crate) const KITTY: &str = "kitty protocol (Shift+Enter and key repeats are told apart)";
pub(crate) const MODIFY_OTHER_KEYS: &str =
    "xterm modifyOtherKeys asked for, in CSI u form (no kitty protocol): Shift+Enter is told \
     apart where the terminal takes it";
pub(crate) const LEGACY: &str = "legacy (Shift+Enter reads as Enter: use Alt+Enter)";
pub(crate) const TMUX_XTERM_FORMAT: &str =
    "legacy: tmux writes extended keys as CSI 27;mod;key~, which tern cannot read, so \
     modifyOtherKeys was not asked for (Shift+Enter reads as Enter: use Alt+Enter, or \
     tmux set -s extended-keys-format csi-u)";

/// Whether modifyOtherKeys may be asked for inside tmux, from what
/// `tmux show -sv extended-keys-format` answered: its output, or its error when it failed
/// (`None`: tmux could not be asked, or did not answer in time).
pub(crate) fn tmux_format_readable(answer: Option<Result<String, String>>) -> bool {
    match answer {
        Some(Ok(format)) => format.trim() == "csi-u",
        // tmux before 3.5 has no such option, and always writes CSI u.
        Some(Err(error)) => error.contains("invalid option") || error.contains("unknown option"),
        // Not knowing, tern keeps to the legacy keys rather than risk losing some.
        None => false,
    }
}

/// Whether the keys modifyOtherKeys brings would be readable here: inside tmux (`TMUX` set),
/// as its format option says; outside it, yes.
pub(crate) fn modify_other_keys_readable() -> bool {
    if std::env::var_os("TMUX").is_none_or(|v| v.is_empty()) {
        return true;
    }
    tmux_format_readable(ask_tmux_format())
}

/// `tmux show -sv extended-keys-format`, waited for at most half a second: startup does not
/// hang on a tmux server that does not answer.
fn ask_tmux_format() -> Option<Result<String, String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let out = Command::new("tmux")
            .args(["show", "-sv", "extended-keys-format"])
            .stdin(Stdio::null())
            .output();
        let _ = tx.send(out);
    });
    let out = rx.recv_timeout(Duration::from_millis(500)).ok()?.ok()?;
    Some(if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sequences, byte for byte: XTFMTKEYS then XTMODKEYS, and their resets.
    #[test]
    fn the_requests_are_xterms_format_then_level_and_their_resets() {
        assert_eq!(MODIFY_OTHER_KEYS_ON, b"\x1b[>4;1f\x1b[>4;1m");
        assert_eq!(MODIFY_OTHER_KEYS_OFF, b"\x1b[>4;0m\x1b[>4f");
    }

    /// tmux 3.5+ in its default `xterm` format would send what crossterm drops; `csi-u`, and
    /// tmux before 3.5 (no such option: "invalid option"), send CSI u.
    #[test]
    fn inside_tmux_modify_other_keys_is_asked_for_only_where_its_keys_are_readable() {
        assert!(tmux_format_readable(Some(Ok("csi-u\n".into()))));
        assert!(!tmux_format_readable(Some(Ok("xterm\n".into()))));
        assert!(tmux_format_readable(Some(Err(
            "invalid option: extended-keys-format\n".into()
        ))));
        assert!(!tmux_format_readable(Some(Err(
            "no server running on /tmp/tmux-0/default\n".into()
        ))));
        assert!(!tmux_format_readable(None));
    }
}
