#![allow(dead_code)] // the pure and screen tests use it; the bench binary includes `support` too
//! Plan mode driven to known states (a thread in Plan mode, a turn that proposed a plan,
//! reasoning streamed), for the transition and screen tests of issue 20.

use super::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::session::request::ModeWanted;

pub const PLAN: &str =
    "# Fix the bug\n\n1. Read `src/lib.rs`\n2. Patch the off-by-one\n3. Run `cargo test`\n";

/// A response to one of tern's requests, as the runtime delivers it.
pub fn answered(
    state: &mut AppState,
    tag: RequestTag,
    result: Value,
    now: Instant,
) -> Vec<tern::app::Effect> {
    wire(update(state, reply(tag, Ok(result)), now))
}

pub fn shift_tab() -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT))
}

pub fn modes() -> Value {
    json!({"data": [
        {"name": "Plan", "mode": "plan", "model": null, "reasoning_effort": "medium"},
        {"name": "Default", "mode": "default", "model": null, "reasoning_effort": null}]})
}

/// A ready thread switched to Plan mode with Shift+Tab, each request answered.
pub fn in_plan_mode(initialize: Value, now: Instant) -> AppState {
    let mut state = started(
        AppState::new(config()),
        initialize,
        json!({"thread": {"id": THREAD, "preview": "", "turns": []},
               "model": "mock-model", "cwd": "/home/user/project"}),
        now,
    );
    update(&mut state, shift_tab(), now);
    answered(
        &mut state,
        RequestTag::ListModes {
            then: ModeWanted::Next,
        },
        modes(),
        now,
    );
    answered(
        &mut state,
        RequestTag::SwitchMode {
            mode: "plan".into(),
            implement: false,
        },
        json!({}),
        now,
    );
    state
}

/// A Plan-mode turn that proposes [`PLAN`], as 0.171 streams it (the plan item's id a UUID).
pub fn plan_turn(state: &mut AppState, now: Instant) {
    plan_turn_with(state, PLAN, now)
}

/// A Plan-mode turn proposing `plan`.
pub fn plan_turn_with(state: &mut AppState, plan: &str, now: Instant) {
    type_text(state, "make a plan", now);
    update(state, key(KeyCode::Enter), now);
    let turn = "turn-1";
    let plan_id = "01a231c6-9dab-7560-83d2-b24faa3e0fca";
    for (method, params) in [
        (
            "turn/started",
            json!({"turn": {"id": turn, "items": [], "status": "inProgress"}}),
        ),
        (
            "item/started",
            json!({"turnId": turn, "item": {"type": "agentMessage", "id": "msg_1", "text": ""}}),
        ),
        (
            "item/agentMessage/delta",
            json!({"turnId": turn, "itemId": "msg_1", "delta": "Here is my plan.\n\n"}),
        ),
        (
            "item/started",
            json!({"turnId": turn, "item": {"type": "plan", "id": plan_id, "text": ""}}),
        ),
        (
            "item/plan/delta",
            json!({"turnId": turn, "itemId": plan_id, "delta": "# Fix the bug\n\n"}),
        ),
        // The rest of the same message, streamed after the plan began (the model's order:
        // preamble, plan, the rest).
        (
            "item/agentMessage/delta",
            json!({"turnId": turn, "itemId": "msg_1", "delta": "\n"}),
        ),
        (
            "item/agentMessage/delta",
            json!({"turnId": turn, "itemId": "msg_1", "delta": "PLAN-DONE"}),
        ),
        (
            "item/completed",
            json!({"turnId": turn, "item": {"type": "plan", "id": plan_id, "text": plan}}),
        ),
        (
            "item/completed",
            json!({"turnId": turn, "item": {"type": "agentMessage", "id": "msg_1", "text": "Here is my plan.\n\n\nPLAN-DONE"}}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": turn, "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(state, notify(method, params), now);
    }
}

/// A reasoning item of turn `turn-1` streamed in two summary parts, with raw text.
pub fn reasoning_events(state: &mut AppState, now: Instant) {
    let turn = "turn-1";
    for (method, params) in [
        (
            "item/started",
            json!({"turnId": turn, "item": {"type": "reasoning", "id": "rs_1", "summary": [], "content": []}}),
        ),
        (
            "item/reasoning/summaryPartAdded",
            json!({"turnId": turn, "itemId": "rs_1", "summaryIndex": 0}),
        ),
        (
            "item/reasoning/summaryTextDelta",
            json!({"turnId": turn, "itemId": "rs_1", "delta": "**Reading the code**\n\nI look at lib.rs first.", "summaryIndex": 0}),
        ),
        (
            "item/reasoning/summaryPartAdded",
            json!({"turnId": turn, "itemId": "rs_1", "summaryIndex": 1}),
        ),
        (
            "item/reasoning/summaryTextDelta",
            json!({"turnId": turn, "itemId": "rs_1", "delta": "**Planning the fix**\n\nOff by one.", "summaryIndex": 1}),
        ),
        (
            "item/reasoning/textDelta",
            json!({"turnId": turn, "itemId": "rs_1", "delta": "raw chain of thought", "contentIndex": 0}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(state, notify(method, params), now);
    }
}
