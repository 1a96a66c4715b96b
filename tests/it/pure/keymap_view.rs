//! `/keymap`: every remappable action with its keys and where they come from. Enter waits for
//! a key; the key is given at once (the hint bar shows it) and saved with exactly
//! `Effect::SaveConfigValue { keys: ["keys", (table,) action] }`; a key tern keeps (Ctrl+C, a
//! table's fixed keys) or another action's is refused, naming that action; `d` takes the
//! action's line out of the file (`ConfigValue::Unset`); a failed save puts the keys back.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::PathBuf;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::controls::keys::{Binding, Chord, Keymap};
use tern::session::event::ConfigValue;

const FILE: &str = "/h/.config/tern/config.toml";

fn with_file(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().config_file = Some(PathBuf::from(FILE));
    state
}

fn alt(c: char) -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT))
}

/// `/keymap`, then `/` and `filter` typed: the first action the filter leaves selected.
fn open_at(state: &mut AppState, filter: &str, now: Instant) {
    state.set_draft("/keymap");
    let effects = update(state, key(KeyCode::Enter), now);
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Request(_))),
        "{effects:?}"
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Keymap(_))
    ));
    update(state, key(KeyCode::Char('/')), now);
    for c in filter.chars() {
        update(state, key(KeyCode::Char(c)), now);
    }
}

fn said(state: &mut AppState, now: Instant) -> String {
    screen(state, 120, 40, now)
}

#[test]
fn a_new_key_is_in_force_at_once_and_saved_in_keys() {
    let now = Instant::now();
    let mut state = with_file(now);
    open_at(&mut state, "history_search", now);
    let text = said(&mut state, now);
    assert!(text.contains("history_search"), "{text}");
    assert!(text.contains("Ctrl+R"), "{text}");
    assert!(text.contains("default"), "{text}");
    update(&mut state, key(KeyCode::Enter), now);
    let text = said(&mut state, now);
    assert!(
        text.contains("Press the new key for history_search… Esc cancels"),
        "{text}"
    );
    let effects = wire(update(&mut state, alt('h'), now));
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: vec!["keys".into(), "history_search".into()],
            value: ConfigValue::Text("alt+h".into()),
        }]
    );
    assert_eq!(
        state.config().keymap,
        Keymap::new(vec![Binding {
            section: String::new(),
            action: "history_search".into(),
            keys: vec![Chord::parse("alt+h").unwrap()],
        }])
    );
    let text = said(&mut state, now);
    assert!(
        text.contains("`history_search` in Conversation is now Alt+H."),
        "{text}"
    );
    assert!(text.contains("config file"), "{text}");
    // Closed: Alt+H opens the prompt search, Ctrl+R no longer does.
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
    update(&mut state, ctrl('r'), now);
    assert!(state.person_layers().is_empty(), "Ctrl+R is free now");
    update(&mut state, alt('h'), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::HistorySearch(_))
    ));
}

#[test]
fn a_view_action_is_saved_in_its_table() {
    let now = Instant::now();
    let mut state = with_file(now);
    open_at(&mut state, "next_hunk", now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('J')), now));
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: vec!["keys".into(), "diff".into(), "next_hunk".into()],
            value: ConfigValue::Text("J".into()),
        }]
    );
}

#[test]
fn ctrl_c_is_never_given_and_a_taken_key_is_refused_naming_it() {
    let now = Instant::now();
    let mut state = with_file(now);
    open_at(&mut state, "history_search", now);
    update(&mut state, key(KeyCode::Enter), now);
    // Ctrl+C never reaches the list (it is the quit ladder's before any view): not given.
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(state.config().keymap.is_empty());
    update(&mut state, key(KeyCode::Esc), now);
    // Ctrl+F is the transcript search's.
    update(&mut state, key(KeyCode::Enter), now);
    let effects = wire(update(&mut state, ctrl('f'), now));
    assert!(effects.is_empty(), "{effects:?}");
    let text = said(&mut state, now);
    assert!(
        text.contains("Ctrl+F is already `search` in Conversation"),
        "{text}"
    );
    assert!(state.config().keymap.is_empty());
    // Esc while waiting gives no key and leaves the list open.
    update(&mut state, key(KeyCode::Enter), now);
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(said(&mut state, now).contains("No new key given."));
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Keymap(_))
    ));
}

#[test]
fn a_key_tern_keeps_in_the_table_is_refused() {
    let now = Instant::now();
    let mut state = with_file(now);
    open_at(&mut state, "history_search", now);
    update(&mut state, key(KeyCode::Enter), now);
    // `!` starts a shell command in the conversation: a fixed row, never moved.
    let effects = wire(update(&mut state, key(KeyCode::Char('!')), now));
    assert!(effects.is_empty(), "{effects:?}");
    let text = said(&mut state, now);
    assert!(text.contains("! is tern's own in Conversation"), "{text}");
    assert!(state.config().keymap.is_empty());
}

#[test]
fn d_takes_the_line_out_and_a_failed_save_puts_the_keys_back() {
    let now = Instant::now();
    let mut state = with_file(now);
    open_at(&mut state, "history_search", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, alt('h'), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('d')), now));
    let keys = vec!["keys".to_string(), "history_search".to_string()];
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: keys.clone(),
            value: ConfigValue::Unset,
        }]
    );
    assert!(state.config().keymap.is_empty(), "its own keys again");
    assert!(said(&mut state, now).contains("has its own keys again: Ctrl+R."));
    // The Alt+H save came back fine, the reset's failed: Alt+H is back.
    update(
        &mut state,
        AppEvent::ConfigValueSaved {
            keys: keys.clone(),
            value: ConfigValue::Text("alt+h".into()),
            file: PathBuf::from(FILE),
            result: Ok(()),
        },
        now,
    );
    assert!(state.config().keymap.is_empty());
    update(
        &mut state,
        AppEvent::ConfigValueSaved {
            keys: keys.clone(),
            value: ConfigValue::Unset,
            file: PathBuf::from(FILE),
            result: Err("read-only \u{1b}[31mfile".into()),
        },
        now,
    );
    let (_, notice) = last_notice(&state);
    assert!(
        notice.starts_with("Could not take keys.history_search out of"),
        "{notice}"
    );
    assert!(
        notice.ends_with("the keys are back as they were."),
        "{notice}"
    );
    assert!(!notice.contains('\u{1b}'), "{notice:?}");
    assert_eq!(
        state.config().keymap,
        Keymap::new(vec![Binding {
            section: String::new(),
            action: "history_search".into(),
            keys: vec![Chord::parse("alt+h").unwrap()],
        }])
    );
    // The box says the keys put back (its labels follow the keymap, not only its own keys).
    let text = said(&mut state, now);
    let row = text
        .lines()
        .find(|l| {
            l.contains("history_search ") && (l.contains("default") || l.contains("config file"))
        })
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        row.contains("Alt+H") && row.contains("config file"),
        "{row}"
    );
}
