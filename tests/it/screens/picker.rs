//! How the resume picker looks (insta snapshots): one page at three sizes, filtered, all
//! directories, loading, empty, hostile text from the server; and a resumed transcript.

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, ListPurpose, RequestTag};

#[test]
fn picker_screens() {
    let now = Instant::now() + Duration::from_secs(1);
    let mut state = hostile_picker(now);
    peek_answer(
        &mut state,
        "t-evil",
        Ok(
            json!({"data": [turn("x", "copy \u{1b}]52;c;ZXZpbA==\u{7}this\nplease", "Done: \u{1b}[31mred\u{1b}[0m text", "completed")]}),
        ),
        now,
    );
    let wide = screen(&mut state, 120, 40, now);
    assert!(!wide.contains('\u{1b}') && !wide.contains('\u{7}'));
    snapshot!("thread_picker_120x40", &wide);
    update(&mut state, key(KeyCode::Down), now);
    snapshot!("thread_picker_80x24", &screen(&mut state, 80, 24, now));
    snapshot!("thread_picker_narrow_60", &screen(&mut state, 60, 20, now));
    type_text(&mut state, "pars", now);
    snapshot!("thread_picker_filtered", &screen(&mut state, 80, 24, now));
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Tab), now);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 2,
            fast: false,
        },
        page(
            vec![
                thread("t-a", "in this project", 3),
                json!({"id": "t-b", "preview": "somewhere else", "cwd": "/srv/other/place", "updatedAt": NOW_UNIX - 7200, "createdAt": NOW_UNIX - 7200}),
            ],
            None,
        ),
        now,
    );
    snapshot!(
        "thread_picker_all_directories",
        &screen(&mut state, 120, 40, now),
    );

    let (mut empty, _) = picker_at_startup(now);
    snapshot!("thread_picker_loading", &screen(&mut empty, 80, 24, now));
    list_answer(
        &mut empty,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(vec![], None),
        now,
    );
    snapshot!("thread_picker_empty", &screen(&mut empty, 80, 24, now));
}

#[test]
fn resumed_transcript_with_commands_and_a_diff() {
    let now = Instant::now();
    let (mut state, _) = picker_at_startup(now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            resume_answer(thread("t-1", "fix it", 5)),
        ),
        now,
    );
    let full_turn = json!({"id": "turn-1", "status": "completed", "error": null, "durationMs": 900, "items": [
        {"type": "userMessage", "id": "u1", "content": [{"type": "text", "text": "Fix the greeting", "text_elements": []}]},
        {"type": "reasoning", "id": "r1", "summary": ["**Looking at the greeting**"], "content": []},
        {"type": "commandExecution", "id": "c1", "command": "cat hello.txt", "cwd": CWD, "status": "completed",
         "commandActions": [], "aggregatedOutput": "helo\n", "exitCode": 0, "durationMs": 12},
        {"type": "commandExecution", "id": "c2", "command": "false", "cwd": CWD, "status": "failed",
         "commandActions": [], "aggregatedOutput": "", "exitCode": 1, "durationMs": 3},
        {"type": "fileChange", "id": "f1", "status": "completed", "changes": [
            {"path": format!("{CWD}/hello.txt"), "kind": {"type": "update", "move_path": null}, "diff": "@@ -1 +1 @@\n-helo\n+hello\n"}]},
        {"type": "agentMessage", "id": "m1", "text": "Fixed the **typo**."},
    ]});
    update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: "t-1".into(),
            },
            Ok(json!({"data": [full_turn], "nextCursor": null})),
        ),
        now,
    );
    snapshot!(
        "thread_resumed_transcript",
        &screen(&mut state, 100, 32, now),
    );
}
