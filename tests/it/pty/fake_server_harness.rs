//! The hostile fake app-server harness itself: tern runs a session against it, the script's
//! messages reach the screen, and the record holds what tern sent.

use crate::support::fake_server::{step, FakeServer};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn tern_runs_a_turn_against_the_fake_server_and_the_record_holds_what_it_sent() {
    let fake = FakeServer::new(&[
        json!({"vars": {"model": "model-from-fake"}}),
        step::wait("turn/start"),
        step::agent_message("msg-1", "answer from the fake server"),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("model-from-fake", WAIT);
    tern.send(b"hello fake\r");
    tern.wait_for_text("answer from the fake server", WAIT);
    let turn = fake.wait_method("turn/start", WAIT);
    assert_eq!(turn["params"]["threadId"], "thr-fake");
    assert_eq!(turn["params"]["input"][0]["text"], "hello fake");
    let sent = fake.recorded();
    assert_eq!(sent[0]["method"], "initialize");
    assert_eq!(sent[1]["method"], "initialized");
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn raw_lines_hex_bytes_stderr_and_exit_are_played_in_order() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        // A line that is not JSON, then a message written as raw text.
        json!({"raw": "this is not json\n"}),
        json!({"raw": "{\"method\":\"item/completed\",\"params\":{\"threadId\":\"thr-fake\",\"turnId\":\"turn-1\",\"item\":{\"type\":\"agentMessage\",\"id\":\"m\",\"text\":\"raw line arrived\"}}}\n"}),
        json!({"hex": "7b7d0a"}),
        json!({"stderr": "fake stderr line\n"}),
        json!({"exit": 3}),
    ]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("raw line arrived", WAIT);
    tern.wait_for_text("exit status: 3", WAIT);
    tern.wait_for_text("last stderr: fake stderr", WAIT);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
}

#[test]
fn an_ignored_initialize_is_never_answered() {
    let fake = FakeServer::new(&[json!({"on": "initialize", "ignore": true})]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    fake.wait_method("initialize", WAIT);
    tern.wait_for_text("connecting", WAIT);
    assert!(
        !fake
            .recorded()
            .iter()
            .any(|m| m["method"] == "thread/start"),
        "no thread is started before initialize is answered"
    );
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
}
