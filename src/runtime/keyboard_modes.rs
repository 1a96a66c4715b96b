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

#[cfg(test)]
mod tests {
    use super::*;

    /// The sequences, byte for byte: XTFMTKEYS then XTMODKEYS, and their resets.
    #[test]
    fn the_requests_are_xterms_format_then_level_and_their_resets() {
        assert_eq!(MODIFY_OTHER_KEYS_ON, b"\x1b[>4;1f\x1b[>4;1m");
        assert_eq!(MODIFY_OTHER_KEYS_OFF, b"\x1b[>4;0m\x1b[>4f");
    }
}
