//! A panic outside the loop's own code — in a task spawned on its runtime, which tokio catches,
//! or on a thread of the blocking pool — ends tern as a panic in the loop does: the terminal
//! restored, the unsent text printed after it, status 101. Before, the hook gave the terminal
//! back while tern went on running. Triggered by the debug-only test hook
//! `TERN_TEST_PANIC_ON_F12=task|blocking`.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty;
use serde_json::json;
use std::ffi::OsString;
use std::time::Duration;

const START: Duration = Duration::from_secs(30);
const F12: &[u8] = b"\x1b[24~";

fn a_panic_at(place: &str) {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::notify(
            "turn/started",
            json!({"threadId": "{{thread}}", "turn": {"id": "{{turn}}", "items": [],
                   "status": "inProgress"}}),
        ),
    ]);
    let mut env = fake.env();
    env.push(("TERN_TEST_PANIC_ON_F12", OsString::from(place)));
    let mut tern = pty::PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", START);
    tern.send(b"first prompt\r");
    fake.wait_method("turn/start", START);
    tern.wait_for_text("Esc interrupt", START);
    tern.send(b"draft words");
    tern.wait_for_text("draft words", START);
    tern.send(F12);
    assert_eq!(tern.wait_exit_code(START), 101, "a panic ends with 101");
    let out = String::from_utf8_lossy(&tern.raw_output()).into_owned();
    let restored = out.rfind("\x1b[?1049l").expect("the main screen back");
    let after = &out[restored..];
    for text in ["── not sent ──", "draft words", "a panic on purpose"] {
        assert!(
            after.contains(text),
            "{text:?} not printed after the screen:\n{after}"
        );
    }
    assert!(tern.cooked(), "the terminal was left in raw mode");
    assert!(!tern.alternate_screen());
}

#[test]
fn a_panic_in_a_spawned_task_ends_tern_with_the_draft_printed() {
    a_panic_at("task");
}

#[test]
fn a_panic_on_a_blocking_thread_ends_tern_with_the_draft_printed() {
    a_panic_at("blocking");
}
