//! `/memories`: reads codex's memory status (`memory/status {}`) and the thread's summary
//! (`thread/memory/read {threadId}`); `m` sets the thread's memory mode
//! (`thread/memoryMode/set`, the exact JSON) and reads again; `r` resets every memory
//! (`memory/reset`, null params) only after `y` in the one confirm box — `n` sends nothing.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn reads() -> Vec<(&'static str, Value)> {
    vec![
        ("memory/status", json!({})),
        ("thread/memory/read", json!({"threadId": THREAD})),
    ]
}

fn open(now: Instant, summary: Value) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/memories");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects), reads());
    update(
        &mut state,
        reply(
            RequestTag::MemoryStatus,
            Ok(json!({"v2ConsolidatedThreads": 3, "v2Ready": true})),
        ),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ReadMemory, Ok(json!({"summary": summary}))),
        now,
    );
    state
}

#[test]
fn memories_shows_the_status_and_the_summary() {
    let now = Instant::now();
    let mut state = open(now, json!("Prefers tabs.\nWorks on tern."));
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("codex's memory: ready, 3 threads consolidated"),
        "{shown}"
    );
    assert!(shown.contains("What codex remembers:"), "{shown}");
    assert!(shown.contains("Prefers tabs."), "{shown}");
    assert!(shown.contains("Works on tern."), "{shown}");
    assert!(
        shown.contains("This thread: as codex's config says"),
        "{shown}"
    );
}

#[test]
fn m_sets_the_thread_memory_mode_and_reads_again() {
    let now = Instant::now();
    let mut state = open(now, Value::Null);
    assert!(screen(&mut state, 120, 40, now).contains("codex holds no memory summary"));
    let effects = wire(update(&mut state, key(KeyCode::Char('m')), now));
    assert_eq!(
        requests(&effects),
        [(
            "thread/memoryMode/set",
            json!({"threadId": THREAD, "mode": "disabled"})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(RequestTag::SetMemoryMode { enabled: false }, Ok(json!({}))),
        now,
    ));
    assert_eq!(requests(&effects), reads());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "Memory off for this thread: codex neither uses nor keeps memories of it.".into()
        )
    );
    let effects = wire(update(&mut state, key(KeyCode::Char('m')), now));
    assert_eq!(
        requests(&effects),
        [(
            "thread/memoryMode/set",
            json!({"threadId": THREAD, "mode": "enabled"})
        )]
    );
}

#[test]
fn reset_waits_for_y_and_any_other_key_keeps_the_memories() {
    let now = Instant::now();
    let mut state = open(now, json!("x"));
    let effects = wire(update(&mut state, key(KeyCode::Char('r')), now));
    assert!(requests(&effects).is_empty());
    let question = asked(&state).expect("the one confirm box asks");
    assert!(question.contains("it cannot be undone"), "{question}");
    assert!(screen(&mut state, 120, 40, now).contains("Reset memories?"));
    let effects = wire(update(&mut state, key(KeyCode::Char('n')), now));
    assert!(requests(&effects).is_empty(), "{effects:?}");
    assert_eq!(asked(&state), None, "n keeps them");
    update(&mut state, key(KeyCode::Char('r')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(requests(&effects), [("memory/reset", Value::Null)]);
    let effects = wire(update(
        &mut state,
        reply(RequestTag::ResetMemory, Ok(json!({}))),
        now,
    ));
    assert_eq!(requests(&effects), reads());
    assert!(last_notice(&state).1.starts_with("Memories reset"));
}

#[test]
fn a_codex_without_memories_says_so() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/memories");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::MemoryStatus,
            Err("Invalid request: unknown variant `memory/status`".into()),
        ),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::ReadMemory, Err("unknown variant".into())),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Could not read: "), "{shown}");
    assert!(shown.contains("codex's memory: unknown"), "{shown}");
}
