//! The composer in the real binary: Ctrl+G hands the draft to `$EDITOR` with the screen
//! suspended and comes back to it, and the prompt history outlives the session.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn demo(dir: &Path, extra: &[(&str, OsString)]) -> PtySession {
    let mut env = vec![
        ("TERN_LOG_DIR", OsString::from(dir)),
        ("TERN_HISTORY_FILE", dir.join("history.jsonl").into()),
        ("VISUAL", OsString::new()),
    ];
    env.extend(extra.iter().cloned());
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        dir,
        (100, 30),
    )
}

#[test]
fn ctrl_g_edits_the_draft_in_the_editor_and_restores_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    // A fake editor: shows itself, reads a line from the terminal (so keys must reach it, not
    // tern), and writes what it read after the draft it was given.
    let editor = dir.path().join("fake-editor");
    std::fs::write(
        &editor,
        "#!/bin/sh\nprintf 'FAKE EDITOR RUNNING\\n'\nread line\nprintf '%s + %s\\n' \"$(cat \"$1\")\" \"$line\" > \"$1\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&editor, std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut session = demo(dir.path(), &[("EDITOR", editor.clone().into())]);
    session.wait_for_text("ready", WAIT);
    session.send(b"my draft");
    session.wait_for_text("my draft", WAIT);
    session.send(b"\x07");
    session.wait_for_text("FAKE EDITOR RUNNING", WAIT);
    assert!(
        !session.alternate_screen(),
        "the editor runs on the main screen"
    );
    session.send(b"typed in the editor\r");
    session.wait_for_text("my draft + typed in the editor", WAIT);
    assert!(session.alternate_screen(), "tern's screen is back");
    assert!(
        session.screen_text().contains("ready"),
        "the whole screen is redrawn"
    );
    session.send(b"\r");
    session.wait_for_text("› my draft + typed in the editor", WAIT);
    session.quit_with(b"\x04", WAIT);
}

#[test]
fn an_editor_that_fails_keeps_the_draft() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path(), &[("EDITOR", OsString::from("false"))]);
    session.wait_for_text("ready", WAIT);
    session.send(b"keep me");
    session.wait_for_text("keep me", WAIT);
    session.send(b"\x07");
    session.wait_for_text("The external editor failed", WAIT);
    assert!(session.alternate_screen());
    // The frame that says so may still be arriving: wait for its composer row too.
    session.wait_for_text("keep me", WAIT);
    session.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn the_history_outlives_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = demo(dir.path(), &[]);
    first.wait_for_text("ready", WAIT);
    first.send(b"hello history\r");
    first.wait_for_text("turn completed", WAIT);
    first.quit_with(b"\x03\x03", WAIT);
    drop(first);

    let mut second = demo(dir.path(), &[]);
    second.wait_for_text("ready", WAIT);
    second.send(b"\x1b[A");
    second.wait_for_text("hello history", WAIT);
    // Ctrl+C clears the recalled draft, then asks before quitting.
    second.send(b"\x03");
    second.wait_for("the draft cleared", WAIT, |s| !s.contains("hello history"));
    second.send(b"\x03");
    second.wait_for_text("Ctrl+C again to quit", WAIT);
    second.quit_with(b"\x03", WAIT);
}
