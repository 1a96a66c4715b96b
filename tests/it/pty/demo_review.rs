//! `tern --demo` plays a file change with three hunks in one file ("tidy the config") that can
//! be reviewed offline: `r` on the question opens the review, one hunk is reverted and Enter
//! answers the question (accept, then the revert — which the demo, writing nothing, refuses and
//! says so in the review sent to the agent).

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn the_demo_reviews_a_three_hunk_change_and_reverting_one_answers_it() {
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
        (110, 44),
    );
    tern.wait_for_text("ready", WAIT);
    tern.send(b"tidy the config\r");
    tern.wait_for_text("Apply this change?", WAIT);
    tern.wait_for_text("r review", WAIT);
    tern.send(b"r");
    tern.wait_for_text("Review the change", WAIT);
    tern.wait_for_text("3 of 3 hunks kept", WAIT);
    let screen = tern.screen_text();
    for hunk in ["@@ -3,5 +3,5 @@", "@@ -18,6 +18,6 @@", "@@ -40,5 +40,6 @@"] {
        assert!(screen.contains(hunk), "hunk {hunk} listed:\n{screen}");
    }
    // The file's row is selected; `n` twice reaches the second hunk, `x` reverts it.
    tern.send(b"n");
    tern.send(b"n");
    tern.wait_for_text("› [keep]   @@ -18,6 +18,6 @@", WAIT);
    tern.send(b"x");
    tern.wait_for_text("2 of 3 hunks kept", WAIT);
    // Enter answers once the files are read as they were (the runtime reads them when the
    // review opens; before that Enter says "a moment" and answers nothing): pressed again
    // until the review and its question are gone.
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        tern.send(b"\r");
        let answered = tern.wait_until(Duration::from_secs(2), |s| {
            !s.contains("Review the change") && !s.contains("Apply this change?")
        });
        if answered.is_some() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "never answered:\n{}",
            tern.screen_text()
        );
    }
    tern.wait_for_text("(hunk 2 of 3)", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.quit_with(b"\x15\x03\x03", WAIT);
}

/// `/review` in the demo, then `m` on its cell: a comment on the first finding, the second
/// dropped, and Enter sends the kept one with the comment as the next message.
#[test]
fn the_demo_review_takes_a_comment_on_a_finding_and_sends_it() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("TERN_LOG_DIR", OsString::from(dir.path()))];
    let mut tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        dir.path(),
        (110, 44),
    );
    tern.wait_for_text("ready", WAIT);
    tern.send(b"/review\r");
    tern.wait_for_text("Review uncommitted changes", WAIT);
    tern.send(b"1");
    tern.wait_for_text("Code review finished", WAIT);
    tern.send(b"\x1b[1;3A"); // Alt+Up: the review's cell
    tern.wait_for_text("e evidence", WAIT);
    tern.send(b"m");
    tern.wait_for_text("Review findings: 2 of 2 kept", WAIT);
    tern.send(b"keep every byte\r");
    tern.send(b"jx");
    tern.wait_for_text("Review findings: 1 of 2 kept", WAIT);
    tern.send(b"\r");
    // Sent at once, or queued while the review's turn is still ending: either way it goes out.
    tern.wait_for_text("finding(s) kept, 1 with your comment", WAIT);
    tern.wait_for_text("Code review findings to act on", WAIT);
    tern.wait_for_text("keep every byte", WAIT);
    // The findings start the demo's next turn, which asks to run a command. Quitting during it
    // takes more presses (Ctrl+C refuses the question and interrupts first), and on a loaded
    // machine the keys could land on either side of its start. Ctrl+C refuses the question and
    // stops the turn, then the quit starts from an idle session.
    tern.wait_for_text("Run this command?", WAIT);
    tern.send(b"\x03");
    tern.wait_for_text("ready ·", WAIT);
    tern.quit_with(b"\x15\x03\x03", WAIT);
}
