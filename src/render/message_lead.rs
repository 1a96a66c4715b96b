//! How a message's blocks sit in its cell: the first line carries the bullet, the rest are
//! indented under it, blocks a blank line apart. Shared by the message's layout and the parts
//! that lay out its open tail (`table_stream`, `text_chunks`).

use crate::model::Theme;
use ratatui::text::{Line, Span};

/// Adds one block's lines, a blank line apart from the previous block.
pub(crate) fn append_block(head: &mut Vec<Line<'static>>, lines: Vec<Line<'static>>, theme: Theme) {
    if lines.is_empty() {
        return;
    }
    let first = head.is_empty();
    if !first {
        head.push(Line::default());
    }
    head.extend(lead(lines, first, theme));
}

/// The message's first line carries the bullet; every other line is indented under it (both
/// decoration: a copy takes the text alone).
pub(crate) fn lead(
    lines: Vec<Line<'static>>,
    first: bool,
    theme: Theme,
) -> impl Iterator<Item = Line<'static>> {
    let bullet = theme.palette().agent;
    lines.into_iter().enumerate().map(move |(i, line)| {
        let lead = if first && i == 0 {
            Span::styled("• ", bullet)
        } else {
            Span::raw("  ")
        };
        let mut spans = Vec::with_capacity(line.spans.len() + 1);
        spans.push(super::row_marks::decoration(lead));
        spans.extend(line.spans.iter().cloned());
        super::row_marks::rebuilt(spans, &line)
    })
}
