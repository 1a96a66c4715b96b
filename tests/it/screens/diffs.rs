//! File changes as the transcript shows them — a small update, several hunks, an added, a
//! deleted and a moved file, a one-word change in a long line, side by side at 200 columns, a
//! collapsed large diff, the hard cases — and the `/diff` view with its file list. Snapshots
//! hold the text; the colours that carry meaning (tints, emphasised words) are asserted.

use crate::support::common::*;
use crossterm::event::KeyCode;
use ratatui::style::Style;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState};
use tern::model::{CellKind, Theme};
use tern::protocol::{FileUpdateChange, PatchChangeKind};
use tern::render::diff::colour::palette;
use tern::render::diff::file_change_lines;

const CWD: &str = "/home/user/project";

fn change(path: &str, kind: PatchChangeKind, diff: &str) -> FileUpdateChange {
    FileUpdateChange {
        path: format!("{CWD}/{path}"),
        kind,
        diff: diff.into(),
    }
}

fn update_kind() -> PatchChangeKind {
    PatchChangeKind::Update { move_path: None }
}

fn cell(changes: Vec<FileUpdateChange>) -> CellKind {
    CellKind::FileChange {
        changes,
        status: Some("completed".into()),
        cwd: Some(CWD.into()),
        decision: None,
    }
}

fn shown(cells: Vec<CellKind>, width: u16, height: u16, now: Instant) -> (AppState, String) {
    let mut state = ready_state(now);
    for c in cells {
        state.transcript_mut().push(c);
    }
    let text = screen(&mut state, width, height, now);
    (state, text)
}

const SMALL: &str = "@@ -1,3 +1,3 @@\n # tern\n-A terminal frontend for Codex.\n+A terminal frontend for the Codex app-server.\n \n";

fn multi_hunk() -> String {
    let mut text = String::from("@@ -2,6 +2,7 @@ use std::io;\n use std::fs;\n \n fn main() {\n-    let x = 1;\n+    let x = 2;\n+    let y = 3;\n     run(x);\n }\n");
    text.push_str("@@ -40,5 +41,5 @@ fn run(x: u32) {\n     if x > 0 {\n-        println!(\"positive\");\n+        println!(\"positive: {x}\");\n     }\n }\n");
    text
}

const LONG_OLD: &str = "    let message = format!(\"{} requests were sent to {} in {} seconds, with {} retries\", count, host, elapsed, retries);";
const LONG_NEW: &str = "    let message = format!(\"{} requests were sent to {} in {} seconds, with {} attempts\", count, host, elapsed, retries);";

#[test]
fn small_multi_hunk_added_deleted_and_moved_files() {
    let now = Instant::now();
    let (_, small) = shown(
        vec![cell(vec![change("README.md", update_kind(), SMALL)])],
        80,
        16,
        now,
    );
    snapshot!("diff_small_update_80", &small);
    assert!(small.contains("└ README.md (updated) +1 −1"), "{small}");

    let (_, multi) = shown(
        vec![cell(vec![change(
            "src/main.rs",
            update_kind(),
            &multi_hunk(),
        )])],
        80,
        28,
        now,
    );
    snapshot!("diff_multi_hunk_80", &multi);

    let added = "use std::fmt;\n\n/// A point.\npub struct Point {\n    x: i32,\n    y: i32,\n}\n";
    let (_, add) = shown(
        vec![cell(vec![change(
            "src/point.rs",
            PatchChangeKind::Add,
            added,
        )])],
        80,
        20,
        now,
    );
    snapshot!("diff_added_file_80", &add);

    let (_, delete) = shown(
        vec![cell(vec![change(
            "old/notes.txt",
            PatchChangeKind::Delete,
            "first\nsecond\n",
        )])],
        80,
        14,
        now,
    );
    snapshot!("diff_deleted_file_80", &delete);

    let moved = change(
        "src/old_name.rs",
        PatchChangeKind::Update {
            move_path: Some(format!("{CWD}/src/new_name.rs")),
        },
        &format!("@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\n\nMoved to: {CWD}/src/new_name.rs"),
    );
    let (_, moved) = shown(vec![cell(vec![moved])], 80, 16, now);
    snapshot!("diff_moved_with_edits_80", &moved);
    assert!(
        moved.contains("src/old_name.rs → src/new_name.rs (moved) +1 −1"),
        "{moved}"
    );
}

