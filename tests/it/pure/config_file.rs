//! tern's config file: keys read, flags winning over it, unknown keys warned about by name, a
//! broken file refused with its line and column (never a panic), `--print-config` naming where
//! each setting came from, and the notifications it turns on (bell, OSC 9) when unfocused.

use crate::support::common::*;
use clap::Parser;
use serde_json::json;
use std::path::Path;
use std::process::Command;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, SessionConfig};
use tern::cli::Cli;
use tern::config::{parse, Source};
use tern::session::attention::{QUESTION_WAITS, TURN_ENDED};

#[test]
fn a_broken_file_is_an_error_with_line_and_column() {
    let err = parse("model = \"gpt-x\"\nbell = yes\n").unwrap_err();
    assert!(err.starts_with("line 2, column 8:"), "{err}");
    let err = parse("model = \"gpt-x\"\n\n  bell = \"loud\"\n").unwrap_err();
    assert!(err.starts_with("line 3, column 10:"), "{err}");
    assert!(err.contains("bool"), "{err}");
    let err = parse("[unclosed\n").unwrap_err();
    assert!(err.starts_with("line 1, column"), "{err}");
    let err = parse("theme = \"pur/ple\"\n").unwrap_err();
    assert!(
        err.contains("line 1, column 1")
            && err.contains("dark, light, high-contrast, ansi, auto")
            && err.contains("a file in themes/"),
        "{err}"
    );
    // A name a theme file could have is looked for once the theme files are read.
    assert!(parse("theme = \"purple\"\n").is_ok());
}

#[test]
fn an_unknown_key_is_a_warning_that_names_it() {
    let (config, warnings) =
        parse("model = \"m\"\nbel = true\n\"evil\\u001b]0;x\\u0007\" = 1\n").unwrap();
    assert_eq!(config.model.as_deref(), Some("m"));
    assert_eq!(warnings.len(), 2);
    assert!(warnings[0].contains("unknown key `bel`"), "{warnings:?}");
    assert!(
        !warnings.concat().contains('\u{1b}'),
        "key names are sanitized"
    );
}

fn write_config(dir: &Path, text: &str) -> std::path::PathBuf {
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn flags_override_the_file_and_the_file_overrides_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_config(
        dir.path(),
        "model = \"file-model\"\nsandbox = \"read-only\"\nbell = true\n",
    );
    let path_arg = path.to_string_lossy().into_owned();
    let cli = Cli::parse_from(["tern", "-m", "flag-model", "--config-file", &path_arg]);
    let (loaded, effective, _) = cli.settings().unwrap();
    assert_eq!(loaded.path.as_deref(), Some(path.as_path()));
    assert_eq!(effective.model.value.as_deref(), Some("flag-model"));
    assert_eq!(effective.model.source, Source::Flag);
    assert_eq!(effective.sandbox.value.as_deref(), Some("read-only"));
    assert_eq!(effective.sandbox.source, Source::File(path.clone()));
    assert_eq!(effective.approval_policy.source, Source::Default);
    let session = cli.session_config_with(&effective).unwrap();
    assert_eq!(session.settings.model.as_deref(), Some("flag-model"));
    assert_eq!(session.settings.sandbox.as_deref(), Some("read-only"));
    assert!(session.bell);
    assert!(!session.desktop_notification);
}

