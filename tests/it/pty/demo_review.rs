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
    tern.send(b"\r");
    tern.wait_for("the question answered and the review sent", WAIT, |s| {
        !s.contains("Apply this change?") && s.contains("(hunk 2 of 3)")
    });
    tern.wait_for_text("turn completed", WAIT);
    tern.quit_with(b"\x15\x03\x03", WAIT);
}
