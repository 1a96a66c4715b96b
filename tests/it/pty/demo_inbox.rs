//! The real `tern --demo` binary: "start other threads" starts two threads beside the shown
//! one, and their questions wait in the inbox instead of taking the screen. One is answered
//! from the inbox (its turn goes on and ends); the board lists both with where they stand.

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
        ("CODEX_HOME", dir.join("codex").into()),
        // Questions take keys only after a pause in typing; the unit tests cover that gate.
        ("TERN_APPROVAL_READ_GUARD_MS", OsString::from("0")),
    ];
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        dir,
        (110, 40),
    )
}

#[test]
fn the_demo_shows_two_threads_with_questions_waiting_in_the_inbox() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"start other threads\r");
    session.wait_for_text("Flaky layout test", WAIT);
    session.wait_for_text("waiting: 2", WAIT);
    let shown = session.screen_text();
    assert!(
        !shown.contains("Approval needed") && shown.contains("Ctrl+T inbox"),
        "the questions wait off screen, and the bottom row names the inbox:\n{shown}"
    );

    session.send(b"\x14");
    session.wait_for_text("Inbox: 2 waiting", WAIT);
    session.wait_for_text("git tag -a v0.4.0", WAIT);
    let shown = session.screen_text();
    assert!(
        shown.contains("Release v0.4") && shown.contains("Flaky layout test"),
        "both threads by name:\n{shown}"
    );
    // Oldest first: the release's command; `y` runs it once and its turn goes on.
    session.send(b"y");
    session.wait_for_text("waiting: 1", WAIT);

    session.send(b"\x1b");
    session.wait_for("the inbox to close", WAIT, |s| !s.contains("Inbox:"));
    session.send(b"/threads\r");
    session.wait_for("the board with both threads", WAIT, |s| {
        // The board's rows, not the transcript's mention of the names.
        let line = |name: &str| {
            s.lines()
                .find(|l| l.contains(name) && l.contains('│'))
                .unwrap_or("")
                .to_string()
        };
        s.contains("Threads on the server: 3")
            && line("Flaky layout test").contains("waiting for you")
            && line("Release v0.4").contains("idle")
    });
    session.send(b"\x1b");
    session.quit_with(b"\x03\x03", WAIT);
}
