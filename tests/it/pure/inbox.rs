//! The inbox (Ctrl+T, `/inbox`): every waiting question, oldest first; letters answer the
//! selected one after the typing pause (the same confirmations, the exact JSON, the request id
//! a reconnect gave it); Enter opens it whole, read before it takes keys; a question settled
//! elsewhere leaves it with words that say so.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::protocol::RequestId;

fn command(thread: &str, item: &str, command: &str) -> Value {
    json!({"threadId": thread, "turnId": "turn-9", "itemId": item, "command": command,
           "cwd": "/home/user/project",
           "availableDecisions": ["accept", "acceptForSession", "decline", "cancel"]})
}

fn ask(state: &mut AppState, id: i64, thread: &str, item: &str, what: &str, at: Instant) {
    update(
        state,
        server_request(
            id,
            "item/commandExecution/requestApproval",
            command(thread, item, what),
        ),
        at,
    );
}

/// A ready thread, and two questions of other threads waiting in the inbox: `make` (id 4,
/// asked first) and `make test` (id 5).
fn two_waiting(now: Instant) -> AppState {
    let mut state = ready_state(now);
    ask(&mut state, 4, "thread-a", "c1", "make", now);
    ask(
        &mut state,
        5,
        "thread-b",
        "c2",
        "make test",
        later(now, 1000),
    );
    assert!(state.front_question().is_none());
    state
}

fn inbox_open(state: &AppState) -> bool {
    matches!(state.layers.person.last(), Some(Layer::Inbox(_)))
}

fn ids(state: &AppState) -> Vec<RequestId> {
    state
        .questions()
        .waiting()
        .iter()
        .map(|q| q.question.id.clone())
        .collect()
}

#[test]
fn ctrl_t_lists_every_waiting_question_oldest_first_with_its_thread_and_age() {
    let now = Instant::now();
    let mut state = two_waiting(now);
    let at = later(now, 61_000);
    update(&mut state, ctrl('t'), at);
    assert!(inbox_open(&state));
    let shown = screen(&mut state, 110, 30, at);
    let make = shown.find("run `make`").expect(&shown);
    let make_test = shown.find("run `make test`").expect(&shown);
    assert!(make < make_test, "oldest first:\n{shown}");
    assert!(shown.contains("1m thread-a"), "{shown}");
    assert!(shown.contains("Inbox: 2 waiting"), "{shown}");
    // The selected question whole, as the question draws it, with its answers.
    assert!(shown.contains("Run this command?"), "{shown}");
}

#[test]
fn a_letter_answers_the_selected_question_after_the_pause_with_its_exact_json() {
    let now = Instant::now();
    let mut state = two_waiting(now);
    update(&mut state, ctrl('t'), now);
    // Typed at once: refused whole, nothing answered.
    assert!(press(&mut state, KeyCode::Char('y'), later(now, 50)).is_empty());
    assert_eq!(ids(&state).len(), 2);
    // After the pause: ↓ to the second, `y` answers it.
    let at = read(later(now, 50));
    press(&mut state, KeyCode::Down, at);
    let effects = press(&mut state, KeyCode::Char('y'), later(at, 300));
    assert_eq!(effects, answer(5, json!("accept")));
    assert_eq!(ids(&state), [RequestId::Int(4)]);
    assert!(inbox_open(&state), "the inbox stays for the rest");
    assert!(
        last_notice(&state).1.contains("thread-b"),
        "{:?}",
        last_notice(&state)
    );
}

#[test]
fn a_choice_that_waits_for_its_confirmation_waits_for_it_from_the_inbox_too() {
    let now = Instant::now();
    let mut state = two_waiting(now);
    update(&mut state, ctrl('t'), now);
    let at = read(now);
    // `a` (for the session) is a persistent choice: picked, then confirmed.
    assert!(press(&mut state, KeyCode::Char('a'), at).is_empty());
    let front = state
        .front_question()
        .expect("on screen, its choice waiting");
    assert_eq!(front.question.id, RequestId::Int(4));
    assert!(front.selected.is_some());
    assert_eq!(
        press(&mut state, KeyCode::Enter, later(at, 400)),
        answer(4, json!("acceptForSession"))
    );
}

#[test]
fn enter_opens_the_question_whole_and_it_is_read_before_it_takes_keys() {
    let now = Instant::now();
    let mut state = two_waiting(now);
    update(&mut state, ctrl('t'), now);
    let at = read(now);
    press(&mut state, KeyCode::Enter, at);
    assert_eq!(
        state.front_question().map(|q| q.question.id.clone()),
        Some(RequestId::Int(4))
    );
    // A letter right away is typing (the question's own gate), not an answer.
    assert!(press(&mut state, KeyCode::Char('y'), later(at, 100)).is_empty());
    assert_eq!(state.draft(), "y");
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), read(later(at, 100))),
        answer(4, json!("accept"))
    );
}

#[test]
fn a_question_settled_elsewhere_leaves_the_inbox_and_says_so() {
    let now = Instant::now();
    let mut state = two_waiting(now);
    update(&mut state, ctrl('t'), now);
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": "thread-a", "requestId": 4}),
        ),
        later(now, 100),
    );
    assert_eq!(ids(&state), [RequestId::Int(5)]);
    assert!(
        last_notice(&state)
            .1
            .contains("settled elsewhere or withdrawn"),
        "{:?}",
        last_notice(&state)
    );
    let shown = screen(&mut state, 110, 30, later(now, 200));
    assert!(
        shown.contains("Inbox: 1 waiting") && !shown.contains("run `make`\n"),
        "{shown}"
    );
}

#[test]
fn after_a_reconnect_the_answer_carries_the_id_the_server_asked_again_with() {
    let now = Instant::now();
    let mut state = running_state(now);
    ask(&mut state, 0, THREAD, "call_0", "cargo test", now);
    press(&mut state, KeyCode::Char('l'), read(now));
    assert_eq!(state.questions().parked().count(), 1);
    // The link drops and comes back.
    update(
        &mut state,
        AppEvent::LinkDropped("lost".into()),
        later(now, 2000),
    );
    update(
        &mut state,
        AppEvent::ServerRestarted(Ok(None)),
        later(now, 2100),
    );
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        later(now, 2200),
    );
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Ok(json!({"thread": {"id": THREAD, "turns": [],
                       "status": {"type": "active", "activeFlags": ["waitingOnApproval"]}},
                      "model": "mock-model", "cwd": "/home/user/project"})),
        ),
        later(now, 2300),
    );
    // Asked again with the new connection's id 7: the parked question takes it, in place.
    ask(
        &mut state,
        7,
        THREAD,
        "call_0",
        "cargo test",
        later(now, 2400),
    );
    assert_eq!(state.questions().waiting_count(), 1);
    assert!(state.front_question().is_none(), "still parked");
    let at = later(now, 3000);
    update(&mut state, ctrl('t'), at);
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), read(at)),
        answer(7, json!("accept"))
    );
}

#[test]
fn slash_inbox_opens_it_and_says_when_nothing_waits() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/inbox", now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(inbox_open(&state));
    let shown = screen(&mut state, 100, 24, now);
    assert!(shown.contains("Nothing waits for you"), "{shown}");
    update(&mut state, key(KeyCode::Esc), read(now));
    update(&mut state, AppEvent::Tick, later(read(now), 100));
    assert!(!inbox_open(&state));
    let _: Option<Effect> = None;
}
