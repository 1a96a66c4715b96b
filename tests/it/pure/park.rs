//! Parking a question (`l`, Ctrl+T): it leaves the screen and answers nothing, its turn keeps
//! waiting, `/new` and `/resume` no longer refuse while that turn runs, Ctrl+C refuses only a
//! question on screen, and quitting says what still waits. A question of a thread not shown
//! waits in the inbox and never takes the screen.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::protocol::RequestId;
use tern::session::attention::QUESTION_WAITS;

fn command(thread: &str, item: &str, command: &str) -> Value {
    json!({"threadId": thread, "turnId": "turn-1", "itemId": item, "command": command,
           "cwd": "/home/user/project", "availableDecisions": ["accept", "decline", "cancel"]})
}

fn form() -> Value {
    json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "ask_0", "isBlocking": true,
        "autoResolutionMs": null,
        "questions": [{"id": "color", "header": "Color", "question": "Which color?",
            "isOther": true, "isSecret": false,
            "options": [{"label": "Red", "description": "Warm."}, {"label": "Blue", "description": "Calm."}]}]})
}

/// A running turn that asks to run `ls` (request id 0).
fn asked(now: Instant) -> AppState {
    let mut state = running_state(now);
    update(
        &mut state,
        server_request(
            0,
            "item/commandExecution/requestApproval",
            command(THREAD, "call_0", "ls"),
        ),
        now,
    );
    state
}

fn responses(effects: &[Effect]) -> Vec<&Effect> {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Respond { .. }))
        .collect()
}

fn methods(effects: &[Effect]) -> Vec<&'static str> {
    effects
        .iter()
        .filter_map(request_json)
        .map(|(m, _)| m)
        .collect()
}

#[test]
fn l_parks_the_question_it_answers_nothing_and_the_turn_keeps_waiting() {
    let now = Instant::now();
    let mut state = asked(now);
    assert!(state.front_question().is_some());
    let effects = press(&mut state, KeyCode::Char('l'), read(now));
    assert!(
        responses(&effects).is_empty(),
        "parking answers nothing: {effects:?}"
    );
    assert!(state.front_question().is_none(), "it left the screen");
    assert_eq!(state.questions().parked().count(), 1);
    assert_eq!(state.questions().waiting_count(), 1);
    assert!(state.turn_active(), "the turn keeps waiting on the server");
    // The screen is the conversation's again: keys type into the draft.
    type_text(&mut state, "meanwhile", later(read(now), 500));
    assert_eq!(state.draft(), "meanwhile");
    let shown = screen(&mut state, 100, 20, later(read(now), 600));
    assert!(shown.contains("waiting: 1"), "{shown}");
    assert!(shown.contains("Ctrl+T inbox"), "{shown}");
}

#[test]
fn l_typed_before_the_pause_is_typing_not_parking() {
    let now = Instant::now();
    let mut state = asked(now);
    press(&mut state, KeyCode::Char('l'), later(now, 100));
    assert_eq!(state.draft(), "l");
    assert!(state.front_question().is_some());
    assert_eq!(state.questions().parked().count(), 0);
}

#[test]
fn ctrl_t_parks_a_form_even_while_its_answer_is_typed() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        server_request(4, "item/tool/requestUserInput", form()),
        now,
    );
    let at = read(now);
    // Down to "Other", where letters type the answer.
    press(&mut state, KeyCode::Down, at);
    press(&mut state, KeyCode::Down, later(at, 200));
    press(&mut state, KeyCode::Char('g'), later(at, 400));
    let effects = wire(update(&mut state, ctrl('t'), later(at, 450)));
    assert!(responses(&effects).is_empty(), "{effects:?}");
    assert!(state.front_question().is_none());
    let parked: Vec<&RequestId> = state.questions().parked().map(|q| &q.question.id).collect();
    assert_eq!(parked, [&RequestId::Int(4)]);
}

#[test]
fn ctrl_c_refuses_only_the_question_on_screen_never_a_parked_one() {
    let now = Instant::now();
    let mut state = asked(now);
    press(&mut state, KeyCode::Char('l'), read(now));
    // A second question of the same turn comes on screen.
    update(
        &mut state,
        server_request(
            1,
            "item/commandExecution/requestApproval",
            command(THREAD, "call_1", "pwd"),
        ),
        later(read(now), 100),
    );
    let effects = wire(update(&mut state, ctrl('c'), later(read(now), 200)));
    assert_eq!(
        responses(&effects),
        [&Effect::Respond {
            id: RequestId::Int(1),
            result: json!({"decision": "cancel"})
        }]
    );
    assert_eq!(methods(&effects), ["turn/interrupt"]);
    assert_eq!(
        state.questions().parked().count(),
        1,
        "the parked one still waits"
    );
}

