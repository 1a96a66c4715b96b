//! Vim keys in the composer, through `update`: `/vim` turns them on and off (and the config's
//! `vim` starts with them); Esc leaves insert mode and never interrupts (Ctrl+C does); Enter in
//! normal mode sends the exact `turn/start`; Ctrl+R is redo in normal mode and the history
//! search in insert mode; `k` on the first line recalls an earlier prompt; the `/`, `@` and `$`
//! lists, ↑ into the queue and Tab keep working.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, Effect, SessionConfig};
use tern::controls::composer::vim::Mode;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn press(state: &mut AppState, code: KeyCode, now: Instant) -> Vec<Effect> {
    wire(update(state, key(code), now))
}

fn keys(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(press(state, KeyCode::Char(c), now));
    }
    effects
}

fn mode(state: &AppState) -> Option<Mode> {
    state.session.composer.vim.as_ref().map(|v| v.mode)
}

fn vim_state(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/vim");
    press(&mut state, KeyCode::Enter, now);
    state
}

#[test]
fn slash_vim_turns_the_keys_on_and_off() {
    let now = Instant::now();
    let mut state = vim_state(now);
    assert_eq!(mode(&state), Some(Mode::Insert), "typing works at once");
    assert!(last_notice(&state).1.starts_with("Vim keys on"));
    state.set_draft("/vim");
    press(&mut state, KeyCode::Enter, now);
    assert_eq!(mode(&state), None);
    assert_eq!(last_notice(&state).1, "Vim keys off.");
}

#[test]
fn the_config_starts_with_vim_and_its_escape_sequence() {
    let now = Instant::now();
    let config = SessionConfig {
        vim: true,
        vim_escape: "jj".into(),
        ..config()
    };
    let mut state = AppState::new(config);
    assert_eq!(mode(&state), Some(Mode::Insert));
    keys(&mut state, "hijj", now);
    assert_eq!(mode(&state), Some(Mode::Normal));
    assert_eq!(state.draft(), "hi");
}

#[test]
fn esc_leaves_insert_mode_and_never_interrupts_while_ctrl_c_does() {
    let now = Instant::now();
    let mut state = running_state(now);
    state.set_draft("/vim");
    press(&mut state, KeyCode::Enter, now);
    keys(&mut state, "draft", now);
    let effects = press(&mut state, KeyCode::Esc, now);
    assert!(requests(&effects).is_empty(), "{effects:?}");
    assert_eq!(mode(&state), Some(Mode::Normal));
    let effects = press(&mut state, KeyCode::Esc, now);
    assert!(
        requests(&effects).is_empty(),
        "Esc in normal mode does not interrupt either"
    );
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert_eq!(requests(&effects)[0].0, "turn/interrupt");
}

#[test]
fn enter_in_normal_mode_sends_the_text() {
    let now = Instant::now();
    let mut state = vim_state(now);
    keys(&mut state, "fix the bug now", now);
    press(&mut state, KeyCode::Esc, now);
    keys(&mut state, "bdw", now);
    assert_eq!(state.draft(), "fix the bug ");
    let effects = press(&mut state, KeyCode::Enter, now);
    assert_eq!(
        requests(&effects),
        [(
            "turn/start",
            json!({"threadId": THREAD, "input": [{"type": "text", "text": "fix the bug ", "text_elements": []}]})
        )]
    );
    assert!(state.draft_is_empty());
    assert_eq!(
        mode(&state),
        Some(Mode::Insert),
        "the next prompt starts in insert mode"
    );
}

#[test]
fn ctrl_r_redoes_in_normal_mode_and_searches_the_history_in_insert_mode() {
    let now = Instant::now();
    let mut state = vim_state(now);
    keys(&mut state, "one two", now);
    press(&mut state, KeyCode::Esc, now);
    keys(&mut state, "0dwu", now);
    assert_eq!(state.draft(), "one two");
    update(&mut state, ctrl('r'), now);
    assert_eq!(state.draft(), "two", "redone");
    assert!(state.layers.person.is_empty());
    keys(&mut state, "i", now);
    update(&mut state, ctrl('r'), now);
    assert!(matches!(
        state.layers.person.last(),
        Some(Layer::HistorySearch(_))
    ));
}

#[test]
fn k_on_the_first_line_recalls_an_earlier_prompt() {
    let now = Instant::now();
    let mut state = vim_state(now);
    keys(&mut state, "first prompt", now);
    press(&mut state, KeyCode::Enter, now);
    // (turn running: the next goes out later; the history has the first.)
    press(&mut state, KeyCode::Esc, now);
    keys(&mut state, "k", now);
    assert_eq!(state.draft(), "first prompt");
    keys(&mut state, "wD", now);
    assert_eq!(state.draft(), "first ");
}

#[test]
fn the_lists_and_the_queue_keep_working_in_vim_mode() {
    let now = Instant::now();
    let mut state = vim_state(now);
    // In normal mode on an empty composer, `/` starts a command.
    press(&mut state, KeyCode::Esc, now);
    keys(&mut state, "/", now);
    assert!(matches!(state.composer_list(), Some(Layer::Commands(_))));
    assert_eq!(mode(&state), Some(Mode::Insert));
    keys(&mut state, "sta", now);
    press(&mut state, KeyCode::Enter, now);
    assert!(matches!(state.layers.person.last(), Some(Layer::Status(_))));
    press(&mut state, KeyCode::Esc, now);
    // In insert mode `@` and `$` open their lists, Esc closes them and stays in insert mode.
    keys(&mut state, "see @", now);
    assert!(matches!(state.composer_list(), Some(Layer::Files(_))));
    press(&mut state, KeyCode::Esc, now);
    assert_eq!(mode(&state), Some(Mode::Insert));
    assert!(state.composer_list().is_none());
    // Shift+Enter is a new line in either mode.
    update(
        &mut state,
        tern::app::AppEvent::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::SHIFT)),
        now,
    );
    keys(&mut state, "x", now);
    assert_eq!(state.draft(), "see @\nx");
}

#[test]
fn tab_queues_and_up_selects_the_queue_in_normal_mode() {
    let now = Instant::now();
    let mut state = running_state(now);
    state.set_draft("/vim");
    press(&mut state, KeyCode::Enter, now);
    keys(&mut state, "later", now);
    press(&mut state, KeyCode::Esc, now);
    press(&mut state, KeyCode::Tab, now);
    assert_eq!(state.queued().len(), 1);
    press(&mut state, KeyCode::Up, now);
    assert!(matches!(state.layers.person.last(), Some(Layer::Queue(_))));
}
