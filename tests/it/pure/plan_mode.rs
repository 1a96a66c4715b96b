//! Plan mode (issue 20): the mode switch and its refusal during a turn, the "Implement this
//! plan?" chooser under the type-ahead gate with each of its three options (the whole request
//! sequence of "clear context") — down to the exact JSON sent.

use crate::support::common::*;
use crate::support::plan_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, Effect, RequestTag};
use tern::model::{CellKind, QuestionSubject};
use tern::session::plan_mode::{self, REFUSED_WHILE_RUNNING};
use tern::session::request::{ModeWanted, NewThreadPurpose};

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn plan_mode_switch(mode: &str, effort: Value) -> Value {
    json!({"threadId": THREAD, "collaborationMode": {"mode": mode, "settings": {
        "model": "mock-model", "reasoning_effort": effort, "developer_instructions": null}}})
}

#[test]
fn shift_tab_asks_for_the_modes_then_switches_and_the_next_turn_runs_in_plan_mode() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = wire(update(&mut state, shift_tab(), now));
    assert_eq!(requests(&effects), [("collaborationMode/list", json!({}))]);
    let effects = answered(
        &mut state,
        RequestTag::ListModes {
            then: ModeWanted::Next,
        },
        modes(),
        now,
    );
    assert_eq!(
        requests(&effects),
        [(
            "thread/settings/update",
            plan_mode_switch("plan", json!("medium"))
        )]
    );
    assert!(
        !plan_mode::in_plan_mode(&state.session),
        "not before the server says so"
    );
    // No `thread/settings/updated` comes when nothing changed: the empty answer is enough.
    answered(
        &mut state,
        RequestTag::SwitchMode {
            mode: "plan".into(),
            implement: false,
        },
        json!({}),
        now,
    );
    assert!(plan_mode::in_plan_mode(&state.session));
    assert!(screen(&mut state, 100, 24, now).contains("Plan mode (Shift+Tab)"));
    type_text(&mut state, "hi", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [(
            "turn/start",
            json!({"threadId": THREAD,
                   "input": [{"type": "text", "text": "hi", "text_elements": []}],
                   "effort": "medium",
                   "collaborationMode": {"mode": "plan", "settings": {"model": "mock-model",
                       "reasoning_effort": "medium", "developer_instructions": null}}})
        )]
    );
    // Shift+Tab again: back to the default mode (the modes are known now).
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD,
        "turn": {"id": "t", "items": [], "status": "completed"}}),
        ),
        now,
    );
    let effects = wire(update(&mut state, shift_tab(), now));
    assert_eq!(
        requests(&effects),
        [(
            "thread/settings/update",
            plan_mode_switch("default", Value::Null)
        )]
    );
}

#[test]
fn a_switch_while_a_turn_runs_is_refused_with_one_line() {
    let now = Instant::now();
    let mut state = running_state(now);
    assert!(wire(update(&mut state, shift_tab(), now)).is_empty());
    assert_eq!(last_notice(&state).1, REFUSED_WHILE_RUNNING);
    type_text(&mut state, "/plan", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    // The same refusal again is counted on its one line (issue 18's repeated notices).
    assert_eq!(
        last_notice(&state).1,
        format!("{REFUSED_WHILE_RUNNING} (×2)")
    );
}

#[test]
fn the_mode_follows_thread_settings_updated_from_any_client() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let settings = |mode: &str| {
        json!({"threadId": THREAD, "threadSettings": {"model": "mock-model", "effort": "medium",
            "collaborationMode": {"mode": mode, "settings": {"model": "mock-model",
                "reasoning_effort": "medium", "developer_instructions": "# Plan Mode"}}}})
    };
    update(
        &mut state,
        notify("thread/settings/updated", settings("plan")),
        now,
    );
    assert!(plan_mode::in_plan_mode(&state.session));
    update(
        &mut state,
        notify("thread/settings/updated", settings("default")),
        now,
    );
    assert!(!plan_mode::in_plan_mode(&state.session));
}

