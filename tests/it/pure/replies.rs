//! Typed replies: an answer that does not fit the schema is said, naming the request, where the
//! request was made — never dropped, never read as an empty default.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState, Lifecycle, RequestTag};

#[test]
fn a_thread_answer_that_does_not_fit_fails_the_session_naming_the_request() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::StartThread, Ok(json!({"thread": 7}))),
        now,
    );
    let Lifecycle::Failed(why) = state.lifecycle() else {
        panic!("the session goes on: {:?}", *state.lifecycle());
    };
    assert!(why.contains("`thread/start`"), "{why}");
    assert!(why.contains("invalid type"), "{why}");
}

#[test]
fn an_unreadable_model_list_says_which_request_in_the_chooser() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/model", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(RequestTag::ListModels, Ok(json!({"data": "not a list"}))),
        now,
    );
    let shown = screen(&mut state, 120, 30, now);
    assert!(shown.contains("`model/list`"), "{shown}");
}

#[test]
fn an_unreadable_turn_answer_is_said_and_the_prompt_is_not_given_back() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::StartTurn {
                prompt: "hi".into(),
            },
            Ok(json!({"turn": "?"})),
        ),
        now,
    );
    let (_, text) = last_notice(&state);
    assert!(text.contains("`turn/start`"), "{text}");
    // The turn may have started all the same: the prompt is not put back to be sent twice.
    assert!(state.draft_is_empty());
    assert!(state.turn_active());
}
