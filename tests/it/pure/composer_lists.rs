//! The lists the composer opens over itself (`/`, `@`, `$`) are layers of the registry in the
//! stacks' popup slot: under every other layer, not "a layer open" for the conversation's
//! keys, their hints on the bar, and news for the `@` finder reaches it as a layer's news.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, Effect, RequestTag};

fn type_keys(state: &mut AppState, text: &str, now: Instant) {
    for c in text.chars() {
        update(state, key(KeyCode::Char(c)), now);
    }
}

fn hint_actions(state: &AppState, now: Instant) -> Vec<String> {
    state
        .top_hints(now)
        .into_iter()
        .map(|hint| hint.action)
        .collect()
}

#[test]
fn the_slash_list_sits_in_the_popup_slot_under_a_layer_opened_over_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "/mo", now);
    assert!(matches!(state.composer_list(), Some(Layer::Commands(_))));
    assert!(
        state.person_layers().is_empty(),
        "{:?}",
        state.person_layers()
    );
    assert!(
        !state.layer_open(),
        "the list is the composer's, not over it"
    );
    let hints = hint_actions(&state, now);
    assert!(hints.iter().any(|a| a == "complete"), "{hints:?}");

    // Ctrl+R is no key of the list: it reaches the conversation, whose history search opens
    // over the list; the list stays under it and has the bar back once the search closes.
    update(&mut state, ctrl('r'), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::HistorySearch(_))
    ));
    assert!(matches!(state.composer_list(), Some(Layer::Commands(_))));
    let hints = hint_actions(&state, now);
    assert!(!hints.iter().any(|a| a == "complete"), "{hints:?}");
    update(&mut state, key(KeyCode::Esc), now);
    assert!(
        state.person_layers().is_empty(),
        "{:?}",
        state.person_layers()
    );
    assert_eq!(state.draft(), "/mo");
    let hints = hint_actions(&state, now);
    assert!(hints.iter().any(|a| a == "complete"), "{hints:?}");
}

#[test]
fn an_answer_for_a_finder_closed_since_is_dropped_and_asks_nothing() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "@ma", now);
    let generation = state
        .file_finder()
        .and_then(|finder| finder.asked.clone())
        .expect("a search is out")
        .generation;
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.composer_list().is_none());
    let answer = reply(
        RequestTag::SearchFiles { generation },
        Ok(
            json!({ "files": [{"root": "/r", "path": "main.rs", "match_type": "file",
                              "file_name": "main.rs", "score": 1, "indices": [0]}] }),
        ),
    );
    let effects = update(&mut state, answer, now);
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Request(_))),
        "{effects:?}"
    );
    assert!(state.composer_list().is_none(), "no finder comes back");
    assert_eq!(state.draft(), "@ma");
}

#[test]
fn a_finder_closed_by_a_key_it_has_no_use_for_lets_that_key_reach_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "see @ma", now);
    assert!(state.file_finder().is_some());
    // Left is no key of the finder: it closes, and the cursor moves in the composer.
    update(&mut state, key(KeyCode::Left), now);
    assert!(state.composer_list().is_none());
    type_keys(&mut state, "x", now);
    assert_eq!(state.draft(), "see @mxa");
}
