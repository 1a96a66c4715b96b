//! An abort in inline mode (`--inline`): the SIGABRT handler clears the live area instead of
//! leaving an alternate screen tern never entered, leaves a full-screen view's alternate screen
//! when one is open, and what was written stays in the terminal's scrollback.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::time::{Duration, Instant};

const START: Duration = Duration::from_secs(30);
/// The live area's clear from its top row (where the cursor is parked between frames),
/// and autowrap back on (the live area is painted with it off).
const CLEAR_LIVE_AREA: &[u8] = b"\r\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8\x1b[?7h";
/// Bracketed paste and focus reporting off, the cursor shown: the handler's last bytes inline.
const INLINE_BACK: &[u8] = b"\x1b[?2004l\x1b[?1004l\x1b[?25h";
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

/// tern inline, one answer written into the scrollback, the abort due `ms` after start.
fn answered_then_aborting() -> (FakeServer, PtySession) {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("m", "an answer written before the abort"),
        step::turn_completed(),
    ]);
    let mut env = fake.env();
    // Room for the turn and the checks on the running tern, on a loaded machine.
    env.push(("TERN_TEST_ABORT_AFTER_MS", OsString::from("6000")));
    let tern = PtySession::spawn(tern_bin(), &["--inline"], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", START);
    assert!(!tern.alternate_screen(), "inline stays on the main screen");
    tern.send(b"hi\r");
    tern.wait_for_text("turn completed", START);
    (fake, tern)
}

/// What the terminal shows after the abort: the answer still once, the live area (the
/// composer's box) gone, the terminal cooked, the cursor shown, the main screen.
fn assert_restored_with_the_conversation(tern: &PtySession) {
    assert!(!tern.alternate_screen(), "on the main screen");
    assert!(!tern.cursor_hidden(), "the cursor is shown again");
    assert!(tern.cooked(), "the terminal is back in cooked mode");
    let lines = tern.scrollback_and_screen();
    let answer = lines
        .iter()
        .filter(|line| line.ends_with("an answer written before the abort"))
        .count();
    assert_eq!(answer, 1, "the answer once:\n{}", lines.join("\n"));
    assert!(
        !lines
            .iter()
            .any(|line| line.contains('╭') || line.contains('╰')),
        "the live area was cleared:\n{}",
        lines.join("\n")
    );
}

#[test]
fn an_abort_inline_clears_the_live_area_and_keeps_the_conversation() {
    let (_fake, mut tern) = answered_then_aborting();
    assert!(!tern.wait_exit(START), "an abort is not a success");
    let raw = tern.raw_output();
    let mut last = CLEAR_LIVE_AREA.to_vec();
    last.extend_from_slice(INLINE_BACK);
    assert!(
        raw.ends_with(&last),
        "the last bytes were {:?}",
        String::from_utf8_lossy(&raw[raw.len().saturating_sub(80)..])
    );
    assert_eq!(
        count(&raw, LEAVE_ALTERNATE_SCREEN),
        0,
        "no alternate screen was left: none was entered"
    );
    assert_restored_with_the_conversation(&tern);
}

#[test]
fn an_abort_inline_with_a_full_screen_view_open_leaves_its_alternate_screen() {
    let (_fake, mut tern) = answered_then_aborting();
    tern.send(b"\x1bOP");
    let deadline = Instant::now() + START;
    while !tern.alternate_screen() {
        assert!(
            Instant::now() < deadline,
            "help never took the alternate screen"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!tern.wait_exit(START), "an abort is not a success");
    let raw = tern.raw_output();
    let mut last = LEAVE_ALTERNATE_SCREEN.to_vec();
    last.extend_from_slice(CLEAR_LIVE_AREA);
    last.extend_from_slice(INLINE_BACK);
    assert!(
        raw.ends_with(&last),
        "the last bytes were {:?}",
        String::from_utf8_lossy(&raw[raw.len().saturating_sub(80)..])
    );
    assert_restored_with_the_conversation(&tern);
}
