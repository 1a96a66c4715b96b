//! Alerts with no config file: a turn that ends while the terminal is unfocused rings once
//! (a plain BEL) and sends one desktop notification (OSC 9); a focused one sends neither.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn demo(dir: &Path) -> PtySession {
    let env = [
        ("TERN_LOG_DIR", OsString::from(dir)),
        ("HOME", dir.into()),
        ("XDG_CONFIG_HOME", dir.join("config").into()),
    ];
    // The notification's form follows the terminal around it: none here.
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        &["TMUX", "STY", "VTE_VERSION", "TERN_CONFIG"],
        dir,
        (100, 30),
    )
}

/// The desktop notifications (OSC 9) in `raw`, and the bells outside any OSC sequence (whose
/// BEL terminator is not a bell).
fn alerts(raw: &[u8]) -> (usize, usize) {
    let (mut notifications, mut bells) = (0, 0);
    let mut at = 0;
    while at < raw.len() {
        if raw[at..].starts_with(b"\x1b]") {
            if raw[at..].starts_with(b"\x1b]9;") && !raw[at..].starts_with(b"\x1b]9;4;") {
                notifications += 1;
            }
            let end = raw[at..]
                .iter()
                .position(|b| *b == 0x07)
                .map_or(raw.len(), |i| at + i + 1);
            let st = raw[at..]
                .windows(2)
                .position(|w| w == b"\x1b\\")
                .map_or(raw.len(), |i| at + i + 2);
            at = end.min(st);
            continue;
        }
        if raw[at] == 0x07 {
            bells += 1;
        }
        at += 1;
    }
    (notifications, bells)
}

#[test]
fn an_unfocused_turn_end_rings_once_and_notifies_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    // Focus out (the terminal's report), then a prompt.
    session.send(b"\x1b[O");
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);
    assert_eq!(alerts(&session.raw_output()), (1, 1));
    session.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_focused_turn_end_is_silent() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"\x1b[I");
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);
    assert_eq!(alerts(&session.raw_output()), (0, 0));
    session.quit_with(b"\x03\x03\x03", WAIT);
}
