//! `/experimental` and `/memories` on screen at 80×24 and 120×40: ordinary answers, and answers
//! with escape sequences, bidi controls, carriage returns and very long names in every field
//! shown (feature names, display names, descriptions, the memory summary) — shown, never
//! applied. `/memories`' reset question says it cannot be undone.

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

fn evil_or(evil: bool, s: &str) -> String {
    if evil {
        format!("{s}{EVIL}{}", "long".repeat(40))
    } else {
        s.to_string()
    }
}

fn features_answer(evil: bool) -> Value {
    let feature = |name: String, shown: String, what: String, on: bool| {
        json!({"name": name, "stage": "beta", "displayName": shown, "description": what,
               "announcement": "", "enabled": on, "defaultEnabled": false})
    };
    json!({"data": [
        feature(evil_or(evil, "tui_extensions_statusline"), evil_or(evil, "Custom status line"),
            evil_or(evil, "Restart the TUI, then use /statusline."), true),
        feature("network_proxy".into(), "Network proxy".into(),
            evil_or(evil, "Route the agent's network through a proxy you approve."), false),
        feature("prevent_idle_sleep".into(), "Prevent sleep while running".into(),
            "Keep the computer awake while Codex is running a thread.".into(), false),
    ], "nextCursor": null})
}

fn experimental(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/experimental");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ListFeatures { paged: false },
            Ok(features_answer(evil)),
        ),
        now,
    );
    state
}

#[test]
fn experimental_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = experimental(evil, now);
        update(&mut state, key(KeyCode::Down), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            assert!(text.contains("[x] Custom status line"), "{text}");
            assert!(text.contains("[ ] Network proxy"), "{text}");
            let name = if evil {
                "experimental_hostile"
            } else {
                "experimental"
            };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
    }
}

fn memories(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/memories");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::MemoryStatus,
            Ok(json!({"v2ConsolidatedThreads": 1, "v2Ready": true})),
        ),
        now,
    );
    let mut summary: Vec<String> = (1..=30)
        .map(|i| format!("{i}. The person prefers small commits and honest subjects."))
        .collect();
    summary[1] = evil_or(evil, "Works on tern, a terminal frontend for codex.");
    update(
        &mut state,
        reply(
            RequestTag::ReadMemory,
            Ok(json!({"summary": summary.join("\n")})),
        ),
        now,
    );
    state
}

#[test]
fn memories_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = memories(evil, now);
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&mut state, width, height, now);
            no_escapes(&text);
            assert!(
                text.contains("codex's memory: ready, 1 thread consolidated"),
                "{text}"
            );
            let name = if evil { "memories_hostile" } else { "memories" };
            snapshot!(&format!("{name}_{width}x{height}"), &text);
        }
        // Scrolled to the end: the last line is in view.
        update(&mut state, key(KeyCode::End), now);
        let text = screen(&mut state, 80, 24, now);
        assert!(text.contains("30. The person prefers"), "{text}");
        update(&mut state, key(KeyCode::Char('r')), now);
        let text = screen(&mut state, 120, 40, now);
        assert!(
            text.contains("Reset memories?"),
            "the one confirm box: {text}"
        );
        assert!(text.contains("it cannot be undone"), "{text}");
        if !evil {
            snapshot!("memories_reset_120x40", &text);
        }
    }
}
