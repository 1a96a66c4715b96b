//! The real tern against the hostile fake app-server, for issue 20: escape payloads in a
//! proposed plan (streamed and completed), in reasoning summaries and raw reasoning, in a
//! thread name, in a rewound message and in the collaboration modes never reach the terminal,
//! and the plan chooser and the rewind screen still work around them.

use crate::support::fake_server::{leaked, payload, step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const SIZE: (u16, u16) = (110, 36);

fn assert_clean(tern: &PtySession) {
    let found = leaked(&tern.raw_output());
    assert!(
        found.is_empty(),
        "payload bytes reached the terminal: {found:?}\nscreen:\n{}",
        tern.screen_text()
    );
}

#[test]
fn hostile_plans_reasoning_names_and_modes_never_reach_the_terminal() {
    let plan = format!(
        "# Plan {}\n\n1. Step {}\n",
        payload("PLAN"),
        payload("STEP")
    );
    let fake = FakeServer::new(&[
        json!({"on": "collaborationMode/list", "reply": {"data": [
            {"name": payload("MODE"), "mode": "plan", "model": null, "reasoning_effort": "medium"},
            {"name": "Default", "mode": "default", "model": null, "reasoning_effort": null}]}}),
        json!({"on": "thread/settings/update", "reply": {}}),
        // Once the thread started: the folder-trust check before it (issue 32) gets the fake's
        // own answer (none), so nothing is asked.
        step::wait("thread/start"),
        json!({"on": "config/read", "reply": {"config": {"show_raw_agent_reasoning": false}}}),
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "userMessage", "id": "u1",
            "content": [{"type": "text", "text": "plan it please", "text_elements": []}]}),
        ),
        step::item(
            "started",
            json!({"type": "reasoning", "id": "rs_1", "summary": [], "content": []}),
        ),
        step::notify(
            "item/reasoning/summaryTextDelta",
            json!({"threadId": "{{thread}}",
            "turnId": "{{turn}}", "itemId": "rs_1", "summaryIndex": 0,
            "delta": format!("**Think {}**\n\nbody", payload("THINK"))}),
        ),
        step::notify(
            "item/reasoning/textDelta",
            json!({"threadId": "{{thread}}",
            "turnId": "{{turn}}", "itemId": "rs_1", "contentIndex": 0,
            "delta": format!("RAW {}", payload("RAW"))}),
        ),
        step::item(
            "started",
            json!({"type": "agentMessage", "id": "msg_1", "text": ""}),
        ),
        step::item(
            "started",
            json!({"type": "plan", "id": "plan-1", "text": ""}),
        ),
        step::notify(
            "item/plan/delta",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}",
            "itemId": "plan-1", "delta": plan}),
        ),
        step::item(
            "completed",
            json!({"type": "plan", "id": "plan-1", "text": plan}),
        ),
        step::agent_message("msg_1", "PLANNED"),
        step::notify(
            "thread/name/updated",
            json!({"threadId": "{{thread}}",
            "threadName": payload("NAME")}),
        ),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"\x1b[Z");
    tern.wait_for_text("Plan mode (Shift+Tab)", WAIT);
    tern.send(format!("plan it {}\r", "please").as_bytes());
    tern.wait_for_text("Implement this plan?", WAIT);
    tern.wait_for_text("<PLAN", WAIT);
    tern.wait_for_text("Thinking: Think <THINK", WAIT);
    assert!(
        !tern.screen_text().contains("RAW"),
        "raw reasoning hidden unless asked"
    );
    assert_clean(&tern);
    // Stay in Plan mode, then rewind to the (only) message.
    tern.send(b"3");
    tern.wait_for_text("Staying in Plan mode", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Esc again to rewind", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Rewind to before a message", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Rewind: what it does", WAIT);
    assert_clean(&tern);
    tern.send(b"\x1b");
    tern.send(b"\x1b");
    tern.wait_for("the rewind screen to close", WAIT, |s| {
        !s.contains("Rewind to before a message")
    });
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
    assert_clean(&tern);
}
