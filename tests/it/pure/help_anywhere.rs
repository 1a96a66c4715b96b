//! Help is one key away over every view. `?` opens it where it is not typed; where it is (the
//! resume picker's filter, a draft, a search query) F1 does, above every layer like Ctrl+C, and
//! a hint bar that drops hints names it ("… F1 more"). Before, `?` typed into the picker's
//! filter and nothing said how to get help.

use crate::support::common::*;
use crate::support::thread_fixtures::{loaded_picker, picker};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState};

const F1: KeyCode = KeyCode::F(1);

fn help_open(state: &AppState) -> bool {
    state
        .person_layers()
        .iter()
        .chain(state.question_layers())
        .any(|layer| matches!(layer, Layer::Help(_)))
}

fn hint_bar(state: &mut AppState, width: u16, now: Instant) -> String {
    screen(state, width, 24, now)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn f1_opens_help_over_the_pickers_filter_and_closes_it() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    type_text(&mut state, "?", now);
    assert_eq!(
        picker(&state).query.as_str(),
        "?",
        "? is typed into the filter"
    );
    assert!(!help_open(&state));
    let bar = hint_bar(&mut state, 120, now);
    assert!(
        bar.ends_with(" · F1 help") || bar.ends_with("… F1 more"),
        "the bar says where help is: {bar}"
    );
    update(&mut state, key(F1), now);
    assert!(help_open(&state));
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains(" Keys "), "{text}");
    // Help lists the picker's keys, the view under it.
    assert!(text.contains("archive"), "{text}");
    update(&mut state, key(F1), now);
    assert!(!help_open(&state));
    assert_eq!(
        picker(&state).query.as_str(),
        "?",
        "the filter is untouched"
    );
}

#[test]
fn f1_opens_help_over_a_draft_where_question_mark_types() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "why", now);
    type_text(&mut state, "?", now);
    assert_eq!(state.draft(), "why?");
    update(&mut state, key(F1), now);
    assert!(help_open(&state));
    update(&mut state, key(KeyCode::Esc), now);
    assert!(!help_open(&state));
    assert_eq!(state.draft(), "why?");
}

#[test]
fn f1_over_a_question_opens_help_that_leaves_with_it() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        server_request(
            1,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c1", "command": "ls"}),
        ),
        now,
    );
    let at = read(now);
    update(&mut state, AppEvent::Tick, at);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(F1, KeyModifiers::NONE)),
        at,
    );
    assert!(help_open(&state));
    assert!(state.questions().len() == 1, "F1 answers nothing");
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": THREAD, "requestId": 1}),
        ),
        at,
    );
    assert!(!help_open(&state), "help over the question left with it");
}
