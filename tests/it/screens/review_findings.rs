//! `m` on a `/review` cell: its findings with keep/drop and comments, drawn with a hostile
//! reviewer (escapes and bidi overrides in titles and paths) and a hostile
//! pasted comment. Nothing of the escapes reaches the screen.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent};

#[test]
fn review_findings_with_hostile_titles_paths_and_comments() {
    let now = Instant::now();
    let mut state = running_state(now);
    let review = "Two findings.\n\nFull review comments:\n\n\
- [P1] Drops \u{1b}[2Jthe \u{1b}]0;pwned\u{7}last byte\u{202e}gnp.exe — /home/user/project/src/\u{1b}[31mparser.rs:42-42\n  \
body \u{1b}[8mhidden\n\n\
- [P2] Fine title — /home/user/project/tests/t.rs:7-9\n  body";
    for params in [
        json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "exitedReviewMode",
            "id": "r2", "review": review}}),
        json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
    ] {
        let method = if params.get("item").is_some() {
            "item/completed"
        } else {
            "turn/completed"
        };
        update(&mut state, notify(method, params), now);
    }
    screen(&mut state, 120, 40, now);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT)),
        now,
    );
    press(&mut state, KeyCode::Char('m'), now);
    update(
        &mut state,
        AppEvent::Paste("why \u{1b}[8mhidden\u{7} this?\u{202e}".into()),
        now,
    );
    press(&mut state, KeyCode::Enter, now);
    // The second finding dropped.
    press(&mut state, KeyCode::Char('j'), now);
    press(&mut state, KeyCode::Char('x'), now);
    for (w, h) in [(120, 40), (80, 24)] {
        let shown = screen(&mut state, w, h, now);
        assert!(
            !shown.contains('\u{1b}') && !shown.contains('\u{7}') && !shown.contains('\u{202e}'),
            "{shown}"
        );
        assert!(
            shown.contains("[keep]") && shown.contains("[drop]"),
            "{shown}"
        );
        assert!(shown.contains("1 of 2 kept"), "{shown}");
        snapshot!(&format!("review_findings_hostile_{w}x{h}"), &shown);
    }
}
