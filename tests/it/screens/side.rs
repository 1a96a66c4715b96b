//! The side pane on screen: beside the main thread at 120 columns, over it at 80, while the
//! fork is on its way, with its answer, and closing (keep or archive); and `/side` alone's
//! list. The question and the answer carry escape sequences, bidi controls and carriage
//! returns: shown, never applied.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState, RequestTag};

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m\r";

fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

fn shots(state: &mut AppState, name: &str, now: Instant) {
    for (width, height) in [(120, 30), (80, 24)] {
        let text = screen(state, width, height, now);
        no_escapes(&text);
        snapshot!(&format!("{name}_{width}x{height}"), &text);
    }
}

#[test]
fn the_side_pane_beside_and_over_the_main_thread() {
    let now = Instant::now();
    for evil in [false, true] {
        let e = |s: &str| {
            if evil {
                format!("{s}{EVIL}")
            } else {
                s.to_string()
            }
        };
        let prefix = if evil { "side_hostile" } else { "side" };
        let mut state = ready_state(now);
        // Something in the main thread, to see it stays beside the pane.
        update(
            &mut state,
            notify(
                "item/completed",
                json!({"threadId": THREAD, "turnId": "t0", "item": {"type": "agentMessage",
                    "id": "m0", "text": "The main thread's answer: the build is green, the tests pass, and the release notes are written; it wraps beside the pane."}}),
            ),
            now,
        );
        update(
            &mut state,
            notify(
                "turn/completed",
                json!({"threadId": THREAD, "turn": {"id": "t0", "items": [], "status": "completed"}}),
            ),
            now,
        );
        let question = e("why is the sky blue?");
        state.set_draft(&format!("/side {question}"));
        update(&mut state, key(KeyCode::Enter), now);
        shots(&mut state, &format!("{prefix}_forking"), now);
        let fork = json!({"thread": {"id": "side-1", "preview": "", "turns": []}});
        update(
            &mut state,
            reply(
                RequestTag::ForkSide {
                    question: question.trim().to_string(),
                },
                Ok(fork),
            ),
            now,
        );
        let turn = |status: &str| json!({"threadId": "side-1", "turn": {"id": "s1", "items": [], "status": status}});
        update(&mut state, notify("turn/started", turn("inProgress")), now);
        update(
            &mut state,
            notify(
                "item/started",
                json!({"threadId": "side-1", "turnId": "s1", "item": {"type": "userMessage",
                    "id": "u1", "content": [{"type": "text", "text": question, "text_elements": []}]}}),
            ),
            now,
        );
        update(
            &mut state,
            notify(
                "item/completed",
                json!({"threadId": "side-1", "turnId": "s1", "item": {"type": "agentMessage",
                    "id": "a1", "text": e("Rayleigh scattering: shorter wavelengths scatter more.")}}),
            ),
            now,
        );
        shots(&mut state, &format!("{prefix}_answering"), now);
        update(&mut state, notify("turn/completed", turn("completed")), now);
        update(&mut state, key(KeyCode::Esc), now);
        shots(&mut state, &format!("{prefix}_closing"), now);
        update(&mut state, key(KeyCode::Char('k')), now);
        state.set_draft("/side");
        update(&mut state, key(KeyCode::Enter), now);
        shots(&mut state, &format!("{prefix}_earlier"), now);
    }
}

/// A side answer taller than the pane: its newest rows show, PgUp goes back a page at a time
/// to its first line (and no further), PgDn comes back to the newest.
#[test]
fn a_long_side_answer_scrolls_back_with_pgup_and_on_with_pgdn() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/side list them");
    update(&mut state, key(KeyCode::Enter), now);
    let fork = json!({"thread": {"id": "side-1", "preview": "", "turns": []}});
    let tag = RequestTag::ForkSide {
        question: "list them".into(),
    };
    update(&mut state, reply(tag, Ok(fork)), now);
    let answer: String = (0..60).map(|n| format!("- item {n}\n")).collect();
    let done =
        json!({"threadId": "side-1", "turn": {"id": "s1", "items": [], "status": "completed"}});
    update(&mut state, notify("turn/started", done.clone()), now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": "side-1", "turnId": "s1", "item": {"type": "agentMessage",
                "id": "a1", "text": answer}}),
        ),
        now,
    );
    update(&mut state, notify("turn/completed", done), now);
    let shows = |state: &mut AppState, what: &str| screen(state, 120, 30, now).contains(what);
    assert!(shows(&mut state, "item 59") && !shows(&mut state, "item 0 "));
    for _ in 0..10 {
        update(&mut state, key(KeyCode::PageUp), now);
    }
    let text = screen(&mut state, 120, 30, now);
    assert!(
        text.contains("item 0 ") || text.contains("item 0│"),
        "{text}"
    );
    assert!(!text.contains("item 59"), "{text}");
    assert!(text.contains("rows back"), "{text}");
    for _ in 0..10 {
        update(&mut state, key(KeyCode::PageDown), now);
    }
    let text = screen(&mut state, 120, 30, now);
    assert!(
        text.contains("item 59") && !text.contains("rows back"),
        "{text}"
    );
}
