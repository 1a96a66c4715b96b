//! The window title with no config file: `tern · working` while a turn runs, `tern · done`
//! after, the terminal's own title pushed first and popped back on exit, on SIGTERM and after
//! a panic.

use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const PUSH: &str = "\x1b[22;0t";
const POP: &str = "\x1b[23;0t";
const WORKING: &str = "\x1b]2;tern · working\x07";
const DONE: &str = "\x1b]2;tern · done\x07";

fn demo(dir: &Path, extra: &[(&str, OsString)]) -> PtySession {
    let mut env = vec![
        ("TERN_LOG_DIR", OsString::from(dir)),
        ("HOME", dir.into()),
        ("XDG_CONFIG_HOME", dir.join("config").into()),
    ];
    env.extend(extra.iter().cloned());
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        &["TERN_CONFIG"],
        dir,
        (100, 30),
    )
}

/// Runs a turn and checks the title went push → working → done, in that order.
fn run_a_turn(session: &PtySession) {
    session.wait_for_text("ready", WAIT);
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    let push = raw.find(PUSH).expect("the terminal's title pushed");
    let working = raw.find(WORKING).expect("the working title");
    let done = raw.rfind(DONE).expect("the done title");
    assert!(push < working && working < done, "{raw:?}");
}

/// The terminal's title came back after tern's last.
fn assert_popped(session: &PtySession) {
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    let last_title = raw.rfind("\x1b]2;").expect("a title");
    let pop = raw.rfind(POP).expect("the terminal's title popped");
    assert!(pop > last_title, "popped before tern's last title: {raw:?}");
    assert_eq!(raw.matches(PUSH).count(), raw.matches(POP).count());
}

#[test]
fn the_title_goes_working_then_done_and_is_given_back_on_exit() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path(), &[]);
    run_a_turn(&session);
    session.quit_with(b"\x03\x03\x03", WAIT);
    assert_popped(&session);
}

#[test]
fn the_title_is_given_back_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path(), &[]);
    run_a_turn(&session);
    let pid = session.pid().expect("tern's pid") as i32;
    // SAFETY: signalling the tern process this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    session.wait_exit_code(WAIT);
    assert_popped(&session);
}

#[test]
fn the_title_is_given_back_after_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(
        dir.path(),
        &[("TERN_TEST_PANIC_ON_F12", OsString::from("1"))],
    );
    run_a_turn(&session);
    session.send(b"\x1b[24~");
    assert_eq!(session.wait_exit_code(WAIT), 101, "a panic ends with 101");
    assert_popped(&session);
}

#[test]
fn title_false_leaves_the_terminals_title_alone() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("config.toml"), "title = false\n").unwrap();
    let mut session = demo(dir.path(), &[]);
    session.wait_for_text("ready", WAIT);
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);
    session.quit_with(b"\x03\x03\x03", WAIT);
    let raw = String::from_utf8_lossy(&session.raw_output()).into_owned();
    assert!(!raw.contains("\x1b]2;") && !raw.contains(PUSH), "{raw:?}");
}
