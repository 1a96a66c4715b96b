//! `/statusline` and `/title`: a checklist of the parts, the ones in force ticked. Space shows
//! or hides a part at once (the status line under the box already changes); Enter saves the
//! choice in tern's config file (`Effect::SaveConfigValue`, exactly the key and value) and
//! says where once saved; Esc puts back what was shown; no part of the title is `title =
//! false`; with no config folder the choice holds for the session and says so.

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::path::PathBuf;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::config::{StatusItem, TitleItem};
use tern::session::event::ConfigValue;

const FILE: &str = "/h/.config/tern/config.toml";

fn with_file(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().config_file = Some(PathBuf::from(FILE));
    state
}

fn status_line(state: &mut AppState, now: Instant) -> String {
    let text = screen(state, 100, 20, now);
    text.lines().rev().nth(1).unwrap_or_default().to_string()
}

fn open(state: &mut AppState, command: &str, now: Instant) {
    state.set_draft(command);
    let effects = update(state, key(KeyCode::Enter), now);
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Request(_))),
        "{command} asks the server nothing: {effects:?}"
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::ItemsChecklist(_))
    ));
}

#[test]
fn statusline_hides_a_part_at_once_and_saves_the_list() {
    let now = Instant::now();
    let mut state = with_file(now);
    assert!(status_line(&mut state, now).contains("mock-model"));
    open(&mut state, "/statusline", now);
    let text = screen(&mut state, 100, 20, now);
    assert!(text.contains("[x] model"), "{text}");
    // Space on the first part (the model): gone from the line at once.
    update(&mut state, key(KeyCode::Char(' ')), now);
    let line = status_line(&mut state, now);
    assert!(!line.contains("mock-model"), "{line}");
    assert!(line.contains("ready"), "the state stays: {line}");
    assert!(screen(&mut state, 100, 20, now).contains("[ ] model"));
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let saved = ConfigValue::List(
        ["goal", "folder", "thread", "connection", "context"]
            .map(String::from)
            .to_vec(),
    );
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: vec!["status_line".into()],
            value: saved.clone(),
        }]
    );
    assert!(state.person_layers().is_empty());
    assert_eq!(
        state.config().status_line.as_deref(),
        Some(
            &[
                StatusItem::Goal,
                StatusItem::Folder,
                StatusItem::Thread,
                StatusItem::Connection,
                StatusItem::Context
            ][..]
        )
    );
    update(
        &mut state,
        AppEvent::ConfigValueSaved {
            keys: vec!["status_line".into()],
            value: saved,
            file: PathBuf::from(FILE),
            result: Ok(()),
        },
        now,
    );
    assert_eq!(
        last_notice(&state).1,
        format!("Saved status_line = [\"goal\", \"folder\", \"thread\", \"connection\", \"context\"] in {FILE}.")
    );
}

#[test]
fn esc_puts_back_what_was_shown_and_saves_nothing() {
    let now = Instant::now();
    let mut state = with_file(now);
    open(&mut state, "/statusline", now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    assert!(!status_line(&mut state, now).contains("mock-model"));
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(status_line(&mut state, now).contains("mock-model"));
    assert_eq!(state.config().status_line, None);
}

#[test]
fn title_with_nothing_ticked_is_title_false() {
    let now = Instant::now();
    let mut state = with_file(now);
    state.config_mut().title = Some(vec![TitleItem::Thread, TitleItem::State]);
    open(&mut state, "/title", now);
    let text = screen(&mut state, 100, 20, now);
    assert!(text.contains("[x] thread"), "{text}");
    assert!(text.contains("[ ] folder"), "{text}");
    update(&mut state, key(KeyCode::Char(' ')), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    assert!(screen(&mut state, 100, 20, now).contains("leaves the terminal's title alone"));
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: vec!["title".into()],
            value: ConfigValue::Bool(false),
        }]
    );
    assert_eq!(state.config().title, None);
}

#[test]
fn title_folder_added_and_a_failed_save_said() {
    let now = Instant::now();
    let mut state = with_file(now);
    state.config_mut().title = Some(vec![TitleItem::Thread, TitleItem::State]);
    open(&mut state, "/title", now);
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let value = ConfigValue::List(["thread", "state", "folder"].map(String::from).to_vec());
    assert_eq!(
        effects,
        [Effect::SaveConfigValue {
            file: PathBuf::from(FILE),
            keys: vec!["title".into()],
            value: value.clone(),
        }]
    );
    update(
        &mut state,
        AppEvent::ConfigValueSaved {
            keys: vec!["title".into()],
            value,
            file: PathBuf::from(FILE),
            result: Err("it does not parse (\u{1b}[31mline 3)".into()),
        },
        now,
    );
    let (_, said) = last_notice(&state);
    assert!(
        said.starts_with("Could not save title = [\"thread\", \"state\", \"folder\"]"),
        "{said}"
    );
    assert!(said.ends_with("it holds for this session only."), "{said}");
    assert!(!said.contains('\u{1b}'), "{said:?}");
}

#[test]
fn with_no_config_folder_the_choice_holds_for_the_session() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open(&mut state, "/statusline", now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(
        last_notice(&state)
            .1
            .ends_with("for this session (tern has no config folder to save it in)."),
        "{:?}",
        last_notice(&state)
    );
}
