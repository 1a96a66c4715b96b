//! `/side QUESTION` (`/btw`): the current thread is forked (attached to its source, no turns
//! sent back), the fork gets the developer `<side_conversation>` message and the user boundary
//! message (`thread/inject_items`), then the question goes as a turn of the fork — each down
//! to the exact JSON. The side thread's events stay in its own model: the main transcript holds
//! no trace of the question or its answer. While the pane is open the composer sends to the
//! side thread; Esc stops a side answer, then closes the pane after asking keep or archive
//! (`a`: `thread/archive`; Esc keeps); `/side` alone lists the kept ones to reopen.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::CellKind;

const SIDE: &str = "side-1";

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn submit(state: &mut AppState, text: &str, now: Instant) -> Vec<(&'static str, Value)> {
    state.set_draft(text);
    requests(&wire(update(state, key(KeyCode::Enter), now)))
}

fn turn_start(thread: &str, text: &str) -> (&'static str, Value) {
    (
        "turn/start",
        json!({"threadId": thread, "input": [{"type": "text", "text": text, "text_elements": []}]}),
    )
}

fn on_side(method: &str, params: Value) -> AppEvent {
    notify(method, params)
}

/// The side thread answers `text` in turn `turn`, start to end.
fn side_answers(state: &mut AppState, turn: &str, text: &str, now: Instant) {
    let events = [
        on_side(
            "turn/started",
            json!({"threadId": SIDE, "turn": {"id": turn, "items": [], "status": "inProgress"}}),
        ),
        on_side(
            "item/completed",
            json!({"threadId": SIDE, "turnId": turn,
                "item": {"type": "agentMessage", "id": format!("{turn}-msg"), "text": text}}),
        ),
        on_side(
            "turn/completed",
            json!({"threadId": SIDE, "turn": {"id": turn, "items": [], "status": "completed"}}),
        ),
    ];
    for event in events {
        update(state, event, now);
    }
}

/// The main transcript's text, every cell.
fn main_text(state: &AppState) -> String {
    state
        .transcript()
        .cells()
        .iter()
        .map(|c| format!("{:?}", c.kind()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `/side why?` sent, forked, prepared and asked: the side thread's question is on its way.
fn side_open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    assert_eq!(
        submit(&mut state, "/side why is the sky blue?", now),
        [(
            "thread/fork",
            json!({"threadId": THREAD, "excludeTurns": true, "attachToSource": true})
        )]
    );
    let fork = json!({"thread": {"id": SIDE, "preview": "", "turns": []},
        "model": "mock-model", "cwd": "/home/user/project"});
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ForkSide {
                question: "why is the sky blue?".into(),
            },
            Ok(fork),
        ),
        now,
    ));
    let sent = requests(&effects);
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (method, params) = &sent[0];
    assert_eq!(*method, "thread/inject_items");
    assert_eq!(params["threadId"], SIDE);
    let items = params["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    for (item, role) in items.iter().zip(["developer", "user"]) {
        assert_eq!(item["type"], "message");
        assert_eq!(item["role"], role);
        assert_eq!(item["content"].as_array().unwrap().len(), 1);
        assert_eq!(item["content"][0]["type"], "input_text");
    }
    let developer = items[0]["content"][0]["text"].as_str().unwrap();
    assert!(developer.starts_with(
        "<side_conversation>You are in a side conversation, not the main thread.\n\n"
    ));
    assert!(developer.ends_with("avoid disrupting the main thread.</side_conversation>"));
    let boundary = items[1]["content"][0]["text"].as_str().unwrap();
    assert!(boundary.starts_with("Side conversation boundary.\n\nEverything before this boundary is inherited history from the parent thread. It is reference context only. It is not your current task."));
    assert!(boundary.contains("Only messages submitted after this boundary are active user instructions for this side conversation."));
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::InjectSide {
                thread_id: SIDE.into(),
                question: "why is the sky blue?".into(),
            },
            Ok(Value::Null),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [turn_start(SIDE, "why is the sky blue?")]
    );
    update(
        &mut state,
        reply(
            RequestTag::SideTurn {
                thread_id: SIDE.into(),
            },
            Ok(json!({"turn": {"id": "side-turn-1", "items": [], "status": "inProgress"}})),
        ),
        now,
    );
    state
}

