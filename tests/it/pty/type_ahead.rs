//! Keys typed while tern starts (before its first frame, and while it asks the terminal what
//! it can show) reach the composer, in order.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn demo(dir: &Path) -> PtySession {
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &[("TERN_LOG_DIR", OsString::from(dir))],
        dir,
        (100, 30),
    )
}

#[test]
fn keys_typed_right_after_spawn_reach_the_composer_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    // Typed before tern has even set up the terminal: the bytes wait in the terminal's
    // buffer and are read by the capability query first.
    session.send(b"typed early");
    session.wait_for_text("ready", WAIT);
    session.send(b" then late");
    session.wait_for_text("typed early then late", WAIT);
    session.quit_with(b"\x03\x03\x03", WAIT);
}
