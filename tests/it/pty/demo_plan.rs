//! `tern --demo` shows Plan mode and a rewind offline: Shift+Tab, a prompt that proposes a
//! plan, the chooser, then Esc Esc back to before the message (the demo's file changes are made
//! up, so it says there is nothing to put back).

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn the_demo_plans_then_rewinds() {
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("TERN_LOG_DIR", OsString::from(dir.path())),
        ("TERN_APPROVAL_READ_GUARD_MS", OsString::from("0")),
    ];
    let mut tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        dir.path(),
        (100, 40),
    );
    tern.wait_for_text("ready", WAIT);
    tern.send(b"\x1b[Z");
    tern.wait_for_text("Plan mode (Shift+Tab)", WAIT);
    tern.send(b"fix the version check\r");
    tern.wait_for_text("Proposed plan", WAIT);
    tern.wait_for_text("Implement this plan?", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Staying in Plan mode", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Esc again to rewind", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Rewind to before a message", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("nothing to put back", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Rewound: 1 turn dropped", WAIT);
    tern.wait_for("the message back in the composer", WAIT, |s| {
        s.lines()
            .any(|l| l.starts_with('│') && l.contains("fix the version check"))
    });
    assert!(
        !tern.screen_text().contains("Proposed plan"),
        "the rewound turn is gone from the transcript"
    );
    tern.quit_with(b"\x15\x03\x03", WAIT);
}
