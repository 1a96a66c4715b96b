//! `/hooks` on screen at 80×24 and 120×40, and the startup lines for hooks codex holds back:
//! ordinary answers, and answers with escape sequences, bidi controls and carriage returns in
//! every field shown (events, commands, sources, warnings, the files that did not load) —
//! shown, never applied. A trust waiting for `y` names the command it would trust.

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

fn hooks_answer(evil: bool) -> Value {
    let e = |s: &str| {
        if evil {
            format!("{s}{EVIL}")
        } else {
            s.to_string()
        }
    };
    let hook = |key: &str, event: String, command: String, source: String, trust: &str| {
        json!({"key": key, "eventName": event, "handlerType": "command", "command": command,
               "sourcePath": "/h/.codex/config.toml", "source": source, "enabled": true,
               "currentHash": "sha256:1", "trustStatus": trust})
    };
    json!({"data": [{"cwd": "/home/user/project", "hooks": [
        hook("k1", e("userPromptSubmit"), e("touch /tmp/prompt-marker"), e("user"), "untrusted"),
        hook("k2", "stop".into(), e("notify-send 'codex is done' --urgency=low --app-name=codex --expire-time=4000 --icon=dialog-information"), "project".into(), "trusted"),
        hook("k3", "preToolUse".into(), e("./scripts/check-tool.sh"), "user".into(), "modified"),
        {"key": "k4", "eventName": "preToolUse", "handlerType": "mcpTool", "server": e("guard"), "tool": e("inspect"),
         "source": "plugin", "enabled": false, "currentHash": "sha256:2", "trustStatus": "managed"},
    ], "warnings": [e("hooks.json: unknown key `matchers`")],
       "errors": [{"path": e("/p/.codex/hooks.json"), "message": e("expected an array at line 3")}]}]})
}

fn listed(state: &mut AppState, startup: bool, evil: bool, now: Instant) {
    update(
        state,
        reply(RequestTag::ListHooks { startup }, Ok(hooks_answer(evil))),
        now,
    );
}

#[test]
fn hooks_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        listed(&mut state, true, evil, now);
        state.set_draft("/hooks");
        update(&mut state, key(KeyCode::Enter), now);
        listed(&mut state, false, evil, now);
        update(&mut state, key(KeyCode::End), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            let name = if evil { "hooks_hostile" } else { "hooks" };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
        // `t`: the question names what it would trust.
        update(&mut state, key(KeyCode::Char('t')), now);
        let text = screen(&mut state, 120, 40, now);
        no_escapes(&text);
        assert!(text.contains("Trust `touch /tmp/prompt-marker"), "{text}");
        let name = if evil {
            "hooks_confirm_hostile"
        } else {
            "hooks_confirm"
        };
        snapshot!(&format!("{name}_120x40"), &text);
    }
}
