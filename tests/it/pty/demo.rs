//! The real `tern --demo` binary in a pseudo-terminal: a prompt streams an answer, an approval
//! is answered by one key, and quitting restores the terminal.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn tern() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tern"))
}

fn demo_session(log_dir: &Path) -> PtySession {
    demo_session_with(log_dir, &[])
}

fn demo_session_with(log_dir: &Path, extra: &[(&str, &str)]) -> PtySession {
    // Prompts take keys only after a pause in typing (a person must be able to read them); the
    // unit tests cover that guard, this script answers as soon as the prompt is drawn.
    let mut env = vec![
        ("TERN_LOG_DIR", OsString::from(log_dir)),
        ("TERN_APPROVAL_READ_GUARD_MS", OsString::from("0")),
    ];
    env.extend(extra.iter().map(|(k, v)| (*k, OsString::from(v))));
    PtySession::spawn(tern(), &["--demo"], &env, log_dir, (100, 40))
}

#[test]
fn demo_streams_an_answer_and_restores_the_terminal_on_quit() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo_session(dir.path());
    session.wait_for_text("Ask the agent anything", WAIT);
    session.wait_for_text("ready", WAIT);
    assert!(
        session.alternate_screen(),
        "tern runs on the alternate screen"
    );

    session.send(b"hello there\r");
    session.wait_for_text("› hello there", WAIT);
    session.wait_for_text("tern demo backend", WAIT);
    session.wait_for_text("turn completed", WAIT);

    session.quit_with(b"\x03\x03", WAIT);
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    let left = raw
        .rfind("\x1b[?1049l")
        .expect("leave-alternate-screen was sent");
    assert!(left > raw.rfind("\x1b[?1049h").unwrap());
    assert!(
        raw.contains("\x1b[?2004l"),
        "bracketed paste was turned off"
    );
    session.wait_for_text("tern --demo resume", WAIT);
}

#[test]
fn links_become_hyperlinks_and_copy_reaches_the_clipboard_and_the_shell() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo_session_with(dir.path(), &[("TERN_HYPERLINKS", "1")]);
    session.wait_for_text("ready", WAIT);
    session.send(b"hello\r");
    session.wait_for_text("turn completed", WAIT);
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    assert!(
        raw.contains("\x1b]8;;https://github.com/openai/codex\x1b\\https://github.com/openai/codex\x1b]8;;\x1b\\"),
        "the URL on screen is an OSC 8 hyperlink"
    );
    session.send(b"/copy\r");
    session.wait_for_text("Copied the last answer", WAIT);
    session.quit_with(b"\x03\x03", WAIT);
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    let encoded = raw
        .split("\x1b]52;c;")
        .nth(1)
        .and_then(|rest| rest.split('\x07').next())
        .expect("an OSC 52 clipboard write");
    assert!(!encoded.is_empty());
    // After exit one line says what was copied (the text itself only with --print-copied).
    session.wait_for_text("Copied to the clipboard last:", WAIT);
    assert!(
        !session
            .screen_text()
            .contains("I'm the **tern demo** backend"),
        "the copied text is printed only when asked"
    );
}

#[test]
fn quit_command_leaves_and_approvals_are_answered_from_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo_session(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"look at the project\r");
    session.wait_for_text("Approval needed", WAIT);
    session.wait_for_text("always allow commands starting with `git status`", WAIT);
    session.send(b"p");
    session.wait_for_text(
        r#"prefix_rule(pattern=["git", "status"], decision="allow")"#,
        WAIT,
    );
    session.send(b"\r");
    session.wait_for_text("always allowed `git status`", WAIT);
    session.wait_for_text("Apply changes to 3 files?", WAIT);
    session.send(b"y");
    session.wait_for_text("approved once", WAIT);
    session.wait_for_text("turn completed", WAIT);
    // The turn's diff, full screen, with paths relative to the session's cwd.
    session.send(b"/diff\r");
    session.wait_for_text("3 files +6 −3", WAIT);
    session.wait_for_text("src/app/update.rs (updated) +3 −2", WAIT);
    session.send(b"\x1b");
    session.wait_for("the diff view to close", WAIT, |s| {
        !s.contains("3 files +6 −3")
    });
    session.quit_with(b"/quit\r", WAIT);
}

