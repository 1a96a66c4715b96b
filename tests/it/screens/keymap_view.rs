//! `/keymap` on screen at 120×40 and 80×24: the conversation's actions with their keys and
//! where they come from (one moved by the config file), the key awaited, a refusal naming the
//! action that has the key, and a filter typed with escape and bidi characters — shown as
//! markers, never applied.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::controls::keys::{Binding, Chord, Keymap};

fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

fn opened(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().keymap = Keymap::new(vec![Binding {
        section: String::new(),
        action: "editor".into(),
        keys: vec![Chord::parse("alt+e").unwrap()],
    }]);
    state.set_draft("/keymap");
    update(&mut state, key(KeyCode::Enter), now);
    state
}

#[test]
fn keymap_at_120x40_and_80x24() {
    let now = Instant::now();
    let mut state = opened(now);
    for (width, height) in [(120, 40), (80, 24)] {
        let text = screen(&mut state, width, height, now);
        assert!(text.contains("interrupt"), "{text}");
        snapshot!(&format!("keymap_{width}x{height}"), &text);
    }
    // Filtered to the editor (moved by the config file), a key awaited, then a taken one.
    update(&mut state, key(KeyCode::Char('/')), now);
    for c in "editor".chars() {
        update(&mut state, key(KeyCode::Char(c)), now);
    }
    update(&mut state, key(KeyCode::Enter), now);
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Press the new key for editor"), "{text}");
    snapshot!("keymap_waiting_120x40", &text);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL)),
        now,
    );
    for (width, height) in [(120, 40), (80, 24)] {
        let text = screen(&mut state, width, height, now);
        assert!(text.contains("already `history_search`"), "{text}");
        snapshot!(&format!("keymap_refused_{width}x{height}"), &text);
    }
}

#[test]
fn a_hostile_filter_is_shown_not_applied() {
    let now = Instant::now();
    let mut state = opened(now);
    update(&mut state, key(KeyCode::Char('/')), now);
    for c in "\u{1b}]0;pwned\u{7}\u{202e}x\u{9b}".chars() {
        update(&mut state, key(KeyCode::Char(c)), now);
    }
    for (width, height) in [(120, 40), (80, 24)] {
        let text = screen(&mut state, width, height, now);
        no_escapes(&text);
        assert!(text.contains("No action matches the filter."), "{text}");
        snapshot!(&format!("keymap_hostile_{width}x{height}"), &text);
    }
}
