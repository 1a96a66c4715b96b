//! The line a review comment is typed in stays on screen (issue 38's hunk-review benchmark
//! found it hidden): it goes under the selected row, and with the selection on the box's last
//! row the window kept the row in view but not the comment under it, so what was typed did not
//! show.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};

const PATH: &str = "/home/user/project/long.txt";

/// One hunk that adds 80 lines to an empty file: far more rows than a 30-row screen holds.
fn long_diff() -> String {
    let mut diff = String::from("@@ -0,0 +1,80 @@\n");
    for n in 1..=80 {
        diff.push_str(&format!("+line {n}\n"));
    }
    diff
}

/// A file-change question on the long patch, reviewed (`r`), the file read.
fn reviewing(now: Instant) -> (AppState, Instant) {
    let mut state = running_state(now);
    let item = json!({"type": "fileChange", "id": "call_1", "status": "inProgress", "changes": [
        {"path": PATH, "kind": {"type": "update", "move_path": null}, "diff": long_diff()}]});
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": item}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            3,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "call_1"}),
        ),
        now,
    );
    let at = read(now);
    press(&mut state, KeyCode::Char('r'), at);
    update(
        &mut state,
        AppEvent::ReviewFilesRead {
            item_id: "call_1".into(),
            files: vec![(PATH.into(), Ok(None))],
        },
        at,
    );
    (state, at)
}

#[test]
fn a_comment_typed_on_the_last_row_in_view_shows_as_it_is_typed() {
    let now = Instant::now();
    let (mut state, at) = reviewing(now);
    // Down past the box's height: the selection rides the box's last row.
    for _ in 0..40 {
        press(&mut state, KeyCode::Char('j'), at);
    }
    let shown = screen(&mut state, 100, 30, at);
    assert!(shown.contains("+line 39"), "{shown}");
    assert!(
        !shown.contains("+line 40"),
        "the selection is the last row:\n{shown}"
    );
    press(&mut state, KeyCode::Char('c'), at);
    type_text(&mut state, "why this line", at);
    let shown = screen(&mut state, 100, 30, at);
    assert!(shown.contains("✎ why this line"), "{shown}");
    assert!(
        shown.contains("+line 39"),
        "the row commented on stays in view:\n{shown}"
    );
}