#[test]
fn the_demo_follows_the_answers_decline_goes_on_and_cancel_stops_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo_session(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"look at the project\r");
    session.wait_for_text("Approval needed", WAIT);
    session.wait_for_text("always allow commands starting with `git status`", WAIT);
    session.send(b"n");
    session.wait_for_text("I won't run git status", WAIT);
    session.wait_for_text("✗ declined", WAIT);
    session.wait_for_text("Apply changes to 3 files?", WAIT);
    session.send(b"c");
    session.wait_for_text("cancelled the turn", WAIT);
    session.wait_for_text("Turn interrupted", WAIT);
    assert!(
        !session.screen_text().contains("tests pass"),
        "a cancelled turn does not go on"
    );
    session.quit_with(b"/quit\r", WAIT);
}

#[test]
fn demo_resume_lists_threads_and_reopens_a_long_one_offline() {
    let dir = tempfile::tempdir().unwrap();
    let env = vec![("TERN_LOG_DIR", OsString::from(dir.path()))];
    let mut session = PtySession::spawn(tern(), &["--demo", "resume"], &env, dir.path(), (100, 30));
    session.wait_for_text("Resume a thread", WAIT);
    session.wait_for_text("Renderer refactor", WAIT);
    // Filter to the long thread and open it: its newest turns first.
    session.send(b"render");
    session.wait_for("the filter to narrow the list", WAIT, |s| {
        s.contains("Filter: render") && !s.contains("Explain the event loop")
    });
    session.send(b"\r");
    session.wait_for("the newest turn", WAIT, |s| {
        s.contains("Step 120 done") && s.contains("ready")
    });
    // Page up, one key at a time, to the first turn: each key moves the view, or (at the top of
    // what is loaded) asks for the next older page, shown as "loading earlier turns" until it
    // came and is put above the view.
    while !session.screen_text().contains("› Step 1: what next?") {
        session.wait_for("no page on its way", WAIT, |s| {
            !s.contains("loading earlier turns")
        });
        let before = session.screen_text();
        session.send(b"\x1b[5~");
        session.wait_for("the view to move up or a page asked for", WAIT, |s| {
            s != before
        });
    }
    session.quit_with(b"\x03\x03", WAIT);
    session.wait_for_text("Demo thread demo-thread-long ended", WAIT);
}

/// Scrolled back, a key does what it does at the end: `/copy` + Enter after PgUp runs the
/// command (it once opened a transcript search for "copy" with no matches); Ctrl+F searches.
#[test]
fn a_command_typed_while_scrolled_back_runs_and_ctrl_f_searches() {
    let dir = tempfile::tempdir().unwrap();
    let env = vec![("TERN_LOG_DIR", OsString::from(dir.path()))];
    let mut session = PtySession::spawn(tern(), &["--demo", "resume"], &env, dir.path(), (100, 30));
    session.wait_for_text("Renderer refactor", WAIT);
    session.send(b"render");
    session.wait_for("the filter to narrow the list", WAIT, |s| {
        s.contains("Filter: render") && !s.contains("Explain the event loop")
    });
    session.send(b"\r");
    session.wait_for_text("Step 120 done", WAIT);
    session.wait_for_text("ready", WAIT);
    let before = session.screen_text();
    session.send(b"\x1b[5~");
    session.wait_for("the view to scroll back", WAIT, |s| s != before);
    session.send(b"/copy");
    session.wait_for("the command typed into the composer", WAIT, |s| {
        s.contains("│/copy")
    });
    session.send(b"\r");
    session.wait_for("the command to leave the composer", WAIT, |s| {
        s.contains("Ask the agent anything")
    });
    assert!(
        !session.screen_text().contains("no matches"),
        "a search opened:\n{}",
        session.screen_text()
    );
    // Its line is at the end, below the view scrolled back.
    session.send(b"\x1b[F");
    session.wait_for_text("Copied the last answer", WAIT);
    session.send(b"\x06");
    session.wait_for("the search bar", WAIT, |s| s.contains(" search "));
    session.quit_with(b"\x1b\x03\x03", WAIT);
}
