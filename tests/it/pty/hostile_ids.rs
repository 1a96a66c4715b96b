//! Odd request ids from a hostile server: every id is answered with the very id sent (huge,
//! fractional, `null`, strings), and a second request with the id of one still waiting for its
//! answer is refused with an error instead of being answered twice.

use crate::support::fake_server::{step, FakeServer};
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

/// The lines tern sent that answer the request with this id (exact JSON text).
fn answers(fake: &FakeServer, id: &str) -> Vec<String> {
    fake.recorded_lines()
        .into_iter()
        .filter(|l| l.contains(&format!("\"id\":{id},")) && !l.contains("\"method\""))
        .collect()
}

#[test]
fn odd_ids_are_answered_with_the_same_id() {
    let ids = [
        "12345678901234567890",
        "123456789012345678901234567890",
        "1.5",
        "1e400",
        "-0.25",
        "null",
        "\"an id\"",
        "9223372036854775807",
    ];
    let mut steps = vec![step::wait("turn/start")];
    for id in ids {
        steps.push(json!({"raw": format!(
            "{{\"id\":{id},\"method\":\"fake/unknownRequest\",\"params\":{{}}}}\n")}));
    }
    // And a prompt answered by a key.
    steps.push(json!({"raw": "{\"id\":2.5,\"method\":\"item/commandExecution/requestApproval\",\"params\":{\"threadId\":\"thr-fake\",\"turnId\":\"turn-1\",\"itemId\":\"c1\",\"command\":\"ls\",\"cwd\":\"/w\",\"availableDecisions\":[\"accept\",\"cancel\"]}}\n"}));
    let fake = FakeServer::new(&steps);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("Run this command?", WAIT);
    for id in ids {
        fake.wait_recorded(&format!("an answer to id {id}"), WAIT, |l| {
            l.contains(&format!("\"id\":{id},")) && l.contains("\"error\"")
        });
        assert_eq!(answers(&fake, id).len(), 1, "one answer to {id}");
    }
    tern.send(b"y");
    let answer = fake.wait_recorded("the approval's answer", WAIT, |l| {
        l.contains("\"id\":2.5,") && l.contains("result")
    });
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(answer["result"]["decision"], "accept");
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
}

#[test]
fn a_duplicate_id_while_the_first_waits_is_refused_and_the_first_answered_once() {
    let approval = |command: &str| {
        step::request(
            json!(5),
            "item/commandExecution/requestApproval",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": command,
                   "command": command, "cwd": "/w", "availableDecisions": ["accept", "cancel"]}),
        )
    };
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        approval("echo first"),
        approval("echo second"),
        json!({"wait_response": 5}),
    ]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("echo first", WAIT);
    let refusal = fake.wait_recorded("the refusal of the duplicate", WAIT, |l| {
        l.contains("\"id\":5,") && l.contains("duplicate request id")
    });
    assert!(refusal.contains("-32600"), "{refusal}");
    assert!(
        !tern.screen_text().contains("echo second"),
        "the duplicate is not shown as a prompt"
    );
    tern.send(b"y");
    fake.wait_recorded("the answer to the first", WAIT, |l| {
        l.contains("\"id\":5,") && l.contains("accept")
    });
    assert_eq!(answers(&fake, "5").len(), 2, "one refusal and one answer");
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
}
