//! Properties of the diff parser, the line pairing and the lazy layout over generated input:
//! parsing then printing gives back the text; hunks of real diffs (made by `similar`, as codex
//! makes them) put every line at its true number on both sides; pairing never loses or
//! duplicates a line; the lazy layout paints exactly the rows it measured, and what it paints
//! is clean (no control characters) and fits the width.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use similar::TextDiff;
use tern::model::Theme;
use tern::protocol::{FileUpdateChange, PatchChangeKind};
use tern::render::diff::pair::{pair_rows, partners};
use tern::render::diff::parse::{parse_patch, LineKind};
use tern::render::diff::{file_change_lines, files_of_patch, DiffDocument, DiffMode};
use unicode_width::UnicodeWidthStr;

/// Lines that exercise every branch of the parser, and hostile ones.
fn diff_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("diff --git a/x b/x".to_string()),
        Just("diff --git a/old name b/new name".to_string()),
        Just("--- a/x".to_string()),
        Just("+++ b/x".to_string()),
        Just("--- /dev/null".to_string()),
        Just("index 123..456 100644".to_string()),
        Just("new file mode 100644".to_string()),
        Just("Binary files a/x and b/x differ".to_string()),
        Just("@@ -1,2 +1,3 @@ fn main()".to_string()),
        Just("@@ -0,0 +1 @@".to_string()),
        Just("@@ -3 +3,0 @@\r".to_string()),
        Just("@@".to_string()),
        Just("@@ -x +y @@".to_string()),
        Just(" context".to_string()),
        Just("-removed".to_string()),
        Just("+added".to_string()),
        Just("-- looks like a header".to_string()),
        Just("\\ No newline at end of file".to_string()),
        Just(String::new()),
        Just("+\u{1b}]0;title\u{7}\u{1b}[31mred\r".to_string()),
        "[ +@-][ -~]{0,12}",
        any::<String>().prop_map(|s| s.replace('\n', "")),
    ]
}

fn patch_text() -> impl Strategy<Value = String> {
    (prop::collection::vec(diff_line(), 0..40), any::<bool>()).prop_map(|(lines, newline)| {
        let mut text = lines.join("\n");
        if newline && !lines.is_empty() {
            text.push('\n');
        }
        text
    })
}

/// File contents from a small alphabet, so old and new share lines and diffs have context.
fn content() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop::sample::select(vec!["a", "b", "c", "fn x() {}", "", "\t}", "日本"]),
            0..30,
        ),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, final_newline, crlf)| {
            let eol = if crlf { "\r\n" } else { "\n" };
            let mut text = lines.join(eol);
            if final_newline && !lines.is_empty() {
                text.push_str(eol);
            }
            text
        })
}

fn kinds() -> impl Strategy<Value = Vec<LineKind>> {
    prop::collection::vec(
        prop_oneof![
            Just(LineKind::Context),
            Just(LineKind::Added),
            Just(LineKind::Removed),
            Just(LineKind::NoNewline),
        ],
        0..40,
    )
}

