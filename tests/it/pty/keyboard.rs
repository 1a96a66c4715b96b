//! Modern keyboards (issue 32) in the real binary. A terminal that takes the kitty keyboard
//! protocol gets tern's flags pushed (`CSI > 3 u`) and popped (`CSI < 1 u`) on exit; one that
//! does not gets xterm's modifyOtherKeys in CSI u form (`CSI > 4;1 f`, `CSI > 4;1 m`), reset
//! on exit and on SIGTERM. Either way Shift+Enter (`CSI 13;2 u`) puts a newline in the draft
//! and Enter sends it; with the kitty protocol on, Ctrl+C in its CSI u form still climbs the
//! quit ladder, keys typed at startup still arrive, and a flood still lets Ctrl+C through. A
//! suspend, a panic and SIGTERM reset the modes too (a resume asks for them again).

use crate::support::fake_server::FakeServer;
use crate::support::floods::{delta_flood, echo, flooded, leaves_on};
use crate::support::pty::{KittyTerminal, PtySession};
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

const KITTY_PUSH: &[u8] = b"\x1b[>3u";
const KITTY_POP: &[u8] = b"\x1b[<1u";
const MODIFY_KEYS_ON: &[u8] = b"\x1b[>4;1f\x1b[>4;1m";
const MODIFY_KEYS_OFF: &[u8] = b"\x1b[>4;0m\x1b[>4f";
const SHIFT_ENTER: &[u8] = b"\x1b[13;2u";
const KITTY_CTRL_C: &[u8] = b"\x1b[99;5u";

fn demo(dir: &Path) -> PtySession {
    demo_sized(dir, (100, 30))
}

fn demo_sized(dir: &Path, size: (u16, u16)) -> PtySession {
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &[("TERN_LOG_DIR", OsString::from(dir))],
        dir,
        size,
    )
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Shift+Enter makes two lines of the draft (nothing sent); Enter sends them as one message.
fn shift_enter_breaks_the_line_and_enter_sends(session: &PtySession) {
    session.send(b"first line");
    session.wait_for_text("first line", WAIT);
    session.send(SHIFT_ENTER);
    session.send(b"second line");
    session.wait_for("two lines in the draft", WAIT, |s| {
        s.lines()
            .any(|l| l.contains("first line") && !l.contains("second line"))
            && s.lines().any(|l| l.contains("second line"))
    });
    assert!(
        !session.screen_text().contains("› first line"),
        "Shift+Enter sent the draft:\n{}",
        session.screen_text()
    );
    session.send(b"\r");
    session.wait_for_text("› first line", WAIT);
}

#[test]
fn with_the_kitty_protocol_shift_enter_is_a_newline_and_the_flags_are_popped_on_exit() {
    let _kitty = KittyTerminal::on();
    let fake = FakeServer::new(&[]);
    let mut session = fake.spawn_tern(&[], (100, 30));
    session.wait_for_text("fake-model", WAIT);
    shift_enter_breaks_the_line_and_enter_sends(&session);
    // Ctrl+C as the kitty protocol spells it climbs the ladder like the plain byte (the turn
    // is interrupted, "again to quit", then tern quits).
    session.quit_with(&KITTY_CTRL_C.repeat(4), WAIT);
    let raw = session.raw_output();
    let push = find(&raw, KITTY_PUSH).expect("the kitty flags were pushed");
    let pop = find(&raw[push..], KITTY_POP).expect("the kitty flags were popped on exit");
    assert!(pop > 0);
    assert!(
        find(&raw, MODIFY_KEYS_ON).is_none(),
        "modifyOtherKeys is not asked of a kitty terminal"
    );
}

#[test]
fn without_it_modify_other_keys_is_asked_for_and_reset_on_exit() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    shift_enter_breaks_the_line_and_enter_sends(&session);
    session.quit_with(b"\x03\x03\x03", WAIT);
    let raw = session.raw_output();
    let on = find(&raw, MODIFY_KEYS_ON).expect("modifyOtherKeys was asked for");
    let off = find(&raw[on..], MODIFY_KEYS_OFF).expect("modifyOtherKeys was reset on exit");
    assert!(off > 0);
    assert!(find(&raw, KITTY_PUSH).is_none());
}

#[test]
fn modify_other_keys_is_reset_on_sigterm() {
    let fake = FakeServer::new(&[]);
    let mut session = fake.spawn_tern(&[], (100, 30));
    session.wait_for_text("fake-model", WAIT);
    let pid = session.pid().expect("tern's pid") as i32;
    // SAFETY: a signal to the process this test started.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    assert_eq!(session.wait_exit_code(WAIT), 128 + libc::SIGTERM as u32);
    let raw = session.raw_output();
    let on = find(&raw, MODIFY_KEYS_ON).expect("modifyOtherKeys was asked for");
    assert!(find(&raw[on..], MODIFY_KEYS_OFF).is_some());
}

