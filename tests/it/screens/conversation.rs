//! Whole screens on ratatui's TestBackend, built from recorded server conversations, checked
//! with insta snapshots under the top-level `snapshots/` folder.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};

/// Feeds a recording's notifications, with its thread id rewritten to ours.
fn replay(state: &mut AppState, name: &str, now: Instant, until: Option<&str>) {
    let recorded_thread = recorded_notifications(name)
        .iter()
        .find_map(|(_, p)| p["threadId"].as_str().map(str::to_string))
        .unwrap();
    for (method, params) in recorded_notifications(name) {
        if until == Some(method.as_str()) {
            return;
        }
        let text = params.to_string().replace(&recorded_thread, THREAD);
        let params: Value = serde_json::from_str(&text).unwrap();
        if let Ok(n) = tern::protocol::ServerNotification::from_parts(&method, params) {
            update(state, AppEvent::Notification(n), now);
        }
    }
}

#[test]
fn streamed_answer_at_80_and_120_columns() {
    let now = Instant::now();
    let mut state = ready_state(now);
    replay(&mut state, "01-streamed-answer.jsonl", now, None);
    snapshot!("streamed_answer_80x30", &screen(&mut state, 80, 30, now));
    snapshot!("streamed_answer_120x30", &screen(&mut state, 120, 30, now));
}

#[test]
fn scrolled_up_transcript_shows_the_hint() {
    let now = Instant::now();
    let mut state = ready_state(now);
    replay(&mut state, "01-streamed-answer.jsonl", now, None);
    screen(&mut state, 80, 24, now);
    update(&mut state, key(KeyCode::PageUp), now);
    snapshot!("scrolled_up_80x24", &screen(&mut state, 80, 24, now));
}

#[test]
fn command_approval_modal() {
    let now = Instant::now();
    let mut state = ready_state(now);
    replay(
        &mut state,
        "02-command-approval-prefix.jsonl",
        now,
        Some("serverRequest/resolved"),
    );
    let conversation = std::fs::read_to_string(format!(
        "{}/tests/fixtures/02-command-approval-prefix.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut request: Value = conversation
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["msg"].clone())
        .find(|m| m["method"] == "item/commandExecution/requestApproval")
        .unwrap();
    // From the thread on screen, like the replayed notifications.
    request["params"]["threadId"] = THREAD.into();
    update(
        &mut state,
        server_request(
            0,
            "item/commandExecution/requestApproval",
            request["params"].clone(),
        ),
        now,
    );
    snapshot!(
        "command_approval_80x24",
        &screen(&mut state, 80, 24, read(now)),
    );
}

#[test]
fn file_change_approval_modal_shows_the_diff() {
    let now = Instant::now();
    let mut state = ready_state(now);
    replay(
        &mut state,
        "03-file-change-approval.jsonl",
        now,
        Some("serverRequest/resolved"),
    );
    let turn = "01a227b1-f096-75a0-8c6a-f31461dc88ea";
    update(
        &mut state,
        server_request(
            0,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": turn, "itemId": "call_0", "startedAtMs": 0}),
        ),
        now,
    );
    snapshot!(
        "file_change_approval_80x30",
        &screen(&mut state, 80, 30, read(now)),
    );
}

#[test]
fn disconnected_session_says_what_happened() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        AppEvent::Disconnected(
            "codex app-server stopped (exit status: 1); last stderr: error: bad config".into(),
        ),
        now,
    );
    snapshot!("disconnected_80x12", &screen(&mut state, 80, 12, now));
}

#[test]
fn the_status_line_never_passes_escape_sequences_from_the_server() {
    let now = Instant::now();
    let mut state = started(
        AppState::new(config()),
        json!({}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "evil\u{1b}]0;TITLE\u{7}model",
            "cwd": "/w\u{1b}[2J\u{1b}]0;TITLE\u{7}/x",
        }),
        now,
    );
    let shown = screen(&mut state, 100, 10, now);
    let status = shown.lines().rev().nth(1).unwrap();
    assert!(
        status.contains("evilmodel") && status.contains("/w/x"),
        "{status}"
    );
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}"
    );
}
