//! Properties of the renderer over generated input: arbitrary markdown and arbitrary bytes in
//! command output never panic it and never put a control character (ESC above all) on screen;
//! and a message streamed in pieces lays out the same as the whole message at once.

use crate::support::common::*;
use proptest::prelude::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Instant;
use tern::model::{Cell, CellKind, CommandCell, LayoutKey, MarkdownText, Theme};
use tern::render::{cell_lines, layout_cell};

/// Pieces that exercise the markdown grammar, escape sequences and wide text.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("# Heading\n".to_string()),
        Just("## Sub *heading*\n".to_string()),
        Just("\n".to_string()),
        Just("\n\n".to_string()),
        Just("- item\n".to_string()),
        Just("  - nested\n".to_string()),
        Just("1. first\n".to_string()),
        Just("- [x] done\n".to_string()),
        Just("> quote\n".to_string()),
        Just("```rust\n".to_string()),
        Just("~~~\n".to_string()),
        Just("```\n".to_string()),
        Just("    indented code\n".to_string()),
        // Long enough for an open code block to be laid out in kept chunks.
        Just("let a = 1;\n".repeat(20)),
        Just("| a | b |\n".to_string()),
        Just("|---|:-:|\n".to_string()),
        Just("| 1 | **2** `x|y` |\n".to_string()),
        Just("row without pipes\n".to_string()),
        Just("---\n".to_string()),
        Just("[link](http://e.com/\u{1b}]8;;x\u{7})".to_string()),
        Just("**bold** _em_ `code` ~~gone~~".to_string()),
        Just("\u{1b}[31mred\u{1b}[0m\u{1b}]0;title\u{7}\u{9b}2J\r".to_string()),
        Just("\t日本語 🚀 e\u{301}".to_string()),
        Just("<div>html</div>\n".to_string()),
        "[ -~]{0,30}",
        any::<String>(),
    ]
}

fn markdown() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..24).prop_map(|parts| parts.concat())
}

fn assert_clean(lines: &[ratatui::text::Line<'_>]) -> Result<(), TestCaseError> {
    for line in lines {
        for span in &line.spans {
            prop_assert!(
                !span.content.chars().any(char::is_control),
                "control character in {:?}",
                span.content
            );
        }
    }
    Ok(())
}

fn layouts(kind: &CellKind) -> Vec<Vec<ratatui::text::Line<'static>>> {
    [1u16, 9, 40, 80, 200]
        .into_iter()
        .flat_map(|width| {
            [false, true].map(|expanded| {
                cell_lines(
                    kind,
                    LayoutKey {
                        width,
                        expanded,
                        theme: Theme::Dark,
                        images: None,
                    },
                )
            })
        })
        .collect()
}

fn text_of(lines: &[ratatui::text::Line<'_>]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

proptest! {
    // No regression files: the repository's top level is fixed, and CI starts fresh anyway.
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn markdown_never_panics_or_shows_controls(source in markdown()) {
        let kind = CellKind::Agent { markdown: Box::new(MarkdownText::new(&source)), streaming: false };
        for lines in layouts(&kind) {
            assert_clean(&lines)?;
        }
        let reasoning = CellKind::Reasoning { text: source.clone() };
        for lines in layouts(&reasoning) {
            assert_clean(&lines)?;
        }
    }

    #[test]
    fn streaming_in_pieces_matches_the_whole(source in markdown(), cuts in prop::collection::vec(1usize..40, 1..50)) {
        // Laid out after every piece through the cell's cache, as the screen does.
        let mut streamed = Cell::new(CellKind::Agent { markdown: Box::new(MarkdownText::default()), streaming: true });
        let chars: Vec<char> = source.chars().collect();
        let mut at = 0;
        let mut cut = cuts.iter().cycle();
        let key = LayoutKey { width: 60, expanded: false, theme: Theme::Dark, images: None };
        while at < chars.len() {
            let end = (at + cut.next().unwrap()).min(chars.len());
            streamed.append_text(&chars[at..end].iter().collect::<String>());
            streamed.layout(key, layout_cell);
            at = end;
        }
        let a: Vec<_> = streamed.layout(key, layout_cell).iter().cloned().collect();
        let whole = CellKind::Agent { markdown: Box::new(MarkdownText::new(&source)), streaming: false };
        prop_assert_eq!(text_of(&a), text_of(&cell_lines(&whole, key)));
    }

    #[test]
    fn command_output_bytes_never_panic_or_show_controls(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        command in any::<String>(),
        running in any::<bool>(),
    ) {
        let kind = CellKind::Command(Box::new(CommandCell {
            command,
            cwd: Some("/tmp/\u{1b}]0;x\u{7}".into()),
            actions: vec![],
            output: String::from_utf8_lossy(&bytes).into_owned(),
            exit_code: (!running).then_some(1),
            duration_ms: None,
            running,
            status: None,
        decision: None,
        shell: false,
        evidence: None,
        }));
        for lines in layouts(&kind) {
            assert_clean(&lines)?;
        }
    }
}

/// The same, through the whole screen: no buffer cell holds an escape or control character.
#[test]
fn hostile_text_never_reaches_the_screen_buffer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let hostile =
        "\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{1b}P+q\u{1b}\\\u{9d}0;t\u{9c}\r\u{7f}\u{0}ok";
    state.transcript_mut().push(CellKind::User {
        text: hostile.into(),
    });
    state.transcript_mut().push(CellKind::Agent {
        markdown: Box::new(MarkdownText::new(&format!(
            "# {hostile}\n\n```\n{hostile}\n```\n| {hostile} |\n|---|\n"
        ))),
        streaming: false,
    });
    state
        .transcript_mut()
        .push(CellKind::Command(Box::new(CommandCell {
            command: hostile.into(),
            cwd: Some(hostile.into()),
            actions: vec![],
            output: format!("{hostile}\n").repeat(10),
            exit_code: Some(0),
            duration_ms: Some(5),
            running: false,
            status: None,
            decision: None,
            shell: false,
            evidence: None,
        })));
    let mut terminal = Terminal::new(TestBackend::new(70, 60)).unwrap();
    terminal.draw(|f| tern::ui::draw(f, &state, now)).unwrap();
    let buffer = terminal.backend().buffer();
    for cell in buffer.content() {
        assert!(
            !cell.symbol().chars().any(char::is_control),
            "control character in a screen cell: {:?}",
            cell.symbol()
        );
    }
    assert!(screen(&mut state, 70, 60, now).contains("ok"));
}