#[test]
fn a_plan_turn_shows_the_proposed_plan_and_asks_what_now() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    let plan_cell = state
        .transcript()
        .cells()
        .iter()
        .find_map(|c| match c.kind() {
            CellKind::ProposedPlan {
                markdown,
                streaming,
            } => Some((markdown.clone(), *streaming)),
            _ => None,
        });
    assert_eq!(plan_cell, Some((PLAN.to_string(), false)));
    let front = state.front_question().expect("the chooser");
    assert!(matches!(
        front.question.subject,
        QuestionSubject::ImplementPlan { .. }
    ));
    let text = screen(&mut state, 100, 30, read(now));
    assert!(text.contains("Implement this plan?"), "{text}");
    assert!(text.contains("Yes, clear context and implement"), "{text}");
}

#[test]
fn option_one_switches_to_the_default_mode_then_sends_implement_the_plan() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    let at = read(now);
    let effects = press(&mut state, KeyCode::Char('1'), at);
    assert_eq!(
        requests(&effects),
        [(
            "thread/settings/update",
            plan_mode_switch("default", Value::Null)
        )]
    );
    assert!(state.questions().is_empty());
    let effects = answered(
        &mut state,
        RequestTag::SwitchMode {
            mode: "default".into(),
            implement: true,
        },
        json!({}),
        at,
    );
    assert_eq!(
        requests(&effects),
        [(
            "turn/start",
            json!({"threadId": THREAD,
                   "input": [{"type": "text", "text": "Implement the plan.", "text_elements": []}],
                   "collaborationMode": {"mode": "default", "settings": {"model": "mock-model",
                       "reasoning_effort": null, "developer_instructions": null}}})
        )]
    );
    assert!(!plan_mode::in_plan_mode(&state.session));
}

#[test]
fn option_two_sends_the_whole_clear_context_sequence() {
    let now = Instant::now();
    let mut state = in_plan_mode(
        json!({"userAgent": "x", "codexHome": "/home/user/.codex"}),
        now,
    );
    plan_turn(&mut state, now);
    let at = read(now);
    let effects = press(&mut state, KeyCode::Char('2'), at);
    assert_eq!(
        requests(&effects),
        [(
            "thread/start",
            json!({"cwd": "/home/user/project", "historyMode": "paginated",
                   "sessionStartSource": "clear", "threadSource": "user"})
        )]
    );
    let effects = answered(
        &mut state,
        RequestTag::StartThreadFor(NewThreadPurpose::ClearContext),
        json!({"thread": {"id": "thread-2", "preview": "", "turns": []},
               "model": "mock-model", "cwd": "/home/user/project"}),
        at,
    );
    let dir = "/home/user/.codex/attachments/thread-2";
    assert_eq!(
        requests(&effects),
        [(
            "fs/createDirectory",
            json!({"path": dir, "recursive": true})
        )]
    );
    assert_eq!(state.thread_id(), Some("thread-2"));
    assert!(!plan_mode::in_plan_mode(&state.session));
    let effects = answered(&mut state, RequestTag::PlanAttachmentFolder, json!({}), at);
    let path = format!("{dir}/approved-plan.md");
    use base64::Engine;
    let data = base64::engine::general_purpose::STANDARD.encode(PLAN);
    assert_eq!(
        requests(&effects),
        [("fs/writeFile", json!({"path": path, "dataBase64": data}))]
    );
    let effects = answered(
        &mut state,
        RequestTag::PlanAttachmentFile { path: path.clone() },
        json!({}),
        at,
    );
    assert_eq!(
        requests(&effects),
        [(
            "thread/prepareApprovedPlan",
            json!({"threadId": "thread-2", "markdown": PLAN, "attachmentPath": path})
        )]
    );
    let prompt = format!("Read the approved plan at {path} and implement it.");
    let effects = answered(
        &mut state,
        RequestTag::PrepareApprovedPlan,
        json!({"prompt": prompt}),
        at,
    );
    assert_eq!(
        requests(&effects),
        [
            ("thread/unsubscribe", json!({"threadId": THREAD})),
            (
                "turn/start",
                json!({"threadId": "thread-2",
                       "input": [{"type": "text", "text": prompt, "text_elements": []}],
                       "collaborationMode": {"mode": "default", "settings": {"model": "mock-model",
                           "reasoning_effort": null, "developer_instructions": null}}})
            ),
        ]
    );
}

