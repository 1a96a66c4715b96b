//! `/config` and `/warnings`. `/config` asks codex for its settings (`config/read`, the exact
//! JSON) and lists tern's settings with their source, then codex's with the layer that set
//! each; a refusal is said in the box, never a hang. `/warnings` keeps what tern found at
//! startup and codex's warning notifications — `warning`, `configWarning` (with its file and
//! place), `deprecationNotice`, `guardianWarning`, a failed MCP server — counted when said
//! again, and shows the selected one whole on Enter.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, RequestTag};
use tern::session::state::first_run::DoctorSection;

fn open(
    state: &mut AppState,
    command: &str,
    now: Instant,
) -> Vec<(&'static str, serde_json::Value)> {
    state.set_draft(command);
    let effects = wire(update(state, key(KeyCode::Enter), now));
    effects.iter().filter_map(request_json).collect()
}

fn tern_settings() -> DoctorSection {
    DoctorSection {
        title: "tern's settings".into(),
        rows: vec![
            ("config file".into(), "/h/.config/tern/config.toml".into()),
            (
                "theme".into(),
                "\"light\" · from /h/.config/tern/config.toml".into(),
            ),
            ("vim".into(), "false · default".into()),
            ("screen".into(), "inline · from a flag".into()),
        ],
    }
}

#[test]
fn config_asks_codex_and_lists_every_setting_with_its_source() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.config_mut().first_run.doctor = vec![tern_settings()];
    let sent = open(&mut state, "/config", now);
    assert_eq!(
        sent,
        [(
            "config/read",
            json!({"includeLayers": false, "cwd": "/home/user/project"})
        )]
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Config(_))
    ));
    let asking = screen(&mut state, 120, 40, now);
    assert!(asking.contains("Asking codex for its settings"), "{asking}");
    assert!(asking.contains("inline"), "{asking}");
    assert!(asking.contains("from a flag"), "{asking}");
    let user = json!({"name": {"type": "user", "file": "/h/.codex/config.toml"}, "version": "1"});
    let project =
        json!({"name": {"type": "project", "dotCodexFolder": "/p/.codex"}, "version": "2"});
    update(
        &mut state,
        reply(
            RequestTag::ReadConfig,
            Ok(json!({
                "config": {"model": "gpt-test", "mcp_servers": {"docs": {"command": "npx"}}},
                "origins": {"model": user, "mcp_servers.docs.command": project},
            })),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    for said in [
        "tern's settings",
        "\"light\"",
        "codex's settings",
        "\"gpt-test\"",
        "user config (/h/.codex/config.toml)",
        "mcp_servers.docs.command",
        "project config (/p/.codex)",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    // The selected row whole under the list; moving selects the next.
    update(&mut state, key(KeyCode::End), now);
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("model = \"gpt-test\"  (user config (/h/.codex/config.toml))"),
        "{text}"
    );
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
}

#[test]
fn config_says_when_codex_refuses() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open(&mut state, "/config", now);
    update(
        &mut state,
        reply(RequestTag::ReadConfig, Err("Method not found".into())),
        now,
    );
    let text = screen(&mut state, 100, 30, now);
    assert!(
        text.contains("codex did not say its settings: Method not found"),
        "{text}"
    );
}

#[test]
fn warnings_are_kept_with_their_details_and_counted() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let notify_all = |state: &mut AppState| {
        for (method, params) in [
            (
                "warning",
                json!({"message": "Model metadata for `x` not found"}),
            ),
            (
                "configWarning",
                json!({"summary": "Unknown key `modle`", "details": "ignored",
                       "path": "/h/.codex/config.toml",
                       "range": {"start": {"line": 3, "column": 1}, "end": {"line": 3, "column": 6}}}),
            ),
            (
                "deprecationNotice",
                json!({"summary": "`experimental_instructions_file` is deprecated", "details": "use model_instructions_file"}),
            ),
            (
                "mcpServer/startupStatus/updated",
                json!({"name": "docs", "status": "failed", "error": "spawn npx: not found"}),
            ),
            (
                "mcpServer/startupStatus/updated",
                json!({"name": "ok", "status": "ready"}),
            ),
        ] {
            update(state, notify(method, params), now);
        }
    };
    notify_all(&mut state);
    // Said again: counted, not listed twice.
    update(
        &mut state,
        notify(
            "warning",
            json!({"message": "Model metadata for `x` not found"}),
        ),
        now,
    );
    open(&mut state, "/warnings", now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Warnings(_))
    ));
    let text = screen(&mut state, 120, 30, now);
    // The box's rows: one for each warning, the one said twice once.
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("╭ Warnings"))
        .skip(1)
        .take_while(|l| !l.contains("╰"))
        .collect();
    assert!(
        text.contains("Model metadata for `x` not found (×2)"),
        "{text}"
    );
    assert!(text.contains("MCP server docs failed to start"), "{text}");
    assert!(!text.contains("MCP server ok"), "{text}");
    assert_eq!(rows.len(), 4, "{rows:?}");
    // Newest first: the repeated warning is selected at the top; move to the config warning.
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    let text = screen(&mut state, 120, 30, now);
    assert!(text.contains("From codex config"), "{text}");
    assert!(
        text.contains("/h/.codex/config.toml, line 3 column 1"),
        "{text}"
    );
    assert!(text.contains("ignored"), "{text}");
    // Enter again: back to the list; Esc closes.
    update(&mut state, key(KeyCode::Enter), now);
    assert!(screen(&mut state, 120, 30, now).contains("newest first"));
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
}

#[test]
fn no_warnings_says_so() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open(&mut state, "/warnings", now);
    let text = screen(&mut state, 100, 30, now);
    assert!(text.contains("No warnings this session"), "{text}");
}

#[test]
fn tern_startup_warnings_are_said_and_kept() {
    let now = Instant::now();
    let mut state = ready_state(now);
    tern::session::warnings::startup(
        &mut state.session,
        "config file /h/tern.toml: unknown key `thme`".into(),
    );
    assert_eq!(
        last_notice(&state).1,
        "config file /h/tern.toml: unknown key `thme`"
    );
    open(&mut state, "/warnings", now);
    let text = screen(&mut state, 100, 30, now);
    assert!(
        text.contains("tern          config file /h/tern.toml: unknown key `thme`"),
        "{text}"
    );
}

#[test]
fn help_and_keys_list_the_settings_commands_and_what_is_left_out() {
    let text = tern::app::reference::text(&Default::default());
    for command in ["/config", "/warnings", "/statusline", "/title"] {
        assert!(text.contains(command), "{command}");
    }
    let (_, left_out) = text
        .split_once("Not in tern: the official TUI's commands left out, and why")
        .expect("the section");
    for command in ["/voice", "/pets", "/ide", "/presets"] {
        let line = left_out
            .lines()
            .find(|l| l.trim_start().starts_with(command))
            .unwrap_or_else(|| panic!("{command} in {left_out}"));
        assert!(line.len() > command.len() + 20, "a reason: {line}");
    }
}
