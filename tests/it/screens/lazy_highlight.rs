//! An answer's code blocks get their colours when they are drawn (`render::lazy_code`): a long
//! answer whose code is off screen costs no highlighting, the blocks on screen are coloured as
//! before (a snapshot with colours), and colours arriving move no row.

use crate::support::common::*;
use crate::support::styled::{draw, styled_text};
use crossterm::event::KeyCode;
use ratatui::layout::Rect;
use std::time::Instant;
use tern::app::{update, AppState};
use tern::controls::scroll::Measure;
use tern::model::{CellKind, MarkdownText};
use tern::render::highlight::lines_highlighted;

const BLOCKS: usize = 200;
/// Source lines of each code block.
const BLOCK_LINES: u64 = 3;

/// A long answer: a paragraph and a three-line rust block per part.
fn long_answer() -> String {
    (0..BLOCKS)
        .map(|i| {
            format!(
                "Part {i} shows the code.\n\n```rust\nfn part_{i}(x: u32) -> u32 {{\n    x + {i}\n}}\n```\n\n"
            )
        })
        .collect()
}

fn with_answer(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.transcript_mut().push(CellKind::Agent {
        markdown: Box::new(MarkdownText::new(&long_answer())),
        streaming: false,
    });
    state
}

/// The answer's rows and their text at `width`, as scrolling measures them.
fn measured(state: &AppState, width: u16) -> (usize, Vec<String>) {
    let view = state.view_in(Rect::new(0, 0, width, 20));
    let rows = view.rows(0);
    let text = view
        .cell(0)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    (rows, text)
}

#[test]
fn code_off_screen_is_never_highlighted_and_code_on_screen_is() {
    let now = Instant::now();
    let mut state = with_answer(now);
    let (rows_plain, text_plain) = measured(&state, 60);

    let before = lines_highlighted();
    let buffer = draw(&mut state, 60, 16, now);
    let at_the_end = lines_highlighted() - before;
    // Sixteen rows show parts of at most three blocks; the answer has two hundred.
    assert!(
        at_the_end > 0 && at_the_end <= 3 * BLOCK_LINES,
        "{at_the_end} lines highlighted for one screen"
    );
    snapshot!("code_on_screen_coloured_60x16", &styled_text(&buffer));

    // A page up colours the blocks that come into view, and only those.
    update(&mut state, key(KeyCode::PageUp), now);
    let before = lines_highlighted();
    let paged = draw(&mut state, 60, 16, now);
    let page_up = lines_highlighted() - before;
    assert!(
        page_up > 0 && page_up <= 3 * BLOCK_LINES,
        "{page_up} lines highlighted for a page up"
    );
    let styled = styled_text(&paged);
    let code_rows: Vec<&str> = styled.lines().filter(|l| l.contains("part_")).collect();
    assert!(!code_rows.is_empty(), "{styled}");
    assert!(
        code_rows.iter().all(|l| l.contains("fn{")),
        "the code on the page is coloured: {styled}"
    );
    // Drawn again, nothing is highlighted again.
    let before = lines_highlighted();
    draw(&mut state, 60, 16, now);
    assert_eq!(lines_highlighted() - before, 0);

    // The colours changed no row: the answer measures and reads as it did, plain.
    let (rows_coloured, text_coloured) = measured(&state, 60);
    assert_eq!(rows_coloured, rows_plain);
    assert_eq!(text_coloured, text_plain);
}