#[test]
fn a_one_word_change_in_a_long_line_is_emphasised() {
    let now = Instant::now();
    let diff = format!("@@ -10 +10 @@\n-{LONG_OLD}\n+{LONG_NEW}\n");
    let (_, text) = shown(
        vec![cell(vec![change("src/report.rs", update_kind(), &diff)])],
        80,
        12,
        now,
    );
    snapshot!("diff_one_word_in_a_long_line_80", &text);

    let lines = file_change_lines(
        &change("src/report.rs", update_kind(), &diff),
        Some(CWD),
        80,
        Theme::Dark,
        None,
    );
    let colours = palette(Theme::Dark);
    let emphasised = |tint: Style| -> Vec<String> {
        lines
            .iter()
            .flat_map(|l| &l.spans)
            .filter(|s| s.style.bg == tint.bg)
            .map(|s| s.content.to_string())
            .collect()
    };
    assert_eq!(emphasised(colours.removed_word).concat(), "retries");
    assert_eq!(emphasised(colours.added_word).concat(), "attempts");
    let tinted = emphasised(colours.added).concat();
    assert!(
        tinted.contains("requests were sent"),
        "the rest of the line is tinted"
    );
}

#[test]
fn side_by_side_at_200_columns() {
    let now = Instant::now();
    let (_, text) = shown(
        vec![cell(vec![change(
            "src/main.rs",
            update_kind(),
            &multi_hunk(),
        )])],
        200,
        20,
        now,
    );
    snapshot!("diff_side_by_side_200", &text);
    for (width, side_by_side) in [(160, true), (159, false)] {
        let (_, text) = shown(
            vec![cell(vec![change(
                "src/main.rs",
                update_kind(),
                &multi_hunk(),
            )])],
            width,
            20,
            now,
        );
        let paired = text.lines().any(|l| l.matches("use std::fs;").count() == 2);
        assert_eq!(paired, side_by_side, "at {width} columns:\n{text}");
    }
}

#[test]
fn a_large_diff_is_collapsed_until_ctrl_o() {
    let now = Instant::now();
    let content: String = (1..=300).map(|i| format!("line {i}\n")).collect();
    let (mut state, collapsed) = shown(
        vec![cell(vec![change(
            "big.txt",
            PatchChangeKind::Add,
            &content,
        )])],
        80,
        16,
        now,
    );
    snapshot!("diff_collapsed_large_80", &collapsed);
    assert!(
        collapsed.contains("… 292 more lines (ctrl+o to expand)"),
        "{collapsed}"
    );
    update(&mut state, ctrl('o'), now);
    let expanded = screen(&mut state, 80, 330, now);
    assert!(expanded.contains("300 + line 300"), "{expanded}");
    assert!(!expanded.contains("more lines"));
}

#[test]
fn hard_cases_are_said_not_printed() {
    let now = Instant::now();
    let changes = vec![
        change(
            "logo.png",
            PatchChangeKind::Add,
            "\u{89}PNG\r\n\u{1a}\n\0\0\0",
        ),
        change("empty.txt", PatchChangeKind::Add, ""),
        change("no_eol.txt", PatchChangeKind::Add, "last line"),
        change(
            "crlf.txt",
            update_kind(),
            "@@ -1,2 +1,2 @@\n same\r\n-line\r\n+line\n",
        ),
        change(
            "evil\u{1b}]0;pwned\u{7}\u{1b}[2J.sh",
            PatchChangeKind::Add,
            "echo \u{1b}[31mred\u{1b}[0m\u{9b}2J\n",
        ),
    ];
    let (_, text) = shown(vec![cell(changes)], 80, 30, now);
    snapshot!("diff_hard_cases_80", &text);
    assert!(text.contains("binary file, 12 bytes (not shown)"), "{text}");
    assert!(!text.contains("PNG"));
    assert!(text.contains("empty file"));
    assert!(text.contains("\\ No newline at end of file"));
    assert!(
        text.contains("line␍"),
        "the CRLF ending that changed is visible: {text}"
    );
    assert!(text.contains("evil.sh"), "{text}");
    assert!(!text.contains('\u{1b}') && !text.contains("pwned"));
}

const TURN_DIFF: &str = "diff --git a/README.md b/README.md\nindex 2a87373..a05232a 100644\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-the old line of the readme\n+the new line of the readme\ndiff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex 587be6b..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\ndiff --git a/new.txt b/new.txt\nnew file mode 100644\nindex 0000000..5786b13\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+brand\n+new\ndiff --git a/old.txt b/moved.txt\nindex de98044..7be73ce 100644\n--- a/old.txt\n+++ b/moved.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";

fn diff_view(width: u16, height: u16, now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "turn-1", "diff": TURN_DIFF}),
        ),
        now,
    );
    update(&mut state, tern::app::AppEvent::Resize(width, height), now);
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Enter), now);
    state
}

#[test]
fn the_diff_view_with_its_file_list() {
    let now = Instant::now();
    let mut state = diff_view(120, 30, now);
    snapshot!("diff_view_120x30", &screen(&mut state, 120, 30, now));
    update(&mut state, key(KeyCode::Tab), now);
    update(&mut state, key(KeyCode::Tab), now);
    let third = screen(&mut state, 120, 30, now);
    assert!(third.contains("file 3/4"), "{third}");
    let mut wide = diff_view(200, 24, now);
    snapshot!(
        "diff_view_side_by_side_200x24",
        &screen(&mut wide, 200, 24, now),
    );
}
