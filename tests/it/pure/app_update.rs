//! Pure `update` transitions: events in, effects out, no IO and no clock.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, Lifecycle, RequestTag, TurnPhase};
use tern::model::CellKind;
use tern::protocol::{RequestId, ServerRequest};

fn approval_request(id: i64) -> AppEvent {
    let params = json!({
        "kind": "command", "threadId": THREAD, "turnId": "turn-1", "itemId": "call_0",
        "startedAtMs": 0, "environmentId": "local", "reason": "Check the repository state",
        "command": "/bin/bash -lc 'git status --short'", "cwd": "/home/user/project",
        "commandActions": [{"type": "unknown", "command": "git status --short"}],
        "proposedExecpolicyAmendment": ["git", "status"],
        "availableDecisions": ["accept",
            {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}}, "cancel"],
    });
    server_request(id, "item/commandExecution/requestApproval", params)
}

fn agent_message(state: &AppState) -> Option<(String, bool)> {
    state
        .transcript()
        .cells()
        .iter()
        .find_map(|c| match c.kind() {
            CellKind::Agent {
                markdown,
                streaming,
            } => Some((markdown.as_str().to_string(), *streaming)),
            _ => None,
        })
}

#[test]
fn startup_initializes_then_starts_a_thread_in_the_cwd() {
    let now = Instant::now();
    let mut state = tern::app::AppState::new(config());
    let effects = tern::app::update::start(&mut state);
    let Effect::Request(request) = &effects[0] else {
        panic!()
    };
    assert_eq!(request.tag(), RequestTag::Initialize);
    let (method, params) = request_json(&effects[0]).unwrap();
    assert_eq!(method, "initialize");
    assert_eq!(params["clientInfo"]["name"], "tern");
    assert_eq!(params["clientInfo"]["version"], env!("CARGO_PKG_VERSION"));
    let effects = wire(update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    ));
    assert_eq!(
        effects[0],
        Effect::Notify {
            method: "initialized",
            params: None
        }
    );
    assert_eq!(
        request_json(&effects[1]),
        Some(("thread/start", json!({"cwd": "/home/user/project"})))
    );
}

#[test]
fn enter_sends_a_turn_and_a_second_prompt_waits_for_the_first() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "hello", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects.len(), 1);
    assert_eq!(
        request_json(&effects[0]),
        Some((
            "turn/start",
            json!({"threadId": THREAD, "input": [{"type": "text", "text": "hello", "text_elements": []}]})
        ))
    );
    assert!(
        matches!(&effects[0], Effect::Request(r) if r.tag() == RequestTag::StartTurn { prompt: "hello".into() })
    );
    type_text(&mut state, "next", now);
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    assert_eq!(state.queued().len(), 1);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "t1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    let effects = wire(update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "t1", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    assert!(
        matches!(effects.iter().map(request_json).collect::<Vec<_>>().as_slice(), [Some(("turn/start", params))] if params["input"][0]["text"] == "next")
    );
}

#[test]
fn a_request_resolved_elsewhere_drops_its_prompt() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, approval_request(5), now);
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": THREAD, "requestId": 5}),
        ),
        now,
    );
    assert!(state.questions().is_empty());
}

#[test]
fn unknown_server_requests_get_an_error_reply() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = wire(update(
        &mut state,
        AppEvent::ServerRequest {
            id: RequestId::Int(9),
            request: ServerRequest::from_parts("item/tool/unheardOf", json!({})).unwrap(),
        },
        now,
    ));
    assert!(matches!(
        &effects[..],
        [Effect::RespondError {
            id: RequestId::Int(9),
            code: -32601,
            ..
        }]
    ));
}

