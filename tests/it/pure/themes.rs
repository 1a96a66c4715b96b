//! `/theme`: the picker lists the built-in themes and the theme files the runtime read; moving
//! the selection redraws everything in the selected theme, Esc puts the old one back, Enter
//! keeps it and asks for it to be written into tern's config file (`Effect::SaveSetting`),
//! whose outcome is told. A broken theme file is listed, never chosen.

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::path::PathBuf;
use std::time::Instant;
use tern::app::layers::{Layer, ThemePicker};
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::NoticeLevel;
use tern::session::event::ThemeChoice;
use tern::theme::Theme;

fn with_files(now: Instant) -> AppState {
    let mut config = config();
    config.config_file = Some(PathBuf::from("/home/user/.config/tern/config.toml"));
    config.themes_dir = Some(PathBuf::from("/home/user/.config/tern/themes"));
    started(
        AppState::new(config),
        serde_json::json!({"userAgent": "x"}),
        serde_json::json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "mock-model",
            "cwd": "/home/user/project",
        }),
        now,
    )
}

fn run(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    state.set_draft(text);
    wire(update(state, key(KeyCode::Enter), now))
}

fn picker(state: &AppState) -> &ThemePicker {
    match state.person_layers().last() {
        Some(Layer::ThemePicker(picker)) => picker,
        other => panic!("no theme picker on top: {other:?}"),
    }
}

fn theme(state: &AppState) -> Theme {
    state.config().theme
}

#[test]
fn the_picker_lists_the_themes_and_asks_for_the_files() {
    let now = Instant::now();
    let mut state = with_files(now);
    let effects = run(&mut state, "/theme", now);
    assert_eq!(
        effects,
        [Effect::LoadThemes {
            dir: PathBuf::from("/home/user/.config/tern/themes")
        }]
    );
    let names: Vec<&str> = picker(&state)
        .entries
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["dark", "light", "high-contrast", "ansi"]);
    assert_eq!(picker(&state).selected, 0, "on the theme in use");
}

#[test]
fn moving_previews_and_esc_puts_the_theme_back() {
    let now = Instant::now();
    let mut state = with_files(now);
    run(&mut state, "/theme", now);
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(theme(&state), Theme::Light, "the screen is light already");
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(theme(&state), Theme::HighContrast);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(theme(&state), Theme::Dark, "the list stops at its top");
    update(&mut state, key(KeyCode::End), now);
    assert_eq!(theme(&state), Theme::Ansi, "End: the last built-in theme");
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(effects.is_empty(), "nothing saved: {effects:?}");
    assert_eq!(theme(&state), Theme::Dark);
    assert!(state.person_layers().is_empty());
}

#[test]
fn enter_keeps_the_theme_and_saves_it_in_the_config_file() {
    let now = Instant::now();
    let mut state = with_files(now);
    run(&mut state, "/theme", now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::SaveSetting {
            file: PathBuf::from("/home/user/.config/tern/config.toml"),
            key: "theme".into(),
            value: "high-contrast".into(),
        }]
    );
    assert_eq!(theme(&state), Theme::HighContrast);
    assert!(state.person_layers().is_empty());
    update(
        &mut state,
        AppEvent::SettingSaved {
            key: "theme".into(),
            value: "high-contrast".into(),
            file: PathBuf::from("/home/user/.config/tern/config.toml"),
            result: Ok(()),
        },
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "Theme high-contrast, saved in /home/user/.config/tern/config.toml.".into()
        )
    );
    update(
        &mut state,
        AppEvent::SettingSaved {
            key: "theme".into(),
            value: "light".into(),
            file: PathBuf::from("/ro/config.toml"),
            result: Err("Permission denied (os error 13)".into()),
        },
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert!(
        text.contains("Could not save theme = \"light\" in /ro/config.toml")
            && text.contains("Permission denied")
            && text.contains("this session only"),
        "{text}"
    );
}

#[test]
fn theme_files_join_the_list_and_a_broken_one_cannot_be_chosen() {
    let now = Instant::now();
    let mut state = with_files(now);
    run(&mut state, "/theme", now);
    update(&mut state, key(KeyCode::Down), now);
    let mine = tern::theme::register(tern::theme::Palette {
        name: "pure-test-mine",
        ..*Theme::Light.palette()
    })
    .unwrap();
    let files = vec![
        ThemeChoice {
            name: "broken".into(),
            description: String::new(),
            theme: Err("line 1, column 1: unknown key `acent`".into()),
        },
        ThemeChoice {
            name: "pure-test-mine".into(),
            description: "mine".into(),
            theme: Ok(mine),
        },
    ];
    update(&mut state, AppEvent::ThemesLoaded(Ok(files)), now);
    assert_eq!(picker(&state).entries.len(), 6);
    assert_eq!(picker(&state).selected, 1, "still on light");
    assert_eq!(picker(&state).status, None);
    update(&mut state, key(KeyCode::End), now);
    assert_eq!(theme(&state), mine, "a theme file previews too");
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(theme(&state), mine, "a broken file previews nothing");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::ThemePicker(_))
    ));
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(
        matches!(&effects[..], [Effect::SaveSetting { value, .. }] if value == "pure-test-mine"),
        "{effects:?}"
    );
}

#[test]
fn unreadable_theme_files_are_said_in_the_picker() {
    let now = Instant::now();
    let mut state = with_files(now);
    run(&mut state, "/theme", now);
    update(
        &mut state,
        AppEvent::ThemesLoaded(Err("/x/themes: Permission denied".into())),
        now,
    );
    let status = picker(&state).status.clone().unwrap();
    assert!(status.contains("Permission denied"), "{status}");
    assert_eq!(picker(&state).entries.len(), 4);
}

#[test]
fn theme_with_a_name_applies_at_once() {
    let now = Instant::now();
    let mut state = with_files(now);
    let effects = run(&mut state, "/theme ansi", now);
    assert_eq!(
        effects,
        [Effect::SaveSetting {
            file: PathBuf::from("/home/user/.config/tern/config.toml"),
            key: "theme".into(),
            value: "ansi".into(),
        }]
    );
    assert_eq!(theme(&state), Theme::Ansi);
    let effects = run(&mut state, "/theme sepia\u{1b}[2J", now);
    assert!(effects.is_empty());
    assert_eq!(theme(&state), Theme::Ansi);
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert!(text.starts_with("No theme sepia"), "{text}");
    assert!(!text.contains('\u{1b}'));
}

#[test]
fn without_a_config_folder_the_theme_lasts_the_session() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = run(&mut state, "/theme", now);
    assert!(effects.is_empty(), "no folder to read: {effects:?}");
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(theme(&state), Theme::Light);
    assert!(last_notice(&state).1.contains("for this session"));
}
