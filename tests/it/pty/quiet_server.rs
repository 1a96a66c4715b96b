//! The real tern against the fake app-server: a server quiet for seconds during a turn but
//! answering tern's check is waited for, with no restart offer; one that leaves the check
//! unanswered (wedged: its process runs, its requests go nowhere) gets the server-down box.
//! Health deadlines are shortened: a check after half a second of silence, a second to answer.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty::PtySession;
use serde_json::json;
use std::cell::RefCell;
use std::ffi::OsString;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn spawn(fake: &FakeServer) -> PtySession {
    let mut env = fake.env();
    env.push(("TERN_SILENCE_TIMEOUT_MS", OsString::from("500")));
    env.push(("TERN_PROBE_TIMEOUT_MS", OsString::from("1000")));
    PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (110, 30))
}

fn checks_sent(fake: &FakeServer) -> usize {
    fake.recorded()
        .iter()
        .filter(|m| m["method"] == "thread/loaded/list")
        .count()
}

#[test]
fn a_server_quiet_for_seconds_but_answering_is_waited_for() {
    // Four seconds of silence after turn/start: eight silence deadlines. The fake answers the
    // check with "method not found" — an answer all the same.
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        json!({"sleep_ms": 4000}),
        step::agent_message("msg-1", "QUIET-BUT-ALIVE"),
        step::turn_completed(),
    ]);
    let mut tern = spawn(&fake);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    let offered = RefCell::new(None::<String>);
    tern.wait_for(
        "the answer, with no restart offer on the way",
        WAIT,
        |screen| {
            if screen.contains("restart") && offered.borrow().is_none() {
                *offered.borrow_mut() = Some(screen.to_string());
            }
            screen.contains("QUIET-BUT-ALIVE")
        },
    );
    if let Some(screen) = offered.take() {
        panic!("a restart was offered for a server that answers:\n{screen}");
    }
    assert!(checks_sent(&fake) >= 2, "checks: {}", checks_sent(&fake));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_wedged_server_that_leaves_the_check_unanswered_gets_the_box() {
    let fake = FakeServer::new(&[
        json!({"on": "thread/loaded/list", "ignore": true}),
        step::wait("turn/start"),
        json!({"hang": true}),
    ]);
    let mut tern = spawn(&fake);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("left a status request unanswered", WAIT);
    tern.wait_for_text("codex app-server does not answer", WAIT);
    tern.wait_for_text("Ctrl+R restart", WAIT);
    // The hint bar and Ctrl+C agree: the turn is interrupted first.
    tern.wait_for_text("Ctrl+C interrupt", WAIT);
    assert_eq!(checks_sent(&fake), 1);
    tern.send(b"\x03");
    fake.wait_method("turn/interrupt", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
