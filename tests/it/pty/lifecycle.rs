//! The real binary's life in a terminal beyond a normal session: a panic (through the test
//! hook `TERN_TEST_PANIC_ON_F12`) still prints what was unsent once the terminal is restored;
//! a server whose stderr carries invalid UTF-8 is still read to its last words.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty;
use serde_json::json;
use std::ffi::OsString;
use std::time::Duration;

const START: Duration = Duration::from_secs(30);
const F12: &[u8] = b"\x1b[24~";

/// A turn that starts and runs until the test ends.
fn running_turn() -> Vec<serde_json::Value> {
    vec![
        step::wait("turn/start"),
        step::notify(
            "turn/started",
            json!({"threadId": "{{thread}}", "turn": {"id": "{{turn}}", "items": [],
                   "status": "inProgress"}}),
        ),
    ]
}

#[test]
fn after_a_panic_the_unsent_text_is_printed_on_the_restored_terminal() {
    let fake = FakeServer::new(&running_turn());
    let mut env = fake.env();
    env.push(("TERN_TEST_PANIC_ON_F12", OsString::from("1")));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"first prompt\r");
    fake.wait_method("turn/start", START);
    tern.wait_for_text("Esc interrupt", START);
    // Queued for after the turn, then a draft.
    tern.send(b"queued words\t");
    tern.wait_for_text("queued words", START);
    tern.send(b"draft words");
    tern.wait_for_text("draft words", START);
    tern.send(F12);
    assert_eq!(tern.wait_exit_code(START), 101, "a panic ends with 101");
    let out = String::from_utf8_lossy(&tern.raw_output()).into_owned();
    let restored = out.rfind("\x1b[?1049l").expect("the main screen back");
    let after = &out[restored..];
    for text in [
        "── not sent ──",
        "queued words",
        "draft words",
        "a panic on purpose",
    ] {
        assert!(
            after.contains(text),
            "{text:?} not printed after the screen:\n{after}"
        );
    }
    assert!(tern.cooked(), "the terminal was left in raw mode");
    assert!(!tern.alternate_screen());
}

/// An invalid byte on the server's stderr stopped tern reading it: the server-down box showed
/// the lines before it, and the server later got EPIPE. Bytes are read and decoded lossily.
#[test]
fn stderr_after_invalid_utf8_is_still_read() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        json!({"stderr": "warming up\n"}),
        json!({"stderr_hex": "ff fe 0a"}),
        json!({"stderr": "the real reason: disk on fire\n"}),
        json!({"exit": 3}),
    ]);
    let mut tern = fake.spawn_tern(&[], (110, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"go\r");
    tern.wait_for_text("exit status: 3", START);
    tern.wait_for_text("disk on fire", START);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(START);
}

/// The history file and the log are never opened through a link (which made tern write to the
/// link's target and chmod it), nor as anything but a regular file (a FIFO at the history path
/// blocked startup): tern starts, says why it keeps no history or log, and leaves the target
/// as it was.
#[test]
fn links_and_fifos_at_the_history_and_log_paths_are_refused_with_a_notice() {
    use std::os::unix::fs::PermissionsExt;
    let fake = FakeServer::new(&[]);
    let dir = fake.dir.path();
    let theirs = dir.join("someone-elses-file");
    std::fs::write(&theirs, "precious\n").unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::os::unix::fs::symlink(&theirs, dir.join("logs").join("tern.log")).unwrap();
    let fifo = dir.join("history-fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid path and mode.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let mut env = fake.env();
    env.push(("TERN_HISTORY_FILE", fifo.clone().into_os_string()));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (120, 30));
    tern.wait_for_text("fake-model", START);
    tern.wait_for_text("is a FIFO, not a regular file", START);
    tern.wait_for_text("is a symbolic link", START);
    tern.send(b"remember me\r");
    tern.wait_for_text("remember me", START);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(START);
    let mode = std::fs::metadata(&theirs).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644, "the link's target keeps its mode");
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "precious\n");

    // A history file that is a link to someone else's file: refused, the target untouched.
    let fake = FakeServer::new(&[]);
    let link = fake.dir.path().join("history-link");
    std::os::unix::fs::symlink(&theirs, &link).unwrap();
    let mut env = fake.env();
    env.push(("TERN_HISTORY_FILE", link.into_os_string()));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (120, 30));
    tern.wait_for_text("is a symbolic link", START);
    tern.send(b"remember me\r");
    tern.wait_for_text("remember me", START);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(START);
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "precious\n");
    let mode = std::fs::metadata(&theirs).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
}