#[test]
fn alerts_are_on_by_default_and_notify_wins_over_the_older_keys() {
    let home = tempfile::tempdir().unwrap();
    let out = tern(home.path(), &["--print-config"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("notify = \"auto\"  # default"), "{text}");
    let folder = home.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    write_config(&folder, "bell = true\nnotify = \"off\"\n");
    let out = tern(home.path(), &["--print-config"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("notify = \"off\"  # from"), "{text}");
    assert!(
        text.contains("# bell = true: the older key; notify wins"),
        "{text}"
    );
    let cli = Cli::parse_from([
        "tern",
        "--config-file",
        &folder.join("config.toml").to_string_lossy(),
    ]);
    let (_, effective, _) = cli.settings().unwrap();
    let session = cli.session_config_with(&effective).unwrap();
    assert!(!session.bell && !session.desktop_notification);
}

#[test]
fn a_bad_policy_in_the_file_is_refused_like_a_bad_flag() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_config(dir.path(), "approval_policy = \"sometimes\"\n");
    let path_arg = path.to_string_lossy().into_owned();
    let cli = Cli::parse_from(["tern", "--config-file", &path_arg]);
    let (_, effective, _) = cli.settings().unwrap();
    assert!(cli
        .session_config_with(&effective)
        .unwrap_err()
        .contains("on-request"));
}

/// The tern binary with HOME and XDG_CONFIG_HOME in `home`, and none of tern's variables.
fn tern(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tern"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("TERN_CONFIG")
        .env_remove("TERN_CODEX_BIN")
        .env_remove("TERN_THEME")
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

#[test]
fn print_config_says_where_each_setting_came_from() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    let path = write_config(
        &folder,
        "model = \"file-model\\u001b]0;pwned\\u0007\"\ntheme = \"light\"\ndesktop_notification = true\ncolour = 1\n",
    );
    let out = tern(home.path(), &["--print-config", "--sandbox", "read-only"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let file = path.to_string_lossy();
    assert!(text.contains(&format!("# config file: {file}")), "{text}");
    assert!(text.contains("# warning: unknown key `colour`"), "{text}");
    assert!(
        text.contains(&format!("model = \"file-model\"  # from {file}")),
        "{text}"
    );
    assert!(
        text.contains("sandbox = \"read-only\"  # from a flag"),
        "{text}"
    );
    assert!(
        text.contains("approval_policy = (codex's own)  # default"),
        "{text}"
    );
    assert!(
        text.contains(&format!("theme = \"light\"  # from {file}")),
        "{text}"
    );
    // The older key alone decides, and the output says it was read as `notify`.
    assert!(
        text.contains(&format!("notify = \"notification\"  # from {file}")),
        "{text}"
    );
    assert!(
        text.contains("# desktop_notification = true: the older key; read as notify"),
        "{text}"
    );
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "sanitized: {text:?}"
    );
}

#[test]
fn print_config_without_a_file_and_with_the_environment() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tern"))
        .arg("--print-config")
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env_remove("TERN_CONFIG")
        .env("TERN_CODEX_BIN", "/opt/codex")
        .env("TERN_THEME", "dark")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("(not found)"), "{text}");
    assert!(
        text.contains("codex_bin = \"/opt/codex\"  # from $TERN_CODEX_BIN"),
        "{text}"
    );
    assert!(
        text.contains("theme = \"dark\"  # from $TERN_THEME"),
        "{text}"
    );
    assert!(text.contains("no_color = true  # from $NO_COLOR"), "{text}");
}

