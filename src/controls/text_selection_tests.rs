//! The selection takes what is shown, laid out by the real renderer.

use super::*;
use crate::controls::view::View;
use crate::model::{CellKind, LayoutKey, MarkdownText, Theme, Transcript};

fn transcript(kinds: Vec<CellKind>) -> Transcript {
    let mut t = Transcript::default();
    for kind in kinds {
        t.push(kind);
    }
    t
}

fn agent(text: &str) -> CellKind {
    CellKind::Agent {
        markdown: Box::new(MarkdownText::new(text)),
        streaming: false,
    }
}

fn view(t: &Transcript, width: u16) -> View<'_> {
    let key = LayoutKey {
        width,
        expanded: false,
        theme: Theme::Dark,
        images: None,
    };
    View::new(t, key, 40)
}

/// The rows as drawn, for reading what a test selects.
fn drawn(v: &View<'_>, cell: usize) -> Vec<String> {
    (0..v.row_count(cell))
        .map(|row| {
            let line = v.line(cell, row).unwrap();
            line.spans.iter().map(|s| s.content.as_ref()).collect()
        })
        .collect()
}

fn select(v: &View<'_>, from: TextPoint, to: TextPoint, unit: Unit) -> String {
    let mut s = TextSelection::new(from, unit);
    s.head = to;
    s.text(v)
}

#[test]
fn soft_wrapped_lines_come_back_joined_without_the_indent() {
    let t = transcript(vec![agent(
        "The quick brown fox jumps over the lazy dog and keeps running far away.",
    )]);
    let v = view(&t, 24);
    let rows = drawn(&v, 0);
    assert!(rows.len() >= 3, "wrapped: {rows:?}");
    assert!(rows[1].starts_with("  "), "indented under the bullet");
    let all = select(
        &v,
        TextPoint::new(0, 0, 0),
        TextPoint::new(0, rows.len() - 1, usize::MAX),
        Unit::Char,
    );
    assert_eq!(
        all,
        "The quick brown fox jumps over the lazy dog and keeps running far away."
    );
    // From the middle of one row to the middle of the next: the wrap is one space.
    let part = select(
        &v,
        TextPoint::new(0, 0, 6),
        TextPoint::new(0, 1, 6),
        Unit::Char,
    );
    assert_eq!(part, "quick brown fox jumps");
    // A triple click's line is the whole wrapped line, whichever row it lands on.
    let line = select(
        &v,
        TextPoint::new(0, 1, 3),
        TextPoint::new(0, 1, 3),
        Unit::Line,
    );
    assert_eq!(line, all);
}

#[test]
fn wide_characters_are_taken_whole_never_split() {
    let t = transcript(vec![CellKind::User {
        text: "日本語テキスト ok".into(),
    }]);
    let v = view(&t, 40);
    assert_eq!(drawn(&v, 0), ["› 日本語テキスト ok"]);
    // Columns 3..=4 fall on the second half of 日 and the first of 本: both, whole.
    let two = select(
        &v,
        TextPoint::new(0, 0, 3),
        TextPoint::new(0, 0, 4),
        Unit::Char,
    );
    assert_eq!(two, "日本");
    // A double click on a wide word takes the word, not its neighbours.
    let word = select(
        &v,
        TextPoint::new(0, 0, 18),
        TextPoint::new(0, 0, 18),
        Unit::Word,
    );
    assert_eq!(word, "ok");
    // The prompt's `›` is decoration.
    let start = select(
        &v,
        TextPoint::new(0, 0, 0),
        TextPoint::new(0, 0, 2),
        Unit::Char,
    );
    assert_eq!(start, "日");
}

#[test]
fn code_blocks_come_back_exact_even_when_wrapped() {
    let code = "fn main() {\n    let long_name = \"a string far longer than the row\";\n}";
    let t = transcript(vec![agent(&format!(
        "Here:\n\n```rust\n{code}\n```\n\nDone."
    ))]);
    let v = view(&t, 30);
    let rows = drawn(&v, 0);
    assert!(
        rows.iter().any(|r| r.contains('↪')),
        "the long line wraps: {rows:?}"
    );
    let first = rows.iter().position(|r| r.contains("fn main")).unwrap();
    let last = rows.iter().position(|r| r.trim() == "}").unwrap();
    let copied = select(
        &v,
        TextPoint::new(0, first, 0),
        TextPoint::new(0, last, usize::MAX),
        Unit::Char,
    );
    assert_eq!(copied, code, "no indent, no ↪, no inserted newline");
}

#[test]
fn a_selection_crosses_cells_with_their_blank_line() {
    let t = transcript(vec![
        CellKind::User {
            text: "first \u{1b}[31mred\u{1b}[0m".into(),
        },
        agent("- one\n- two"),
    ]);
    let v = view(&t, 40);
    assert_eq!(drawn(&v, 1), ["• • one", "  • two"]);
    let copied = select(
        &v,
        TextPoint::new(0, 0, 2),
        TextPoint::new(1, 1, usize::MAX),
        Unit::Char,
    );
    assert_eq!(copied, "first red\n\n• one\n• two");
    // Backwards (dragged up) reads the same.
    let back = select(
        &v,
        TextPoint::new(1, 1, usize::MAX),
        TextPoint::new(0, 0, 2),
        Unit::Char,
    );
    assert_eq!(back, copied);
    let mut s = TextSelection::new(TextPoint::new(0, 0, 4), Unit::Char);
    s.head = TextPoint::new(1, 0, 3);
    assert_eq!(
        s.on_row(&v, 0, 0),
        Some(Span {
            from: 4,
            to: usize::MAX
        })
    );
    assert_eq!(s.on_row(&v, 1, 0), Some(Span { from: 0, to: 3 }));
    assert_eq!(s.on_row(&v, 1, 1), None);
}

#[test]
fn only_printable_text_is_taken() {
    let t = transcript(vec![agent("bell\u{7} and \u{1b}]52;c;ZXZpbA==\u{7}done")]);
    let v = view(&t, 60);
    let copied = select(
        &v,
        TextPoint::new(0, 0, 0),
        TextPoint::new(0, 0, usize::MAX),
        Unit::Line,
    );
    assert!(!copied.contains('\u{1b}') && !copied.contains('\u{7}'));
    assert!(copied.starts_with("bell") && copied.ends_with("done"));
}
