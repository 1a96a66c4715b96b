//! `/plugins` on screen at 80×24 and 120×40 — the list, a plugin's details, the install
//! question — with ordinary answers and with escape sequences, bidi controls, carriage returns
//! and very long names in every field shown (plugin and marketplace names, descriptions, skills,
//! MCP servers, hooks, apps, marketplace errors): shown as markers, never applied.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, RequestTag};

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m\r";

fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

fn e(evil: bool, s: &str) -> String {
    if evil {
        format!("{s}{EVIL}{}", "long".repeat(30))
    } else {
        s.to_string()
    }
}

fn summary(evil: bool, name: &str, shown: &str, what: &str, installed: bool) -> Value {
    json!({"id": format!("{name}@local"), "name": name, "installed": installed,
        "enabled": installed, "installPolicy": "AVAILABLE", "availability": "AVAILABLE",
        "interface": {"displayName": e(evil, shown), "shortDescription": e(evil, what)}})
}

fn open(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let list = json!({"marketplaces": [{"name": e(evil, "local"), "path": "/w/.agents/plugins/marketplace.json",
        "plugins": [summary(evil, "hello", "Hello plugin", "Greets the person", false),
                    summary(false, "lint", "Linter", "Checks the style of every file", true)]}],
        "marketplaceLoadErrors": [{"marketplacePath": e(evil, "/x/marketplace.json"),
            "message": e(evil, "expected value at line 1")}]});
    update(&mut state, reply(RequestTag::ListPlugins, Ok(list)), now);
    state
}

fn read(state: &mut AppState, evil: bool, now: Instant) {
    let detail = json!({"plugin": {"marketplaceName": e(evil, "local"),
        "summary": summary(evil, "hello", "Hello plugin", "Greets the person", false),
        "description": e(evil, "Says hello when a session starts, and greets by name."),
        "skills": [{"name": e(evil, "hello:greet"), "description": e(evil, "Greet the person")}],
        "hooks": [{"key": e(evil, "hello:session_start:0:0"), "eventName": e(evil, "sessionStart")}],
        "apps": [{"id": "a1", "name": e(evil, "Calendar")}],
        "mcpServers": [e(evil, "echo")]}});
    update(state, reply(RequestTag::ReadPlugin, Ok(detail)), now);
}

#[test]
fn plugins_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let name = if evil { "plugins_hostile" } else { "plugins" };
        let mut state = open(evil, now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            assert!(text.contains("Search: "), "{text}");
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
        update(&mut state, key(KeyCode::Enter), now);
        read(&mut state, evil, now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            assert!(text.contains("MCP servers it starts (1)"), "{text}");
            snapshot!(&format!("{name}_details_{width}x{height}"), &text);
        }
        update(&mut state, key(KeyCode::Char('i')), now);
        let text = screen(&mut state, 120, 40, now);
        no_escapes(&text);
        assert!(
            text.contains("Install the plugin?"),
            "the one confirm box: {text}"
        );
        assert!(text.contains("MCP servers:"), "{text}");
        snapshot!(&format!("{name}_install_120x40"), &text);
    }
}