/// The state letter of `/proc/PID/stat` (`T` stopped, `S` sleeping, `R` running).
fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit_once(") ")
        .and_then(|(_, rest)| rest.chars().next())
        .unwrap_or('?')
}

fn wait_state(pid: u32, want: impl Fn(char) -> bool, what: &str) {
    let deadline = std::time::Instant::now() + START;
    while !want(process_state(pid)) {
        assert!(
            std::time::Instant::now() < deadline,
            "tern never became {what}: {}",
            process_state(pid)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Polls `check` (which may look at the session's terminal state) until it holds.
fn eventually(what: &str, check: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + START;
    while !check() {
        assert!(std::time::Instant::now() < deadline, "never: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn signal(pid: u32, signal: i32) {
    // SAFETY: kill with a pid we started and a valid signal.
    assert_eq!(unsafe { libc::kill(pid as i32, signal) }, 0);
}

/// SIGTSTP from outside (a shell's `kill -TSTP`, a job-control stop) left the terminal raw on
/// the alternate screen, and after `fg` the tty cooked and the screen stale. Now tern gives the
/// terminal back, stops, and when continued takes it again and redraws it whole.
#[test]
fn a_stop_from_outside_gives_the_terminal_back_and_fg_redraws() {
    let fake = FakeServer::new(&[]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"my draft");
    tern.wait_for_text("my draft", START);
    let pid = tern.pid().expect("tern's pid");
    signal(pid, libc::SIGTSTP);
    wait_state(pid, |s| s == 'T', "stopped");
    eventually("the terminal given back while tern is stopped", || {
        tern.cooked() && !tern.alternate_screen()
    });
    signal(pid, libc::SIGCONT);
    eventually("tern's screen again", || {
        tern.alternate_screen() && !tern.cooked()
    });
    tern.wait_for_text("my draft", START);
    tern.wait_for_text("fake-model", START);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(START);
    assert!(tern.cooked());
}

/// Ctrl+Z on an empty composer stops tern as a shell program stops; with text it is undo.
#[test]
fn ctrl_z_stops_tern_from_an_empty_composer_and_undoes_otherwise() {
    let fake = FakeServer::new(&[]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", START);
    let pid = tern.pid().expect("tern's pid");
    tern.send(b"undo me");
    tern.wait_for_text("undo me", START);
    tern.send(b"\x1a");
    tern.wait_for("the typing undone", START, |screen| {
        !screen.contains("undo me")
    });
    assert_ne!(process_state(pid), 'T', "undo, not a stop");
    tern.send(b"\x15"); // Ctrl+U: the composer is empty now whatever undo left.
    tern.send(b"\x1a");
    wait_state(pid, |s| s == 'T', "stopped");
    eventually("the main screen", || {
        !tern.alternate_screen() && tern.cooked()
    });
    signal(pid, libc::SIGCONT);
    eventually("tern's screen again", || {
        tern.alternate_screen() && !tern.cooked()
    });
    tern.wait_for_text("fake-model", START);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(START);
}

/// Back from Ctrl+G: focus reporting is on again, and the tty state the editor left (here echo
/// off) is not taken for the one to restore at exit.
#[test]
fn the_editor_leaves_neither_its_tty_state_nor_focus_reporting_off() {
    use std::os::unix::fs::PermissionsExt;
    let fake = FakeServer::new(&[]);
    let editor = fake.dir.path().join("sloppy-editor");
    std::fs::write(
        &editor,
        "#!/bin/sh\nstty -echo -icanon\nprintf 'edited text' > \"$1\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&editor, std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut env = fake.env();
    env.push(("VISUAL", editor.into_os_string()));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"draft");
    tern.wait_for_text("draft", START);
    let before = tern.raw_output().len();
    tern.send(b"\x07");
    tern.wait_for_text("edited text", START);
    let raw = tern.raw_output()[before..].to_vec();
    assert!(
        raw.windows(8).any(|w| w == b"\x1b[?1004h"),
        "focus reporting is asked for again: {:?}",
        String::from_utf8_lossy(&raw[..raw.len().min(400)])
    );
    tern.send(b"\x03\x03\x03\x03");
    tern.wait_exit(START);
    assert!(
        tern.cooked(),
        "the terminal is back as tern found it, echo on"
    );
}