#[test]
fn new_and_resume_no_longer_refuse_while_the_turn_waits_on_a_parked_question() {
    let now = Instant::now();
    let mut state = asked(now);
    press(&mut state, KeyCode::Char('l'), read(now));
    let at = later(read(now), 500);
    // /resume opens the picker.
    type_text(&mut state, "/resume", at);
    update(&mut state, key(KeyCode::Enter), at);
    assert!(
        matches!(state.layers.person.last(), Some(Layer::ThreadPicker(_))),
        "{:?}",
        state.layers.person
    );
    update(&mut state, key(KeyCode::Esc), later(at, 100));
    // /new starts a thread; the old one is kept aside with its turn, still waiting.
    type_text(&mut state, "/new", later(at, 200));
    let effects = wire(update(&mut state, key(KeyCode::Enter), later(at, 200)));
    assert_eq!(methods(&effects), ["thread/start"]);
    update(
        &mut state,
        reply(
            RequestTag::StartThread,
            Ok(
                json!({"thread": {"id": "thread-2", "preview": "", "turns": []},
                      "model": "mock-model", "cwd": "/home/user/project"}),
            ),
        ),
        later(at, 300),
    );
    assert_eq!(state.thread_id(), Some("thread-2"));
    let old = state.kept_thread(THREAD).expect("the old thread is kept");
    assert!(old.turn_active(), "its turn goes on");
    // Its events still reach it, apart from the thread shown.
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        later(at, 400),
    );
    assert!(!state.kept_thread(THREAD).unwrap().turn_active());
    assert!(!state.turn_active());
}

#[test]
fn a_turn_still_starting_keeps_the_refusal() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    type_text(&mut state, "/new", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(methods(&effects).is_empty(), "{effects:?}");
    assert!(last_notice(&state).1.contains("A turn is starting"));
}

#[test]
fn a_question_of_a_thread_not_shown_waits_in_the_inbox_and_calls_the_person_back() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.config_mut().bell = true;
    type_text(&mut state, "half a sent", now);
    let effects = update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            command("thread-other", "c", "make"),
        ),
        later(now, 3000),
    );
    assert!(
        state.front_question().is_none(),
        "it never takes the screen"
    );
    assert_eq!(state.questions().parked().count(), 1);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Alert { bell: true, .. })),
        "{effects:?}"
    );
    // Typing goes on where it was: the question took no key.
    type_text(&mut state, "ence", later(now, 3100));
    assert_eq!(state.draft(), "half a sentence");
    // While the person types, the call back waits (the attention rule), the inbox still counts.
    let effects = update(
        &mut state,
        server_request(
            8,
            "item/commandExecution/requestApproval",
            command("thread-other", "d", "make test"),
        ),
        later(now, 3200),
    );
    assert!(!effects.iter().any(|e| matches!(e, Effect::Alert { .. })));
    assert_eq!(state.questions().waiting_count(), 2);
    assert_eq!(state.draft(), "half a sentence", "no key taken");
    // It is owed, not lost: due when the typing pause ends; typing again puts it off.
    let due = state.next_tick(later(now, 3200)).expect("a call back owed");
    // The typing pause is two seconds (`attention::TYPING`) after the last key, at 3.1 s.
    assert_eq!(due, later(now, 5100));
    type_text(&mut state, "!", later(now, 4000));
    let effects = update(&mut state, AppEvent::Tick, due);
    assert!(!effects.iter().any(|e| matches!(e, Effect::Alert { .. })));
    let due = state.next_tick(due).expect("still owed");
    assert_eq!(due, later(now, 6000));
    let effects = update(&mut state, AppEvent::Tick, due);
    assert_eq!(
        alerts(&effects),
        [Effect::Alert {
            bell: true,
            notification: None
        }]
    );
    assert_eq!(state.draft(), "half a sentence!");
    assert!(state.front_question().is_none(), "still in the inbox");
    assert_eq!(state.next_tick(due), None, "given once");
    let _ = QUESTION_WAITS;
}

fn alerts(effects: &[Effect]) -> Vec<Effect> {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Alert { .. }))
        .cloned()
        .collect()
}

#[test]
fn a_call_back_owed_is_dropped_when_the_question_is_settled_before_it_is_due() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.config_mut().bell = true;
    type_text(&mut state, "typing", now);
    let effects = update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            command("thread-other", "c", "make"),
        ),
        later(now, 500),
    );
    assert!(alerts(&effects).is_empty(), "the person types");
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": "thread-other", "requestId": 7}),
        ),
        later(now, 1000),
    );
    assert_eq!(state.questions().waiting_count(), 0);
    let due = state.next_tick(later(now, 1000)).expect("owed");
    let effects = update(&mut state, AppEvent::Tick, due);
    assert!(alerts(&effects).is_empty(), "{effects:?}");
    assert_eq!(state.next_tick(due), None);
}

#[test]
fn quitting_while_questions_wait_says_how_many_and_where_and_refuses_them() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            command("thread-other", "c", "make"),
        ),
        now,
    );
    assert!(wire(update(&mut state, ctrl('c'), now)).is_empty());
    let shown = screen(&mut state, 120, 20, later(now, 10));
    assert!(
        shown.contains("Ctrl+C again to quit and refuse the questions (1 waiting in the inbox)"),
        "{shown}"
    );
    let effects = wire(update(&mut state, ctrl('c'), later(now, 100)));
    assert_eq!(
        effects,
        [
            Effect::Respond {
                id: RequestId::Int(7),
                result: json!({"decision": "cancel"})
            },
            Effect::Quit
        ]
    );
    let _ = AppEvent::Tick;
}
