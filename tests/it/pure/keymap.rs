//! The config file's `[keys]`: a remapped key does the action and the old one no longer does,
//! help and the hint bar name the new key, mistakes are refused with the file, line and
//! column; `tern --keys` prints every table (remaps applied, no control characters) and
//! `--print-config` the keys the file moves; `/help` shows the same reference inside.

use crate::support::common::*;
use clap::Parser;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;
use std::process::Command;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, SessionConfig};
use tern::cli::Cli;

fn config_file(dir: &Path, text: &str) -> String {
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// The session config of a config file's text, its `[keys]` applied as `main` applies them.
fn with_keys(text: &str) -> SessionConfig {
    let dir = tempfile::tempdir().unwrap();
    let path = config_file(dir.path(), text);
    let cli = Cli::parse_from(["tern", "--config-file", &path]);
    let (loaded, _, _) = cli.settings().unwrap();
    SessionConfig {
        keymap: tern::cli::keymap(&loaded).unwrap(),
        ..config()
    }
}

fn settings_error(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = config_file(dir.path(), text);
    let cli = Cli::parse_from(["tern", "--config-file", &path]);
    let err = cli.settings().unwrap_err();
    assert!(err.starts_with(&format!("config file {path}: ")), "{err}");
    err
}

fn help_keys(state: &mut AppState, now: Instant) -> Vec<(String, String)> {
    update(state, key(KeyCode::Char('?')), now);
    let Some(Layer::Help(help)) = state.person_layers().last() else {
        panic!("help is open: {:?}", state.person_layers())
    };
    let rows = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|h| (h.keys.clone(), h.action.clone()))
        .collect();
    update(state, key(KeyCode::Esc), now);
    rows
}

#[test]
fn a_remapped_key_does_the_action_and_the_old_one_no_longer_does() {
    let now = Instant::now();
    let config = with_keys(
        "[keys]\nhistory_search = \"ctrl+t\"\ninterrupt = [\"ctrl+x\"]\n\n[keys.search]\nclose = \"ctrl+g\"\n",
    );
    let mut state = ready_with(config, now);

    // Ctrl+R opens nothing now; Ctrl+T opens the history search.
    update(&mut state, ctrl('r'), now);
    assert!(
        state.person_layers().is_empty(),
        "{:?}",
        state.person_layers()
    );
    update(&mut state, ctrl('t'), now);
    assert!(matches!(
        state.person_layers()[..],
        [Layer::HistorySearch(_)]
    ));
    update(&mut state, key(KeyCode::Esc), now);

    // Help names the new key, not the old one.
    let help = help_keys(&mut state, now);
    assert!(
        help.contains(&("Ctrl+T".into(), "search earlier prompts".into())),
        "{help:?}"
    );
    assert!(!help.iter().any(|(k, _)| k == "Ctrl+R"), "{help:?}");

    // A layer's table: the search bar closes with Ctrl+G, and Esc is typed into nothing.
    update(&mut state, ctrl('f'), now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(matches!(state.person_layers()[..], [Layer::Search(_)]));
    update(&mut state, ctrl('g'), now);
    assert!(state.person_layers().is_empty());
}

#[test]
fn the_hint_bar_names_the_remapped_key() {
    let now = Instant::now();
    let mut config = with_keys("[keys]\ninterrupt = \"ctrl+x\"\n");
    config.settings.cwd = Some("/home/user/project".into());
    let mut state = ready_with(config, now);
    type_text(&mut state, "go", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            serde_json::json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    let bar = screen(&mut state, 100, 20, now);
    let last = bar.lines().last().unwrap();
    assert!(last.contains("Ctrl+X interrupt"), "{last}");
    assert!(!last.contains("Esc"), "{last}");
    let effects = wire(update(&mut state, ctrl('x'), now));
    assert_eq!(request_json(&effects[0]).unwrap().0, "turn/interrupt");
}

#[test]
fn a_key_given_to_another_action_leaves_the_row_that_had_it() {
    let now = Instant::now();
    // Ctrl+B was a character back; now it is a word back, and ← stays a character back.
    let mut state = ready_with(with_keys("[keys]\nword_left = \"ctrl+b\"\n"), now);
    type_text(&mut state, "one two", now);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('b'), KeyModifiers::CONTROL)),
        now,
    );
    type_text(&mut state, "X", now);
    assert_eq!(state.draft(), "one Xtwo");
    update(&mut state, key(KeyCode::Left), now);
    type_text(&mut state, "Y", now);
    assert_eq!(state.draft(), "one YXtwo");
    // Alt+← is word_left's no more: with text in the composer it does nothing.
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Left, KeyModifiers::ALT)),
        now,
    );
    type_text(&mut state, "Z", now);
    assert_eq!(state.draft(), "one YZXtwo");
}

