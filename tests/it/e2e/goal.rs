//! End to end with codex 0.171 and the mock model: `/goal` sets a goal, the server continues it
//! by itself (a turn tern did not start), the mock calls `update_goal` with status complete,
//! and the goal's status ("goal achieved") is shown.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use serde_json::{json, Value};

/// The continuation's answer: the model calls `update_goal` (one of the goal tools codex
/// gives it, §10) to say the goal is complete.
fn complete_the_goal(n: u64) -> Vec<Value> {
    vec![
        json!({"type": "response.created", "response": {"id": format!("resp_{n}")}}),
        json!({"type": "response.output_item.done", "output_index": 0, "item": {
            "type": "function_call", "id": format!("fc_{n}"), "call_id": format!("goal_{n}"),
            "name": "update_goal", "arguments": json!({"status": "complete"}).to_string()}}),
        json!({"type": "response.completed", "response": {"id": format!("resp_{n}"),
            "usage": {"input_tokens": 100, "input_tokens_details": null, "output_tokens": 5,
            "output_tokens_details": null, "total_tokens": 105}}}),
    ]
}

#[test]
fn a_goal_is_continued_by_the_server_and_completed() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::Events(complete_the_goal),
            MockTurn::text("GOAL-REACHED-REPORT"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/goal Write the release notes");
    tern.wait_for_text("│/goal Write the release notes", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Goal set: Write the release notes", WAIT);
    // The server's own turn streams like any other, then the model marks the goal complete.
    tern.wait_for_text("GOAL-REACHED-REPORT", WAIT);
    tern.wait_for("the goal's completion", WAIT, |s| {
        s.contains("goal achieved")
    });
    let requests = f.mock.requests();
    let first = requests[0].to_string();
    assert!(
        first.contains("Write the release notes"),
        "the continuation names the objective: {}",
        f.context()
    );
    let tools = requests[0]["tools"].to_string();
    assert!(tools.contains("update_goal"), "{tools}");
    // The tool's answer went back to the model: the follow-up carries its output.
    assert!(
        requests
            .iter()
            .any(|r| r.to_string().contains("\"call_id\":\"goal_")),
        "{}",
        f.context()
    );
    // `/goal` alone reads it back from the server.
    tern.send(b"/goal");
    tern.wait_for_text("│/goal", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Goal achieved: Write the release notes", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
