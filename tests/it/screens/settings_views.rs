//! `/config` and `/warnings` on screen at 80×24 and 120×40, with ordinary text and with
//! escape sequences, bidi controls, carriage returns and very long names in every field shown
//! (setting names, values, layers; warnings' summaries, details and MCP server names) —
//! shown, never applied, and cut to the box.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState, RequestTag};
use tern::session::state::first_run::DoctorSection;

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m\r";

fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

fn e(evil: bool, text: &str) -> String {
    if evil {
        format!("{text}{EVIL}")
    } else {
        text.to_string()
    }
}

fn config_open(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.config_mut().first_run.doctor = vec![DoctorSection {
        title: "tern's settings".into(),
        rows: vec![
            ("config file".into(), e(evil, "/h/.config/tern/config.toml")),
            ("model".into(), "(codex's own) · default".into()),
            (
                "theme".into(),
                format!(
                    "\"{}\" · from /h/.config/tern/config.toml",
                    e(evil, "light")
                ),
            ),
            ("screen".into(), "inline · from a flag".into()),
            ("vim_escape".into(), "\"jj\" · from $TERN_VIM_ESCAPE".into()),
        ],
    }];
    state.set_draft("/config");
    update(&mut state, key(KeyCode::Enter), now);
    let long = "a-very-long-provider-name-".repeat(6);
    let user =
        json!({"name": {"type": "user", "file": e(evil, "/h/.codex/config.toml")}, "version": "1"});
    let flags = json!({"name": {"type": "sessionFlags"}, "version": "2"});
    let mut origins = serde_json::Map::new();
    origins.insert("model".into(), user.clone());
    origins.insert("approval_policy".into(), flags);
    origins.insert(format!("model_providers.{long}.base_url"), user.clone());
    origins.insert(e(evil, "tui.notifications"), user);
    update(
        &mut state,
        reply(
            RequestTag::ReadConfig,
            Ok(json!({
                "config": {"model": e(evil, "gpt-test"), "approval_policy": "on-request",
                           "model_providers": {long.clone(): {"base_url": e(evil, &format!("https://{long}.example/v1"))}}},
                "origins": origins,
            })),
        ),
        now,
    );
    state
}

#[test]
fn config_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = config_open(evil, now);
        update(&mut state, key(KeyCode::End), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            let name = if evil { "config_hostile" } else { "config" };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
    }
}

fn warned(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    let long = "very-long-server-name-".repeat(8);
    for (method, params) in [
        (
            "warning",
            json!({"message": e(evil, "Model metadata for `gpt-x` not found; defaulting to fallback metadata")}),
        ),
        (
            "configWarning",
            json!({"summary": e(evil, "Unknown key `modle` in config.toml"), "details": e(evil, "it is ignored"),
                                 "path": e(evil, "/h/.codex/config.toml"),
                                 "range": {"start": {"line": 3, "column": 1}, "end": {"line": 3, "column": 6}}}),
        ),
        (
            "mcpServer/startupStatus/updated",
            json!({"name": e(evil, &long), "status": "failed",
                                                   "error": e(evil, "spawn npx: No such file or directory")}),
        ),
        (
            "warning",
            json!({"message": e(evil, "Model metadata for `gpt-x` not found; defaulting to fallback metadata")}),
        ),
    ] {
        update(&mut state, notify(method, params), now);
    }
    state.set_draft("/warnings");
    update(&mut state, key(KeyCode::Enter), now);
    state
}

#[test]
fn warnings_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = warned(evil, now);
        let name = if evil { "warnings_hostile" } else { "warnings" };
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
        // The MCP failure whole, its long name wrapped rather than cut.
        update(&mut state, key(KeyCode::Down), now);
        update(&mut state, key(KeyCode::Enter), now);
        let text = screen(&mut state, 80, 24, now);
        no_escapes(&text);
        assert!(text.contains("spawn npx: No such file"), "{text}");
        snapshot!(&format!("{name}_details_80x24"), &text);
    }
}

#[test]
fn statusline_and_title_checklists_at_80x24() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/statusline");
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    snapshot!("statusline_80x24", &screen(&mut state, 80, 24, now));
    update(&mut state, key(KeyCode::Esc), now);
    state.config_mut().title = Some(vec![tern::config::TitleItem::State]);
    state.set_draft("/title");
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Char(' ')), now);
    snapshot!("title_80x24", &screen(&mut state, 80, 24, now));
}