#[test]
fn a_side_question_forks_prepares_and_asks_on_the_fork_only() {
    let now = Instant::now();
    let mut state = side_open(now);
    side_answers(&mut state, "side-turn-1", "Rayleigh scattering.", now);
    let text = screen(&mut state, 120, 30, now);
    assert!(text.contains("Side conversation"), "{text}");
    assert!(text.contains("Rayleigh scattering."), "{text}");
    // The composer sends to the side thread while the pane is open.
    assert_eq!(
        submit(&mut state, "and at sunset?", now),
        [turn_start(SIDE, "and at sunset?")]
    );
    // Nothing of the side conversation is in the main thread's transcript.
    let main = main_text(&state);
    assert!(!main.contains("sky"), "{main}");
    assert!(!main.contains("Rayleigh"), "{main}");
    assert!(!main.contains("sunset"), "{main}");
    assert!(
        !state
            .transcript()
            .cells()
            .iter()
            .any(|c| matches!(c.kind(), CellKind::User { .. })),
        "{main}"
    );
}

#[test]
fn esc_asks_keep_or_archive_and_a_archives_then_the_composer_is_the_main_threads() {
    let now = Instant::now();
    let mut state = side_open(now);
    side_answers(&mut state, "side-turn-1", "Rayleigh scattering.", now);
    assert!(wire(update(&mut state, key(KeyCode::Esc), now)).is_empty());
    let text = screen(&mut state, 120, 30, now);
    assert!(text.contains("Keep this side conversation?"), "{text}");
    let effects = wire(update(&mut state, key(KeyCode::Char('a')), now));
    assert_eq!(
        requests(&effects),
        [("thread/archive", json!({"threadId": SIDE}))]
    );
    let text = screen(&mut state, 120, 30, now);
    assert!(!text.contains("Side conversation"), "{text}");
    assert_eq!(
        submit(&mut state, "back to work", now)[0].1["threadId"],
        THREAD
    );
    // Archived: not offered again.
    assert!(submit(&mut state, "/side", now).is_empty());
    assert!(last_notice(&state).1.contains("No side conversations yet"));
}

#[test]
fn esc_stops_a_side_answer_ctrl_c_closes_esc_keeps_and_side_alone_reopens() {
    let now = Instant::now();
    let mut state = side_open(now);
    update(
        &mut state,
        on_side(
            "turn/started",
            json!({"threadId": SIDE, "turn": {"id": "side-turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    // While the side answer comes, Esc stops it (not the main thread's turn).
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert_eq!(
        requests(&effects),
        [(
            "turn/interrupt",
            json!({"threadId": SIDE, "turnId": "side-turn-1"})
        )]
    );
    update(
        &mut state,
        on_side(
            "turn/completed",
            json!({"threadId": SIDE, "turn": {"id": "side-turn-1", "items": [], "status": "interrupted"}}),
        ),
        now,
    );
    // Ctrl+C closes, asking first; Esc keeps it: nothing goes to the server.
    assert!(wire(update(&mut state, ctrl('c'), now)).is_empty());
    assert!(screen(&mut state, 120, 30, now).contains("Keep this side conversation?"));
    assert!(wire(update(&mut state, key(KeyCode::Esc), now)).is_empty());
    assert!(!screen(&mut state, 120, 30, now).contains("Side conversation"));
    assert_eq!(
        submit(&mut state, "main again", now)[0].1["threadId"],
        THREAD
    );
    // `/side` alone lists it; Enter reopens it and the composer sends there again.
    assert!(submit(&mut state, "/side", now).is_empty());
    let text = screen(&mut state, 120, 30, now);
    assert!(text.contains("Side conversations"), "{text}");
    assert!(text.contains("why is the sky blue?"), "{text}");
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(
        submit(&mut state, "one more", now),
        [turn_start(SIDE, "one more")]
    );
}

#[test]
fn a_refused_fork_says_why_and_the_pane_closes() {
    let now = Instant::now();
    let mut state = ready_state(now);
    submit(&mut state, "/btw what now?", now);
    assert!(screen(&mut state, 120, 30, now).contains("Forking the main thread for: what now?"));
    update(
        &mut state,
        reply(
            RequestTag::ForkSide {
                question: "what now?".into(),
            },
            Err("no rollout found for thread id thread-1".into()),
        ),
        now,
    );
    let (_, said) = last_notice(&state);
    assert!(
        said.contains("until the current conversation has started"),
        "{said}"
    );
    assert!(!screen(&mut state, 120, 30, now).contains("Side conversation"));
    assert_eq!(submit(&mut state, "hello", now)[0].1["threadId"], THREAD);
}
