//! `/mcp`, `/skills` and the `$name` finder on screen at 80×24 and 120×40: ordinary answers,
//! and answers with escape sequences, bidi controls and carriage returns in every field (names,
//! titles, versions, tool names and descriptions, errors, the sign-in URL, the states, skill
//! names, scopes, descriptions and the files that did not load) — shown, never applied.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, RequestTag};

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m";

fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

fn mcp_answer(evil: bool) -> Value {
    let e = |s: &str| {
        if evil {
            format!("{s}{EVIL}")
        } else {
            s.to_string()
        }
    };
    json!({"data": [
        {"name": e("tiny"), "runtimeStatus": "connected", "authStatus": "unsupported",
         "serverInfo": {"name": e("tiny"), "title": e("Tiny MCP"), "version": e("0.1.0")},
         "tools": {
            e("echo"): {"name": e("echo"), "title": "Echo", "description": e("Echo the given text back"), "inputSchema": {}, "annotations": {"readOnlyHint": true}},
            "add": {"name": "add", "description": e("Add two numbers\nsecond line never shown"), "inputSchema": {}}
         }, "toolsError": null, "httpOrigin": null,
         "resources": [{"uri": e("file:///a"), "name": e("a")}, {"uri": "file:///b", "name": "b"}],
         "resourceTemplates": [{"uriTemplate": "file:///{x}", "name": "x"}]},
        {"name": "broken", "runtimeStatus": "failed", "authStatus": "unsupported", "serverInfo": null,
         "tools": {}, "toolsError": e("MCP startup failed: handshaking with MCP server failed: connection closed: initialize response"), "httpOrigin": null},
        {"name": "web", "runtimeStatus": if evil { e("weird") } else { "authenticationRequired".into() },
         "authStatus": if evil { e("strange") } else { "notLoggedIn".into() }, "serverInfo": null,
         "tools": {}, "toolsError": null, "httpOrigin": e("https://mcp.example.com")}
    ], "nextCursor": null})
}

fn mcp_state(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/mcp");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(RequestTag::ListMcpServers, Ok(mcp_answer(evil))),
        now,
    );
    // The first server's tools open; the third asks to sign in and gets its URL.
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Char('l')), now);
    let url = if evil {
        format!("https://auth.example.com/authorize?client=tern&state=abc{EVIL}")
    } else {
        "https://auth.example.com/authorize?client=tern&state=abc".to_string()
    };
    update(
        &mut state,
        reply(
            RequestTag::McpLogin { name: "web".into() },
            Ok(json!({"authorizationUrl": url})),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "mcpServer/startupStatus/updated",
            json!({"threadId": THREAD, "name": if evil { format!("late{EVIL}") } else { "late".into() },
                   "environmentId": null, "status": "failed",
                   "error": if evil { format!("MCP client for `late` failed to start: {EVIL}") } else { "MCP client for `late` failed to start: no such file".into() },
                   "failureReason": null}),
        ),
        now,
    );
    state
}

#[test]
fn mcp_at_80x24_and_120x40() {
    let now = Instant::now();
    let mut state = mcp_state(false, now);
    snapshot!("mcp_120x40", &screen(&mut state, 120, 40, now));
    snapshot!("mcp_80x24", &screen(&mut state, 80, 24, now));
}

#[test]
fn mcp_with_hostile_strings_in_every_field() {
    let now = Instant::now();
    let mut state = mcp_state(true, now);
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(&mut state, width, height, now);
        no_escapes(&text);
        snapshot!(&format!("mcp_hostile_{width}x{height}"), &text);
    }
}

fn skills_answer(evil: bool) -> Value {
    let e = |s: &str| {
        if evil {
            format!("{s}{EVIL}")
        } else {
            s.to_string()
        }
    };
    json!({"data": [{"cwd": "/home/user/project", "skills": [
        {"name": e("user-skill"), "description": e("Says hello in French"), "path": "/h/.codex/skills/user-skill/SKILL.md", "scope": e("user"), "enabled": true},
        {"name": "repo-lint", "description": e("Lints the repository with the house rules, a description long enough to be cut at eighty columns"),
         "interface": {"shortDescription": e("Lints the repository")}, "path": "/p/.codex/skills/repo-lint/SKILL.md", "scope": "repo", "enabled": true},
        {"name": "skill-creator", "description": "Create or update a skill", "path": "/h/.codex/skills/.system/skill-creator/SKILL.md", "scope": "system", "enabled": true},
        {"name": "old-notes", "description": e("Turned off in the config"), "path": "/h/.codex/skills/old-notes/SKILL.md", "scope": "user", "enabled": false}
    ], "errors": [{"path": e("/h/.codex/skills/bad/SKILL.md"), "message": e("missing YAML frontmatter delimited by ---")}]}]})
}

fn with_skills(state: &mut AppState, evil: bool, now: Instant) {
    update(
        state,
        reply(RequestTag::ListSkills, Ok(skills_answer(evil))),
        now,
    );
}

#[test]
fn skills_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        state.set_draft("/skills");
        update(&mut state, key(KeyCode::Enter), now);
        with_skills(&mut state, evil, now);
        update(&mut state, key(KeyCode::Down), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            let name = if evil { "skills_hostile" } else { "skills" };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
    }
}

#[test]
fn the_skill_finder_above_the_composer() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        type_text(&mut state, "please use $", now);
        let loading = screen(&mut state, 80, 24, now);
        assert!(loading.contains("reading the skills…"), "{loading}");
        with_skills(&mut state, evil, now);
        type_text(&mut state, "l", now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            let name = if evil {
                "skill_finder_hostile"
            } else {
                "skill_finder"
            };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
    }
}