#[test]
fn option_two_without_a_codex_home_lets_the_server_carry_the_plan() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    let at = read(now);
    press(&mut state, KeyCode::Char('2'), at);
    let effects = answered(
        &mut state,
        RequestTag::StartThreadFor(NewThreadPurpose::ClearContext),
        json!({"thread": {"id": "thread-2", "preview": "", "turns": []}, "model": "mock-model"}),
        at,
    );
    assert_eq!(
        requests(&effects),
        [(
            "thread/prepareApprovedPlan",
            json!({"threadId": "thread-2", "markdown": PLAN})
        )]
    );
}

#[test]
fn option_three_and_esc_send_nothing_and_stay_in_plan_mode() {
    for answer in [KeyCode::Char('3'), KeyCode::Esc] {
        let now = Instant::now();
        let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
        plan_turn(&mut state, now);
        let effects = press(&mut state, answer, read(now));
        assert!(requests(&effects).is_empty(), "{answer:?}: {effects:?}");
        assert!(state.questions().is_empty());
        assert!(plan_mode::in_plan_mode(&state.session));
    }
}

#[test]
fn keys_typed_as_the_chooser_appears_go_to_the_draft() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    // Typing on: the chooser is not live yet, so `2` is text, not "clear context".
    let effects = press(&mut state, KeyCode::Char('2'), later(now, 100));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    assert_eq!(state.draft(), "2");
    assert!(!state.questions().is_empty(), "still asking");
}

#[test]
fn ctrl_c_closes_the_chooser_without_answering_the_server() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    let effects = wire(update(&mut state, ctrl('c'), read(now)));
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Respond { .. })),
        "tern's own question has nobody to answer: {effects:?}"
    );
    assert!(state.questions().is_empty());
}

/// The transcript's cells in order, each as a short label.
fn cell_order(state: &tern::app::AppState) -> Vec<String> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|cell| match cell.kind() {
            CellKind::User { text } => Some(format!("you: {text}")),
            CellKind::Agent { markdown, .. } => Some(format!("agent: {}", markdown.as_str())),
            CellKind::ProposedPlan { .. } => Some("plan".into()),
            _ => None,
        })
        .collect()
}

/// The model wrote a preamble, the plan, then more: the server streams the preamble, lifts the
/// plan into its own item, streams the rest of the same message and completes it whole. The
/// transcript keeps the model's order (it once put the plan above the whole message, so the
/// preamble read after the plan), and the completed text does not repeat the preamble below.
#[test]
fn a_plans_preamble_stays_above_it_and_the_rest_goes_below() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    assert_eq!(
        cell_order(&state),
        [
            "you: make a plan",
            "agent: Here is my plan.\n\n",
            "plan",
            "agent: PLAN-DONE",
        ]
    );
}

/// Only the completed message after the plan (no delta of the rest): its text beyond the
/// preamble goes below the plan; a completed text that does not start with the preamble
/// stays whole where the message began.
#[test]
fn a_completed_message_around_a_plan_is_split_at_the_preamble() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    type_text(&mut state, "make a plan", now);
    update(&mut state, key(KeyCode::Enter), now);
    let events = |text: &str| {
        [
            (
                "turn/started",
                json!({"turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            (
                "item/started",
                json!({"turnId": "turn-1", "item": {"type": "agentMessage", "id": "m", "text": ""}}),
            ),
            (
                "item/agentMessage/delta",
                json!({"turnId": "turn-1", "itemId": "m", "delta": "First.\n"}),
            ),
            (
                "item/started",
                json!({"turnId": "turn-1", "item": {"type": "plan", "id": "p", "text": ""}}),
            ),
            (
                "item/completed",
                json!({"turnId": "turn-1", "item": {"type": "plan", "id": "p", "text": "# P\n"}}),
            ),
            (
                "item/completed",
                json!({"turnId": "turn-1", "item": {"type": "agentMessage", "id": "m", "text": text}}),
            ),
        ]
    };
    for (method, mut params) in events("First.\n\nAfter.") {
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    assert_eq!(
        cell_order(&state),
        [
            "you: make a plan",
            "agent: First.\n",
            "plan",
            "agent: After."
        ]
    );

    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    type_text(&mut state, "make a plan", now);
    update(&mut state, key(KeyCode::Enter), now);
    for (method, mut params) in events("Rewritten whole.") {
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    assert_eq!(
        cell_order(&state),
        ["you: make a plan", "agent: Rewritten whole.", "plan"]
    );
}