#[test]
fn other_threads_and_ended_turns_never_reach_the_visible_transcript() {
    let now = Instant::now();
    let mut state = running_state(now);
    let before = state.transcript().len();
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": "sub-agent", "turnId": "x", "item": {"type": "agentMessage", "id": "m", "text": "not ours"}}),
        ),
        now,
    );
    assert_eq!(state.transcript().len(), before);
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "interrupted"}}),
        ),
        now,
    );
    let after_end = state.transcript().len();
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "late", "delta": "late text"}),
        ),
        now,
    );
    assert_eq!(
        state.transcript().len(),
        after_end,
        "a late delta for an ended turn is dropped"
    );
    assert_eq!(*state.turn(), TurnPhase::Idle);
}

#[test]
fn deltas_build_the_message_and_completion_settles_it() {
    let now = Instant::now();
    let mut state = running_state(now);
    for delta in ["Hel", "lo **wor", "ld**"] {
        update(
            &mut state,
            notify(
                "item/agentMessage/delta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "msg_0", "delta": delta}),
            ),
            now,
        );
    }
    let agent = agent_message(&state);
    assert_eq!(agent, Some(("Hello **world**".into(), true)));
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "agentMessage", "id": "msg_0", "text": "Hello **world**!"}}),
        ),
        now,
    );
    let agent = agent_message(&state);
    assert_eq!(agent, Some(("Hello **world**!".into(), false)));
}

#[test]
fn the_echoed_user_message_is_not_shown_twice() {
    let now = Instant::now();
    let mut state = running_state(now);
    let users = |s: &AppState| {
        s.transcript()
            .cells()
            .iter()
            .filter(|c| matches!(c.kind(), CellKind::User { .. }))
            .count()
    };
    assert_eq!(users(&state), 1);
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "userMessage", "id": "u1", "content": [{"type": "text", "text": "hi", "text_elements": []}]}}),
        ),
        now,
    );
    assert_eq!(users(&state), 1);
}

#[test]
fn a_refused_turn_gives_the_prompt_back() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "important words", now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(state.draft_is_empty());
    update(
        &mut state,
        reply(
            RequestTag::StartTurn {
                prompt: "important words".into(),
            },
            Err("boom".into()),
        ),
        now,
    );
    assert_eq!(state.draft(), "important words");
    assert_eq!(*state.turn(), TurnPhase::Idle);
}

#[test]
fn losing_the_server_fails_the_turn_and_open_prompts_but_keeps_the_draft() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, approval_request(1), now);
    type_text(&mut state, "draft", now);
    update(
        &mut state,
        AppEvent::Disconnected("codex app-server stopped (exit status: 1)".into()),
        now,
    );
    assert!(matches!(state.lifecycle(), Lifecycle::Failed(why) if why.contains("exit status: 1")));
    assert!(state.questions().is_empty());
    assert_eq!(*state.turn(), TurnPhase::Idle);
    // What was typed under the prompt went to the draft, and it is kept.
    assert_eq!(state.draft(), "draft");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "nothing is sent to a dead server");
    assert_eq!(state.draft(), "draft");
}

#[test]
fn esc_interrupts_the_running_turn() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert_eq!(
        effects.iter().map(request_json).collect::<Vec<_>>(),
        [Some((
            "turn/interrupt",
            json!({"threadId": THREAD, "turnId": "turn-1"})
        ))]
    );
}

#[test]
fn quit_command_and_unknown_commands() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/nope", now);
    assert!(wire(update(&mut state, key(KeyCode::Enter), now)).is_empty());
    assert_eq!(
        state.draft(),
        "/nope",
        "an unknown command stays to be fixed"
    );
    state.clear_draft();
    type_text(&mut state, "/quit", now);
    assert_eq!(
        wire(update(&mut state, key(KeyCode::Enter), now)),
        [Effect::Quit]
    );
}

#[test]
fn idle_has_no_animation_and_a_running_turn_ticks_once_a_second() {
    let now = Instant::now();
    let state = ready_state(now);
    assert_eq!(state.next_animation(now), None);
    let state = running_state(now);
    assert_eq!(
        state.next_animation(later(now, 200)),
        Some(later(now, 1000))
    );
}