#[test]
fn with_the_kitty_protocol_keys_typed_at_startup_reach_the_composer_in_order() {
    let _kitty = KittyTerminal::on();
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.send(b"typed early");
    session.wait_for_text("ready", WAIT);
    session.send(b" then late");
    session.wait_for_text("typed early then late", WAIT);
    session.send(KITTY_CTRL_C);
    session.send(KITTY_CTRL_C);
    session.send(KITTY_CTRL_C);
    assert!(session.wait_exit(WAIT));
}

#[test]
fn with_the_kitty_protocol_a_flood_lets_keys_through_and_ctrl_c_leaves() {
    let _kitty = KittyTerminal::on();
    let (_fake, mut tern) = flooded(vec![delta_flood(None)], "flood word");
    echo(&tern, "zq");
    leaves_on(&mut tern, "kitty-ctrl-c");
    assert!(find(&tern.raw_output(), KITTY_POP).is_some());
}

/// `/doctor` names what the session negotiated with the terminal.
#[test]
fn slash_doctor_names_the_keyboard_mode_negotiated() {
    for kitty in [true, false] {
        let _kitty = kitty.then(KittyTerminal::on);
        let dir = tempfile::tempdir().unwrap();
        // Tall enough for the report's terminal section.
        let mut session = demo_sized(dir.path(), (140, 70));
        session.wait_for_text("ready", WAIT);
        session.send(b"/doctor\r");
        let named = if kitty {
            "kitty protocol"
        } else {
            "modifyOtherKeys asked for"
        };
        session.wait_for_text(named, WAIT);
        session.send(b"\x1b");
        session.quit_with(b"\x03\x03\x03", WAIT);
    }
}

/// Polls the raw output until `needle` appears at or after `from`; its position.
fn wait_raw(session: &PtySession, from: usize, needle: &[u8], what: &str) -> usize {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let raw = session.raw_output();
        if let Some(at) = raw.get(from..).and_then(|tail| find(tail, needle)) {
            return from + at;
        }
        assert!(std::time::Instant::now() < deadline, "never: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits until the process is stopped (`T` in `/proc/PID/stat`): a SIGCONT sent before its
/// stop would be lost, and the stop would last.
fn wait_stopped(pid: u32) {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        if stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('T'))
        {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "tern never stopped");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Ctrl+Z (an empty composer) hands the terminal back with the keyboard modes off, and `fg`
/// (SIGCONT) asks for them again: kitty's flags popped and pushed, modifyOtherKeys reset and
/// asked for.
#[test]
fn a_suspend_resets_the_keyboard_modes_and_the_resume_asks_again() {
    for kitty in [false, true] {
        let _kitty = kitty.then(KittyTerminal::on);
        let (on, off, ctrl_z, ctrl_c): (&[u8], &[u8], &[u8], &[u8]) = if kitty {
            (KITTY_PUSH, KITTY_POP, b"\x1b[122;5u", KITTY_CTRL_C)
        } else {
            (MODIFY_KEYS_ON, MODIFY_KEYS_OFF, b"\x1a", b"\x03")
        };
        let fake = FakeServer::new(&[]);
        let mut session = fake.spawn_tern(&[], (100, 30));
        session.wait_for_text("fake-model", WAIT);
        let asked = wait_raw(&session, 0, on, "the mode asked for at start");
        session.send(ctrl_z);
        let reset = wait_raw(&session, asked + 1, off, "the mode reset on suspend");
        let pid = session.pid().expect("tern's pid");
        wait_stopped(pid);
        // SAFETY: a signal to the process this test started.
        unsafe { libc::kill(pid as i32, libc::SIGCONT) };
        wait_raw(
            &session,
            reset + 1,
            on,
            "the mode asked for again on resume",
        );
        session.quit_with(&ctrl_c.repeat(3), WAIT);
    }
}

/// A panic (the test hook on F12) restores the terminal with the keyboard modes off.
#[test]
fn a_panic_resets_the_keyboard_modes() {
    for kitty in [false, true] {
        let _kitty = kitty.then(KittyTerminal::on);
        let (on, off) = if kitty {
            (KITTY_PUSH, KITTY_POP)
        } else {
            (MODIFY_KEYS_ON, MODIFY_KEYS_OFF)
        };
        let fake = FakeServer::new(&[]);
        let mut env = fake.env();
        env.push(("TERN_TEST_PANIC_ON_F12", OsString::from("1")));
        let mut session = PtySession::spawn(
            crate::support::fake_server::tern_bin(),
            &[],
            &env,
            &fake.work_dir(),
            (100, 30),
        );
        session.wait_for_text("fake-model", WAIT);
        session.send(b"\x1b[24~");
        assert_eq!(session.wait_exit_code(WAIT), 101, "a panic ends with 101");
        let raw = session.raw_output();
        let asked = find(&raw, on).expect("the mode asked for");
        assert!(
            find(&raw[asked..], off).is_some(),
            "the mode reset after the panic (kitty: {kitty})"
        );
    }
}
