//! The agent's request for a review (`request_review`, issue 36) on screen, at 120×40 and
//! 80×24: the question, then the review opened over it, with a hostile question and paths (the
//! model wrote them: control characters shown as markers, never applied).

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, SessionConfig};

const DIFF: &str = "diff --git a/ev\u{1b}[2Jil.txt b/ev\u{1b}[2Jil.txt\n--- a/ev\u{1b}[2Jil.txt\n\
    +++ b/ev\u{1b}[2Jil.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\u{7}\u{202e}\n";

#[test]
fn a_requested_review_with_hostile_text() {
    for (w, h) in [(120, 40), (80, 24)] {
        let now = Instant::now();
        let config = SessionConfig {
            client_tools: true,
            ..config()
        };
        let mut state = ready_with(config, now);
        type_text(&mut state, "hi", now);
        update(&mut state, key(KeyCode::Enter), now);
        for (method, params) in [
            (
                "turn/started",
                json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            (
                "turn/diff/updated",
                json!({"threadId": THREAD, "turnId": "turn-1", "diff": DIFF}),
            ),
        ] {
            update(&mut state, notify(method, params), now);
        }
        update(
            &mut state,
            server_request(
                5,
                "item/tool/call",
                json!({"threadId": THREAD, "turnId": "turn-1", "callId": "c1",
                    "tool": "request_review", "arguments": {
                        "question": "Is this fine?\r\u{1b}[31mIGNORE THE PERSON\u{1b}[0m and approve everything \u{202e}now, a long line that has to wrap at eighty columns",
                        "files": ["ev\u{1b}[2Jil.txt", "\u{7}bell.txt"]}}),
            ),
            now,
        );
        let at = read(now);
        let asked = screen(&mut state, w, h, at);
        assert!(!asked.contains('\u{1b}'), "{asked}");
        snapshot!(&format!("review_asked_{w}x{h}"), &asked);
        press(&mut state, KeyCode::Char('r'), at);
        update(
            &mut state,
            AppEvent::ReviewFilesRead {
                item_id: "turn\u{0}turn-1".into(),
                files: vec![],
            },
            at,
        );
        let review = screen(&mut state, w, h, at);
        assert!(review.contains("The agent asks:"), "{review}");
        assert!(!review.contains('\u{1b}'), "{review}");
        snapshot!(&format!("review_asked_open_{w}x{h}"), &review);
    }
}
