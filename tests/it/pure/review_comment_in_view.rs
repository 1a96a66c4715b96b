//! The review's window over a long diff (issue 38's hunk-review benchmark). The line a comment
//! is typed in stays on screen: it goes under the selected row, and with the selection on the
//! box's last row the window kept the row in view but not the comment under it, so what was
//! typed did not show. Only the rows that can be in view are laid out, the rest only counted:
//! what is in view is whole and the count of the rows below is exact.

use crate::support::common::*;
use crate::support::patch_fixtures::patch_asked;
use crossterm::event::KeyCode;
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
    patch_asked(&mut state, PATH, &long_diff(), now);
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

#[test]
fn a_long_review_shows_whole_rows_around_the_selection_and_counts_the_rest() {
    let now = Instant::now();
    let (mut state, at) = reviewing(now);
    // A comment far above the window: one more line, counted but not laid out.
    for _ in 0..3 {
        press(&mut state, KeyCode::Char('j'), at);
    }
    press(&mut state, KeyCode::Char('c'), at);
    type_text(&mut state, "early note", at);
    press(&mut state, KeyCode::Enter, at);
    // Rows: the file, the hunk, 80 lines; row 60 is `+line 59`, 21 rows lie below it.
    for _ in 0..57 {
        press(&mut state, KeyCode::Char('j'), at);
    }
    let shown = screen(&mut state, 100, 30, at);
    assert!(!shown.contains("early note"), "{shown}");
    let inside: Vec<&str> = shown
        .lines()
        .skip_while(|l| !l.contains('╭'))
        .skip(1)
        .take_while(|l| !l.contains('╰'))
        .collect();
    let (last, rows) = inside.split_last().expect("rows in the box");
    assert!(last.contains("↓ 21 more"), "{shown}");
    assert!(rows
        .last()
        .is_some_and(|r| r.contains("›") && r.contains("+line 59")));
    for (n, row) in rows.iter().rev().enumerate() {
        assert!(
            row.contains(&format!("+line {} ", 59 - n)),
            "row {n}:\n{shown}"
        );
    }
}