#[test]
fn mistakes_in_keys_are_refused_with_the_file_line_and_column() {
    let err = settings_error("model = \"m\"\n[keys]\nword_lft = \"alt+b\"\n");
    assert!(
        err.contains("line 3, column 1: [keys] has no action `word_lft`; its actions: ")
            && err.contains("word_left"),
        "{err}"
    );
    let err = settings_error("[keys.dif]\nnext_hunk = \"j\"\n");
    assert!(
        err.contains("line 2, column 1: no key table [keys.dif]") && err.contains("diff"),
        "{err}"
    );
    let err = settings_error("[keys]\nword_left = \"hyper+b\"\n");
    assert!(
        err.contains("line 2, column 1: `hyper+b` for `word_left`: `hyper` is not a modifier"),
        "{err}"
    );
    let err = settings_error("[keys]\nword_left = \"alt+\"\n");
    assert!(err.contains("names no key"), "{err}");
    let err = settings_error("[keys]\nword_left = \"ctrl+q\"\nword_right = \"ctrl+q\"\n");
    assert!(
        err.contains("line 3, column 1: Ctrl+Q is given to both `word_left` and `word_right`"),
        "{err}"
    );
    let err = settings_error("[keys]\nword_left = 3\n");
    assert!(err.contains("line 2, column 13"), "{err}");
    let err = settings_error("[keys]\n\"evil\\u001b[2J\" = \"x\"\n");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

/// The tern binary with a home of its own and none of tern's variables.
fn tern(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tern"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("TERN_CONFIG")
        .env_remove("TERN_CODEX_BIN")
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

#[test]
fn tern_keys_prints_every_table_with_the_remaps_and_print_config_the_keys_moved() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    config_file(
        &folder,
        "[keys]\nword_left = \"alt+b\"\n[keys.diff]\nnext_hunk = [\"j\", \"ctrl+n\"]\n",
    );
    let out = tern(home.path(), &["--keys"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "plain text: {text:?}"
    );
    for table in tern::app::reference::tables(&Default::default()) {
        assert!(
            text.contains(&table.list.title),
            "{} missing",
            table.list.title
        );
    }
    assert!(text.contains("Keys several modes share"), "{text}");
    assert!(text.contains("/model"), "{text}");
    let shell = text.lines().find(|l| l.contains("!command, then Enter"));
    assert!(
        shell.is_some_and(|l| l.trim_start().starts_with("! ")),
        "{text}"
    );
    let word_left = text.lines().find(|l| l.contains("[word_left]")).unwrap();
    assert!(word_left.trim_start().starts_with("Alt+B "), "{word_left}");
    let hunk = text.lines().find(|l| l.contains("[next_hunk]")).unwrap();
    assert!(hunk.trim_start().starts_with("j/Ctrl+N "), "{hunk}");

    let out = tern(home.path(), &["--print-config"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("keys.word_left = \"alt+b\"  # from "),
        "{text}"
    );
    assert!(
        text.contains("keys.diff.next_hunk = [\"j\", \"ctrl+n\"]  # from "),
        "{text}"
    );

    // A mistake stops `--keys` too, with the reason.
    config_file(&folder, "[keys]\nword_left = \"nope+b\"\n");
    let out = tern(home.path(), &["--keys"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("`nope` is not a modifier"), "{err}");
}

/// `!command` is told by `?` (it was missing there and from `tern --keys`), and `!` still types
/// the line's first character.
#[test]
fn question_mark_help_tells_of_shell_commands_and_bang_still_types() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, key(KeyCode::Char('?')), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("!command, then Enter"), "{shown}");
    update(&mut state, key(KeyCode::Esc), now);
    type_text(&mut state, "!ls", now);
    assert_eq!(state.expanded_draft(), "!ls");
}

#[test]
fn slash_help_shows_the_whole_reference() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/help", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    let Some(Layer::Help(help)) = state.person_layers().last() else {
        panic!("no help: {:?}", state.person_layers())
    };
    let titles: Vec<&str> = help.sections.iter().map(|(t, _)| t.as_str()).collect();
    let expected = tern::app::reference::sections(&Default::default());
    assert_eq!(
        titles,
        expected.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>()
    );
    assert!(titles.contains(&"Diff — [keys.diff]"), "{titles:?}");
}
