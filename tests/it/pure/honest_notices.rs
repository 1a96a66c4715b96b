//! Notices that say what happened once: repeated warnings are counted, retries update one line,
//! a thread in `systemError` says so.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState};
use tern::model::{CellKind, NoticeLevel};

fn notices(state: &AppState) -> Vec<(NoticeLevel, String)> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Notice { level, text } => Some((*level, text.clone())),
            _ => None,
        })
        .collect()
}

fn retry(attempt: u32, will_retry: bool) -> tern::app::AppEvent {
    notify(
        "error",
        json!({"threadId": THREAD, "turnId": "turn-1", "willRetry": will_retry,
               "error": {"message": format!("Reconnecting... {attempt}/5"),
                         "additionalDetails": "high demand"}}),
    )
}

#[test]
fn a_warning_repeated_each_turn_is_shown_once_with_a_count() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let warning = "Model metadata for `mock-model` not found. Defaulting to fallback metadata";
    for i in 0..3 {
        update(
            &mut state,
            notify("warning", json!({"threadId": THREAD, "message": warning})),
            now,
        );
        type_text(&mut state, "again", now);
        update(&mut state, key(crossterm::event::KeyCode::Enter), now);
        update(
            &mut state,
            notify(
                "turn/completed",
                json!({"threadId": THREAD,
                "turn": {"id": format!("t{i}"), "items": [], "status": "completed"}}),
            ),
            now,
        );
    }
    let shown: Vec<_> = notices(&state)
        .into_iter()
        .filter(|(_, t)| t.starts_with("Model metadata"))
        .collect();
    assert_eq!(shown, [(NoticeLevel::Warning, format!("{warning} (×3)"))]);
    // A different warning is its own line.
    update(
        &mut state,
        notify(
            "warning",
            json!({"threadId": THREAD, "message": "something else"}),
        ),
        now,
    );
    assert!(notices(&state).contains(&(NoticeLevel::Warning, "something else".into())));
}

#[test]
fn retries_update_one_line_and_the_final_error_is_its_own() {
    let now = Instant::now();
    let mut state = running_state(now);
    for attempt in 1..=3 {
        update(&mut state, retry(attempt, true), now);
    }
    assert_eq!(
        notices(&state),
        [(
            NoticeLevel::Warning,
            "Retrying: Reconnecting... 3/5 (high demand)".to_string()
        )]
    );
    update(&mut state, retry(5, false), now);
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": THREAD, "status": {"type": "systemError"}}),
        ),
        now,
    );
    let all = notices(&state);
    assert_eq!(all.len(), 3, "{all:?}");
    assert_eq!(all[1].1, "Error: Reconnecting... 5/5 (high demand)");
    assert_eq!(all[2].0, NoticeLevel::Error);
    assert!(all[2].1.contains("systemError"), "{all:?}");
    // Another turn's retries get their own line.
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD,
            "turn": {"id": "turn-1", "items": [], "status": "failed"}}),
        ),
        now,
    );
    let before = notices(&state).len();
    type_text(&mut state, "next", now);
    update(&mut state, key(crossterm::event::KeyCode::Enter), now);
    update(&mut state, retry(1, true), now);
    assert_eq!(notices(&state).len(), before + 1);
}

#[test]
fn another_threads_system_error_is_not_ours() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": "other", "status": {"type": "systemError"}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": THREAD, "status": {"type": "idle"}}),
        ),
        now,
    );
    assert!(notices(&state).is_empty());
}

fn usage(turn: &str, last: u64) -> tern::app::AppEvent {
    notify(
        "thread/tokenUsage/updated",
        json!({"threadId": THREAD, "turnId": turn, "tokenUsage": {
            "total": {"totalTokens": last, "inputTokens": last, "cachedInputTokens": 0,
                      "outputTokens": 0, "reasoningOutputTokens": 0},
            "last": {"totalTokens": last, "inputTokens": last, "cachedInputTokens": 0,
                     "outputTokens": 0, "reasoningOutputTokens": 0},
            "modelContextWindow": 100000}}),
    )
}

/// After `/compact` the context figure rose: the compaction turn's token use (the summarizing
/// call, which read the whole history) was shown as what the context holds. It says
/// "compacted" until the next turn's use gives the figure.
#[test]
fn a_compaction_does_not_raise_the_context_figure() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, usage("t1", 40_000), now);
    let status = |state: &mut AppState| {
        screen(state, 120, 30, now)
            .lines()
            .find(|l| l.starts_with("ready"))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        status(&mut state).contains("ctx 40.0k (40%)"),
        "{}",
        status(&mut state)
    );
    for (method, params) in [
        (
            "turn/started",
            json!({"turn": {"id": "t2", "items": [], "status": "inProgress"}}),
        ),
        (
            "item/started",
            json!({"turnId": "t2", "item": {"type": "contextCompaction", "id": "cc"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    update(&mut state, usage("t2", 52_000), now);
    for (method, params) in [
        (
            "item/completed",
            json!({"turnId": "t2", "item": {"type": "contextCompaction", "id": "cc"}}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": "t2", "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    let line = status(&mut state);
    assert!(
        line.contains("ctx compacted") && !line.contains("52"),
        "{line}"
    );
    update(&mut state, usage("t3", 6_000), now);
    assert!(
        status(&mut state).contains("ctx 6.0k (6%)"),
        "{}",
        status(&mut state)
    );
}