#[test]
fn a_broken_file_stops_tern_with_the_position_and_no_panic() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    write_config(&folder, "model = \"ok\"\nbell = maybe\n");
    let out = tern(home.path(), &["--demo"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("config.toml: line 2, column 8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A file named explicitly must exist.
    let out = tern(
        home.path(),
        &["--config-file", "/nonexistent/tern.toml", "--print-config"],
    );
    assert_eq!(out.status.code(), Some(2));
}

fn alerting(bell: bool, notify: bool) -> AppState {
    let now = Instant::now();
    let mut state = ready_state(now);
    *state.config_mut() = SessionConfig {
        bell,
        desktop_notification: notify,
        ..state.config().clone()
    };
    state
}

fn alerts(effects: Vec<Effect>) -> Vec<Effect> {
    effects
        .into_iter()
        .filter(|e| matches!(e, Effect::Alert { .. }))
        .collect()
}

fn run_turn(state: &mut AppState, now: Instant) {
    type_text(state, "hi", now);
    update(state, key(crossterm::event::KeyCode::Enter), now);
    update(
        state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
}

#[test]
fn a_turn_ending_while_unfocused_rings_and_notifies() {
    let now = Instant::now();
    let mut state = alerting(true, true);
    run_turn(&mut state, now);
    update(&mut state, AppEvent::Focus(false), now);
    assert!(!state.focused());
    let effects = update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    assert_eq!(
        alerts(effects),
        [Effect::Alert {
            bell: true,
            notification: Some(TURN_ENDED.into())
        }]
    );
}

#[test]
fn a_question_waiting_while_unfocused_notifies_and_nothing_while_focused() {
    let now = Instant::now();
    let approval = || {
        server_request(
            3,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c", "command": "ls"}),
        )
    };
    let mut state = alerting(false, true);
    run_turn(&mut state, now);
    assert!(
        alerts(update(&mut state, approval(), now)).is_empty(),
        "focused"
    );
    let mut state = alerting(false, true);
    run_turn(&mut state, now);
    update(&mut state, AppEvent::Focus(false), now);
    assert_eq!(
        alerts(update(&mut state, approval(), now)),
        [Effect::Alert {
            bell: false,
            notification: Some(QUESTION_WAITS.into())
        }]
    );
    // Off in the config: nothing.
    let mut state = alerting(false, false);
    run_turn(&mut state, now);
    update(&mut state, AppEvent::Focus(false), now);
    assert!(alerts(update(&mut state, approval(), now)).is_empty());
}

#[test]
fn the_alert_is_a_bell_and_an_osc_9_that_cannot_be_broken_out_of() {
    use tern::runtime::event_loop::alert_bytes;
    assert_eq!(alert_bytes(true, None), "\u{7}");
    assert_eq!(
        alert_bytes(false, Some("done\u{7}\u{1b}]52;c;eA==\u{7}")),
        "\u{1b}]9;done\u{7}"
    );
}

#[test]
fn no_color_draws_without_colours() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.config_mut().no_color = true;
    run_turn(&mut state, now);
    update(&mut state, AppEvent::Resize(60, 12), now);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(60, 12)).unwrap();
    terminal.draw(|f| tern::ui::draw(f, &state, now)).unwrap();
    let buffer = terminal.backend().buffer();
    assert!(buffer
        .content
        .iter()
        .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset));
    state.config_mut().no_color = false;
    terminal.draw(|f| tern::ui::draw(f, &state, now)).unwrap();
    assert!(
        terminal
            .backend()
            .buffer()
            .content
            .iter()
            .any(|c| c.fg != ratatui::style::Color::Reset),
        "with colours, something is coloured (the test would pass vacuously otherwise)"
    );
}

#[test]
fn what_tern_says_before_starting_is_sanitised() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("config/tern");
    std::fs::create_dir_all(&folder).unwrap();
    let hostile = "x\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{202e}y";
    let cwd = format!("/nonexistent/{hostile}");
    let codex_bin = format!("/nonexistent/{hostile}/codex");
    let sandbox = format!("--sandbox={hostile}");
    // clap's own error for an unknown flag quotes it.
    let unknown_flag = tern(home.path(), &[&format!("--{hostile}")]);
    let text = String::from_utf8_lossy(&unknown_flag.stderr);
    assert_eq!(unknown_flag.status.code(), Some(2), "{text:?}");
    assert!(text.contains("error:"), "{text:?}");
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' || c == '\u{202e}'),
        "raw control characters from clap: {text:?}"
    );
    let runs = [
        tern(home.path(), &["--cwd", &cwd]),
        tern(home.path(), &["--codex-bin", &codex_bin]),
        tern(home.path(), &[&sandbox]),
    ];
    // A broken config file whose error quotes the hostile line.
    write_config(&folder, &format!("model = \"a\"\n{hostile} = = 1\n"));
    let broken = tern(home.path(), &[]);
    for out in runs.iter().chain([&broken]) {
        assert!(!out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(text.starts_with("tern: "), "{text:?}");
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' || c == '\u{202e}'),
            "raw control characters on stderr: {text:?}"
        );
    }
}
