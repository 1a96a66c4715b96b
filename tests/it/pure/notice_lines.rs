//! A notice is one line, and a notice said again is counted on its line. Before: resuming a
//! thread whose first message was a 300-line paste repeated all of it in "Resumed thread …"
//! (the latest turn went off screen), and fifty questions settled by another client left fifty
//! identical lines.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::model::{CellKind, NoticeLevel, NOTICE_COLUMNS};
use unicode_width::UnicodeWidthStr;

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

fn paste(lines: usize) -> String {
    (1..=lines)
        .map(|n| format!("pasted line {n} of the first message"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_resumed_threads_notice_is_one_line_whatever_its_first_message() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Ok(json!({
                "thread": {"id": "t-paste", "preview": paste(300), "turns": []},
                "model": "mock-model", "cwd": "/home/user/project",
            })),
        ),
        now,
    );
    let (_, text) = notices(&state).pop().expect("a notice");
    assert!(
        text.starts_with("Resumed thread t-paste · pasted line 1"),
        "{text}"
    );
    assert!(!text.contains("line 300"), "{text}");
    let text = screen(&mut state, 80, 24, now);
    let rows = text.lines().filter(|l| l.contains("pasted line")).count();
    assert_eq!(rows, 1, "the notice takes one row:\n{text}");
}

#[test]
fn every_notice_is_one_bounded_line() {
    let now = Instant::now();
    let mut state = running_state(now);
    let huge = format!("first line\n{}", "x".repeat(100_000));
    // The server's final error, a warning, a request tern does not know, a refused compact.
    update(
        &mut state,
        notify(
            "error",
            json!({"threadId": THREAD, "turnId": "turn-1", "willRetry": false,
                   "error": {"message": huge.clone()}}),
        ),
        now,
    );
    update(
        &mut state,
        notify("warning", json!({"threadId": THREAD, "message": paste(50)})),
        now,
    );
    // A retry's line, added and then updated in place.
    for _ in 0..2 {
        update(
            &mut state,
            notify(
                "error",
                json!({"threadId": THREAD, "turnId": "turn-1", "willRetry": true,
                       "error": {"message": paste(80)}}),
            ),
            now,
        );
    }
    update(
        &mut state,
        AppEvent::ServerRequest {
            id: tern::protocol::RequestId::Int(3),
            request: tern::protocol::ServerRequest::from_parts(&format!("x/{huge}"), json!({}))
                .unwrap(),
        },
        now,
    );
    update(
        &mut state,
        reply(RequestTag::CompactThread, Err(paste(40))),
        now,
    );
    // A command name typed as a long multi-line paste.
    let mut state_idle = ready_state(now);
    update(
        &mut state_idle,
        AppEvent::Paste(format!("/{}", paste(30))),
        now,
    );
    update(&mut state_idle, key(crossterm::event::KeyCode::Enter), now);
    let all: Vec<_> = notices(&state)
        .into_iter()
        .chain(notices(&state_idle))
        .collect();
    assert!(all.len() >= 5, "{all:?}");
    for (_, text) in all {
        assert!(!text.contains('\n') && !text.contains('\r'), "{text}");
        assert!(text.width() <= NOTICE_COLUMNS, "{} columns", text.width());
    }
}

#[test]
fn fifty_questions_settled_elsewhere_are_one_line_with_a_count() {
    let now = Instant::now();
    let mut state = running_state(now);
    for n in 0..50 {
        // Each question's command has its cell between the notices.
        update(
            &mut state,
            notify(
                "item/started",
                json!({"threadId": THREAD, "turnId": "turn-1", "item": {
                    "type": "commandExecution", "id": format!("c{n}"), "command": "ls",
                    "cwd": "/home/user/project", "status": "inProgress", "commandActions": []}}),
            ),
            now,
        );
        update(
            &mut state,
            server_request(
                n,
                "item/commandExecution/requestApproval",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": format!("c{n}"),
                       "command": "ls"}),
            ),
            now,
        );
        update(
            &mut state,
            notify(
                "serverRequest/resolved",
                json!({"threadId": THREAD, "requestId": n}),
            ),
            now,
        );
    }
    let settled: Vec<_> = notices(&state)
        .into_iter()
        .filter(|(_, t)| t.contains("settled elsewhere"))
        .collect();
    assert_eq!(settled.len(), 1, "{settled:?}");
    assert!(settled[0].1.ends_with("(×50)"), "{}", settled[0].1);
}

#[test]
fn the_same_notice_after_the_persons_next_message_is_a_line_of_its_own() {
    let now = Instant::now();
    let mut state = ready_state(now);
    for turn in ["t1", "t2"] {
        type_text(&mut state, "go", now);
        update(&mut state, key(crossterm::event::KeyCode::Enter), now);
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": THREAD, "turn": {"id": turn, "items": [], "status": "inProgress"}}),
            ),
            now,
        );
        update(
            &mut state,
            notify(
                "turn/completed",
                json!({"threadId": THREAD, "turn": {"id": turn, "items": [], "status": "interrupted"}}),
            ),
            now,
        );
    }
    let interrupted: Vec<_> = notices(&state)
        .into_iter()
        .filter(|(_, t)| t.starts_with("Turn interrupted"))
        .collect();
    assert_eq!(
        interrupted,
        [
            (NoticeLevel::Warning, "Turn interrupted".to_string()),
            (NoticeLevel::Warning, "Turn interrupted".to_string())
        ],
        "each turn says it"
    );
}

#[test]
fn any_notice_said_twice_in_a_row_is_counted() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // The unknown command stays in the composer: Enter tries it again.
    type_text(&mut state, "/nosuchcommand", now);
    for _ in 0..3 {
        update(&mut state, key(crossterm::event::KeyCode::Enter), now);
    }
    let unknown: Vec<_> = notices(&state)
        .into_iter()
        .filter(|(_, t)| t.contains("nosuchcommand"))
        .collect();
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert!(unknown[0].1.ends_with("(×3)"), "{}", unknown[0].1);
}
