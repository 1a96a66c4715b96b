//! 0.171's `agentMessage.moderation`, which only a scripted server can send (the mock model
//! cannot make codex set it): a hidden answer shows the replacement notice and a blocked one
//! says why; the withheld text never reaches the terminal.

use crate::support::fake_server::{step, FakeServer};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn hidden_and_blocked_answers_never_reach_the_terminal() {
    let moderated = |id: &str, display: serde_json::Value| {
        step::item(
            "completed",
            json!({"type": "agentMessage", "id": id, "text": "WITHHELD-ANSWER-TEXT",
                   "moderation": {"moderated": true, "display": display}}),
        )
    };
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        moderated(
            "m1",
            json!({"mode": "hide", "version": 1, "replacement": {"kind": "wellbeingPromptHelpline"}}),
        ),
        moderated(
            "m2",
            json!({"mode": "block", "version": 1,
                   "reason": {"kind": "protection", "protectionType": "bio"}}),
        ),
        step::agent_message("m3", "An ordinary answer."),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&[], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"tell me\r");
    tern.wait_for_text("An ordinary answer.", WAIT);
    tern.wait_for_text("This answer is hidden.", WAIT);
    tern.wait_for_text("blocked by OpenAI's safety protections (bio)", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let raw = String::from_utf8_lossy(&tern.raw_output()).into_owned();
    assert!(!raw.contains("WITHHELD"), "the withheld text was drawn");
}
