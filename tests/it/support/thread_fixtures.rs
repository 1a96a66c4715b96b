//! Threads, pages and turns as the server sends them, and a picker driven to a known state,
//! for the picker's transition and screen tests.

use super::common::*;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::thread_picker::ThreadPicker;
use tern::app::layers::Layer;
use tern::app::{
    update, AppState, Effect, ListPurpose, RequestTag, Resume, SessionConfig, WallClock,
};

pub const CWD: &str = "/home/user/project";
/// The wall clock at the test's `now`.
pub const NOW_UNIX: i64 = 1_800_000_000;

pub fn thread(id: &str, preview: &str, minutes_ago: i64) -> Value {
    json!({
        "id": id, "preview": preview, "name": null, "cwd": CWD,
        "createdAt": NOW_UNIX - minutes_ago * 60 - 3600, "updatedAt": NOW_UNIX - minutes_ago * 60,
        "gitInfo": {"sha": "abc", "branch": "main", "originUrl": null},
        "status": {"type": "notLoaded"}, "turns": [],
    })
}

pub fn threads(range: std::ops::Range<usize>) -> Vec<Value> {
    range
        .map(|n| {
            thread(
                &format!("t-{n:03}"),
                &format!("question {n} about parsing"),
                n as i64 * 7,
            )
        })
        .collect()
}

pub fn page(data: Vec<Value>, next: Option<&str>) -> Result<Value, String> {
    Ok(json!({"data": data, "nextCursor": next, "backwardsCursor": null}))
}

pub fn config_with(resume: Resume, now: Instant) -> SessionConfig {
    SessionConfig {
        resume,
        home: Some("/home/user".into()),
        wall_clock: Some(WallClock {
            unix_secs: NOW_UNIX,
            at: now,
        }),
        ..config()
    }
}

/// `tern resume` after `initialize`: the picker is open and its first requests are returned.
pub fn picker_at_startup(now: Instant) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(config_with(Resume::Pick, now));
    let effects = wire(update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    ));
    (state, effects)
}

pub fn picker(state: &AppState) -> &ThreadPicker {
    state
        .person_layers()
        .iter()
        .rev()
        .find_map(|layer| match layer {
            Layer::ThreadPicker(picker) => Some(picker.as_ref()),
            _ => None,
        })
        .expect("the picker is open")
}

pub fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

pub fn list_answer(
    state: &mut AppState,
    purpose: ListPurpose,
    result: Result<Value, String>,
    now: Instant,
) -> Vec<Effect> {
    wire(update(
        state,
        reply(RequestTag::ListThreads(purpose), result),
        now,
    ))
}

/// The picker with the exact first page of 25 (more to come).
pub fn loaded_picker(now: Instant) -> AppState {
    let (mut state, _) = picker_at_startup(now);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(threads(0..25), Some("cursor-2")),
        now,
    );
    state
}

pub fn resume_answer(thread_value: Value) -> Result<Value, String> {
    Ok(json!({
        "thread": thread_value, "model": "mock-model", "cwd": CWD,
        "turnsBackwardsCursor": "back-cursor",
    }))
}

pub fn turn(id: &str, question: &str, answer: &str, status: &str) -> Value {
    json!({"id": id, "status": status, "error": null, "durationMs": 10, "items": [
        {"type": "userMessage", "id": format!("{id}-u"), "content": [{"type": "text", "text": question, "text_elements": []}]},
        {"type": "agentMessage", "id": format!("{id}-m"), "text": answer},
    ]})
}

pub fn hostile_picker(now: Instant) -> AppState {
    let (mut state, _) = picker_at_startup(now);
    let mut data = vec![
        json!({"id": "t-evil\u{1b}]52;c;ZXZpbA==\u{7}", "preview": "steal \u{1b}]0;title\u{7}the clipboard\u{1b}[2J", "name": null,
               "cwd": "/home/user/project\u{1b}[31m", "createdAt": NOW_UNIX - 86_400 - 60, "updatedAt": NOW_UNIX - 86_400 - 60,
               "gitInfo": {"branch": "feat/\u{1b}[5mblink"}, "status": {"type": "notLoaded"}}),
        json!({"id": "t-named", "preview": "the first message", "name": "Named thread", "cwd": CWD,
               "createdAt": NOW_UNIX - 3 * 86_400, "updatedAt": NOW_UNIX - 180,
               "gitInfo": {"branch": "main"}, "status": {"type": "active", "activeFlags": []}}),
    ];
    data.extend(threads(2..9));
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(data, Some("more")),
        now,
    );
    state
}

pub fn peek_answer(
    state: &mut AppState,
    thread_id: &str,
    result: Result<Value, String>,
    now: Instant,
) -> Vec<Effect> {
    wire(update(
        state,
        reply(
            RequestTag::PeekTurns {
                thread_id: thread_id.into(),
            },
            result,
        ),
        now,
    ))
}
