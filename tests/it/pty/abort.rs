//! An abort (what running out of memory under a cap does) runs no Rust code, yet the terminal
//! comes back: the real tern binary in a pseudo-terminal aborts through its test hook
//! (`TERN_TEST_ABORT_AFTER_MS`), or for real under `ulimit -v` against an endless flood, and
//! the terminal must get the restoring bytes and be back in cooked mode.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty;
use std::ffi::OsString;
use std::time::Duration;

const START: Duration = Duration::from_secs(30);

/// What tern's SIGABRT handler writes last: bracketed paste and focus reporting off, the main
/// screen back, the cursor shown.
const SCREEN_BACK: &[u8] = b"\x1b[?2004l\x1b[?1004l\x1b[?1049l\x1b[?25h";
const MOUSE_OFF: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

#[test]
fn an_abort_leaves_the_terminal_restored() {
    let fake = FakeServer::new(&[step::wait("turn/start")]);
    let mut env = fake.env();
    // Room for the first screen and the checks on the running tern below, on a loaded
    // machine with other tests' processes beside it (1.5 s left little of it).
    env.push(("TERN_TEST_ABORT_AFTER_MS", OsString::from("3000")));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", START);
    assert!(!tern.cooked(), "tern runs the terminal raw");
    assert!(tern.alternate_screen());
    assert!(!tern.wait_exit(START), "an abort is not a success");
    let raw = tern.raw_output();
    let mut restore = MOUSE_OFF.to_vec();
    restore.extend_from_slice(SCREEN_BACK);
    assert!(
        raw.ends_with(&restore),
        "the last bytes were {:?}",
        String::from_utf8_lossy(&raw[raw.len().saturating_sub(80)..])
    );
    assert!(
        !tern.alternate_screen(),
        "the alternate screen was not left"
    );
    assert!(!tern.cursor_hidden(), "the cursor is still hidden");
    assert!(tern.cooked(), "the terminal was left in raw mode");
}

/// The same, for real: tern under a memory cap (`ulimit -v`) reads a line of 60 MB, under its
/// limit for one line but over what the cap leaves it, and the allocation failure's abort must
/// leave the terminal as it found it. (An endless stream of deltas no longer does it: the
/// transcript keeps within its budget.)
#[test]
fn running_out_of_memory_under_a_cap_leaves_the_terminal_restored() {
    let chunk = "x".repeat(1 << 20);
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        serde_json::json!({"raw": "{\"method\":\"warning\",\"params\":{\"message\":\""}),
        serde_json::json!({"flood_raw": chunk, "count": 60}),
        serde_json::json!({"raw": "\"}}\n"}),
        serde_json::json!({"hang": true}),
    ]);
    let capped = format!("ulimit -v {} && exec \"$0\"", CAP_KB);
    let sh = std::path::Path::new("/bin/sh");
    let tern_path = tern_bin().to_str().expect("a UTF-8 path");
    let mut tern = pty::PtySession::spawn(
        sh,
        &["-c", &capped, tern_path],
        &fake.env(),
        &fake.work_dir(),
        (100, 30),
    );
    tern.wait_for_text("fake-model", START);
    tern.send(b"go\r");
    assert!(
        !tern.wait_exit(MEMORY_GUARD),
        "running out of memory is not a success"
    );
    let raw = tern.raw_output();
    assert!(
        raw.windows(20).any(|w| w == b"memory allocation of"),
        "tern ended otherwise than by an allocation failing"
    );
    // Checked on the terminal's state, not the last bytes: which allocation fails first under
    // the cap varies, and so does what is printed around it.
    assert!(!tern.cursor_hidden(), "the cursor is still hidden");
    assert!(
        !tern.alternate_screen(),
        "the alternate screen was not left"
    );
    assert!(tern.cooked(), "the terminal was left in raw mode");
}

/// Address space for tern: room to start (about 230 MB: thread stacks and allocator arenas
/// are reserved up front), and a little to grow in.
const CAP_KB: u64 = 320 << 10;
/// A hang guard: filling the cap takes seconds.
const MEMORY_GUARD: Duration = Duration::from_secs(120);