proptest! {
    // Failures are kept beside this file (the default would put them under
    // tests/proptest-regressions/, as `tests/it/main.rs` makes `tests/it` a crate root).
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn parse_then_print_is_lossless(text in patch_text()) {
        prop_assert_eq!(parse_patch(&text).print(), text);
    }

    #[test]
    fn hunks_of_a_real_diff_hold_each_line_at_its_number(
        old in content(),
        new in content(),
        radius in 0usize..5,
    ) {
        let diff = TextDiff::from_lines(&old, &new)
            .unified_diff()
            .context_radius(radius)
            .header("a/f.rs", "b/f.rs")
            .to_string();
        let text = format!("diff --git a/f.rs b/f.rs\n{diff}");
        let patch = parse_patch(&text);
        prop_assert_eq!(patch.print(), text.clone());
        let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
        let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
        let strip = |l: &str| l.trim_end_matches('\n').to_string();
        let (mut added, mut removed) = (0, 0);
        for hunk in patch.files.iter().flat_map(|f| &f.hunks) {
            prop_assert!(hunk.trailing.is_empty(), "{:?}", hunk.trailing);
            for line in &hunk.lines {
                if let Some(n) = line.old {
                    prop_assert_eq!(strip(old_lines[n as usize - 1]), line.text());
                }
                if let Some(n) = line.new {
                    prop_assert_eq!(strip(new_lines[n as usize - 1]), line.text());
                }
                match line.kind {
                    LineKind::Added => added += 1,
                    LineKind::Removed => removed += 1,
                    _ => {}
                }
            }
        }
        let files = files_of_patch(&text);
        if old != new {
            prop_assert_eq!(files.len(), 1);
            prop_assert_eq!((files[0].added, files[0].removed), (added, removed));
        }
    }

    #[test]
    fn pairing_never_loses_or_duplicates_a_line(kinds in kinds()) {
        let rows = pair_rows(&kinds);
        let olds: Vec<usize> = rows.iter().filter_map(|r| r.old).collect();
        let news: Vec<usize> = rows.iter().filter_map(|r| r.new).collect();
        prop_assert!(olds.windows(2).all(|w| w[0] < w[1]), "old side in order: {:?}", rows);
        prop_assert!(news.windows(2).all(|w| w[0] < w[1]), "new side in order: {:?}", rows);
        for (i, kind) in kinds.iter().enumerate() {
            let on_old = olds.contains(&i);
            let on_new = news.contains(&i);
            match kind {
                LineKind::Context => prop_assert!(on_old && on_new, "{i} {rows:?}"),
                LineKind::Removed => prop_assert!(on_old && !on_new, "{i} {rows:?}"),
                LineKind::Added => prop_assert!(!on_old && on_new, "{i} {rows:?}"),
                LineKind::NoNewline => prop_assert!(on_old || on_new, "{i} {rows:?}"),
            }
        }
        let p = partners(&kinds, &rows);
        for (i, partner) in p.iter().enumerate() {
            if let Some(j) = partner {
                prop_assert_eq!(p[*j], Some(i));
                prop_assert_ne!(kinds[i], kinds[*j]);
            }
        }
    }

    #[test]
    fn the_lazy_layout_paints_what_it_measured_and_it_is_clean(
        old in content(),
        new in content(),
        hostile in any::<String>(),
        width in 30u16..220,
        top in 0usize..80,
        height in 1usize..30,
    ) {
        let new = format!("{new}{hostile}\n\u{1b}]52;c;aGk=\u{7}x\u{9b}2J\n");
        let diff = TextDiff::from_lines(&old, &new).unified_diff().header("a/f.rs", "b/f.rs").to_string();
        let doc = DiffDocument::new(files_of_patch(&format!("diff --git a/f.rs b/f.rs\n{diff}")), Theme::Dark, true);
        for mode in [DiffMode::Unified, DiffMode::SideBySide] {
            let total = doc.total_rows(width, mode);
            let all = doc.lines(width, mode, 0, usize::MAX);
            prop_assert_eq!(all.len(), total, "measured and painted rows differ");
            let window = doc.lines(width, mode, top, height);
            let expected: Vec<_> = all.iter().skip(top).take(height).cloned().collect();
            prop_assert_eq!(window, expected);
            for line in &all {
                prop_assert!(line.width() <= width as usize, "{} > {width}: {:?}", line.width(), line);
                for span in &line.spans {
                    prop_assert!(!span.content.chars().any(char::is_control), "{:?}", span.content);
                }
            }
            let anchor = doc.anchor_at(width, mode, top.min(total.saturating_sub(1)));
            prop_assert_eq!(doc.row_of(width, mode, anchor), top.min(total.saturating_sub(1)));
        }
    }

    #[test]
    fn file_change_lines_fit_and_are_clean(
        text in any::<String>(),
        kind in 0u8..3,
        width in 20u16..200,
    ) {
        let kind = match kind {
            0 => PatchChangeKind::Add,
            1 => PatchChangeKind::Delete,
            _ => PatchChangeKind::Update { move_path: Some("/p/\u{1b}[2Jmoved".into()) },
        };
        let change = FileUpdateChange { path: "/p/a\u{1b}]0;x\u{7}.rs".into(), kind, diff: text };
        for limit in [None, Some(3)] {
            for line in file_change_lines(&change, Some("/p"), width, Theme::Light, limit) {
                prop_assert!(line.width() <= width as usize);
                prop_assert!(!line.spans.iter().any(|s| s.content.chars().any(char::is_control)));
                prop_assert!(!line.spans.iter().any(|s| s.content.contains(char::REPLACEMENT_CHARACTER)), "{:?}", line);
            }
        }
    }
}

#[test]
fn display_widths_count_wide_characters() {
    let change = FileUpdateChange {
        path: "w.txt".into(),
        kind: PatchChangeKind::Add,
        diff: "日本語のテキスト\n".repeat(3),
    };
    for line in file_change_lines(&change, None, 24, Theme::Dark, None) {
        assert!(line.width() <= 24, "{line:?}");
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        assert!(text.width() <= 24);
    }
}
