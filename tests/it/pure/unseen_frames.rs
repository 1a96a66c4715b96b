//! Frames only for what shows: an event of a thread kept but not shown (a sub-agent streaming,
//! another client's thread) asks for no frame unless it changed something on screen — the agents
//! strip (an agent starting, finishing), a notice, a question — while every event of the shown
//! thread asks for one. Counted in `Effect::Redraw`, which is all the runtime's frame request is.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::agents::AgentState;
use tern::session::state::threads::KEPT_THREADS;

const KID: &str = "kid-1";

fn asks_frame(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::Redraw))
}

fn kid_started(turn: &str) -> AppEvent {
    notify(
        "turn/started",
        json!({"threadId": KID, "turn": {"id": turn, "rootTurnId": "turn-1", "items": [],
               "status": "inProgress"}}),
    )
}

fn kid_delta(text: &str) -> AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": KID, "turnId": "kt", "itemId": "m", "delta": text}),
    )
}

fn kid_completed() -> AppEvent {
    notify(
        "turn/completed",
        json!({"threadId": KID, "turn": {"id": "kt", "items": [], "status": "completed",
               "error": null, "durationMs": 5}}),
    )
}

/// The parent's turn running, with one sub-agent at work in it.
fn parent_with_running_kid(now: Instant) -> AppState {
    let mut state = running_state(now);
    let effects = update(&mut state, kid_started("kt"), now);
    assert!(
        asks_frame(&effects),
        "an agent appearing in the strip is drawn"
    );
    assert_eq!(state.agent(KID).map(|a| a.state), Some(AgentState::Running));
    state
}

#[test]
fn a_background_childs_deltas_ask_for_no_frame_but_its_turns_end_does() {
    let now = Instant::now();
    let mut state = parent_with_running_kid(now);
    for event in [
        notify(
            "item/started",
            json!({"threadId": KID, "turnId": "kt",
                   "item": {"type": "agentMessage", "id": "m", "text": ""}}),
        ),
        kid_delta("working "),
        kid_delta("on it"),
        notify(
            "thread/tokenUsage/updated",
            json!({"threadId": KID, "turnId": "kt", "tokenUsage": {
                "total": {"totalTokens": 10, "inputTokens": 5, "cachedInputTokens": 0,
                          "outputTokens": 5, "reasoningOutputTokens": 0},
                "last": {"totalTokens": 10, "inputTokens": 5, "cachedInputTokens": 0,
                         "outputTokens": 5, "reasoningOutputTokens": 0},
                "modelContextWindow": null}}),
        ),
        notify(
            "item/completed",
            json!({"threadId": KID, "turnId": "kt", "item": {"type": "reasoning", "id": "r",
                   "summary": ["thinking"], "content": []}}),
        ),
    ] {
        let what = format!("{event:?}");
        let effects = update(&mut state, event, now);
        assert!(!asks_frame(&effects), "{what} asked for {effects:?}");
    }
    // Its finished message is its result, which its spawn's cell in the parent shows.
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": KID, "turnId": "kt",
                   "item": {"type": "agentMessage", "id": "m", "text": "working on it"}}),
        ),
        now,
    );
    // The kid's text went to its own model, not nowhere.
    assert_eq!(
        state.agent(KID).unwrap().result.as_deref(),
        Some("working on it")
    );
    // Its end changes its mark in the strip.
    let effects = update(&mut state, kid_completed(), now);
    assert!(asks_frame(&effects), "the end of a kid's turn is drawn");
    assert_eq!(
        state.agent(KID).map(|a| a.state),
        Some(AgentState::Completed)
    );
    // And a new turn of it (the strip says it works again).
    let effects = update(&mut state, kid_started("kt2"), now);
    assert!(asks_frame(&effects), "a kid's next turn is drawn");
}

#[test]
fn every_event_of_the_shown_thread_asks_for_a_frame() {
    let now = Instant::now();
    let mut state = parent_with_running_kid(now);
    for delta in ["parent ", "words"] {
        let effects = update(
            &mut state,
            notify(
                "item/agentMessage/delta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "pm", "delta": delta}),
            ),
            now,
        );
        assert!(
            asks_frame(&effects),
            "the shown thread's delta was not drawn"
        );
    }
}

#[test]
fn a_shown_kid_is_drawn_and_the_hidden_parent_is_not() {
    let now = Instant::now();
    let mut state = parent_with_running_kid(now);
    tern::session::switch::show_thread(&mut state.session, KID);
    assert_eq!(state.thread_id(), Some(KID));
    let effects = update(&mut state, kid_delta("now on screen"), now);
    assert!(
        asks_frame(&effects),
        "the watched kid's delta was not drawn"
    );
    let effects = update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "pm", "delta": "aside"}),
        ),
        now,
    );
    assert!(
        !asks_frame(&effects),
        "the parent aside asked for {effects:?}"
    );
}

#[test]
fn with_the_agents_list_open_a_kids_live_line_is_drawn() {
    let now = Instant::now();
    let mut state = parent_with_running_kid(now);
    type_text(&mut state, "/agents", now);
    update(&mut state, key(crossterm::event::KeyCode::Enter), now);
    assert!(
        !state.person_layers().is_empty(),
        "/agents opened no list: {:?}",
        state.person_layers()
    );
    // The list shows each agent's last line as it writes it.
    let effects = update(&mut state, kid_delta("a line the list shows"), now);
    assert!(asks_frame(&effects), "the open list was not redrawn");
}

#[test]
fn a_kids_question_asks_for_a_frame() {
    let now = Instant::now();
    let mut state = parent_with_running_kid(now);
    let effects = update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": KID, "turnId": "kt", "itemId": "cc", "command": "rm -rf build",
                   "availableDecisions": ["accept", "cancel"]}),
        ),
        now,
    );
    assert_eq!(state.questions().len(), 1);
    assert!(asks_frame(&effects), "the kid's question was not drawn");
}

#[test]
fn another_clients_threads_stream_unseen_until_one_is_let_go_with_a_notice() {
    let now = Instant::now();
    let mut state = running_state(now);
    for n in 0..KEPT_THREADS {
        let started = json!({"threadId": format!("other-{n}"),
                             "turn": {"id": format!("t-{n}"), "items": [], "status": "inProgress"}});
        let effects = update(&mut state, notify("turn/started", started), now);
        assert!(!asks_frame(&effects), "thread {n} asked for {effects:?}");
        let delta = json!({"threadId": format!("other-{n}"), "turnId": format!("t-{n}"),
                           "itemId": "m", "delta": "not ours"});
        let effects = update(&mut state, notify("item/agentMessage/delta", delta), now);
        assert!(
            !asks_frame(&effects),
            "thread {n}'s delta asked for {effects:?}"
        );
    }
    // One more than are kept: the oldest is let go, and the shown transcript says so.
    let started = json!({"threadId": "one-too-many",
                         "turn": {"id": "t", "items": [], "status": "inProgress"}});
    let effects = update(&mut state, notify("turn/started", started), now);
    assert!(asks_frame(&effects), "the notice was not drawn");
}
