//! Patching a style onto part of a line's text: search matches, changed words in a diff.

use ratatui::style::Style;
use ratatui::text::Span;
use std::ops::Range;

/// Patches `style` onto the bytes `range` of the spans' text, splitting spans at its edges.
pub(crate) fn restyle(
    spans: Vec<Span<'static>>,
    range: Range<usize>,
    style: Style,
) -> Vec<Span<'static>> {
    let mut out = Vec::with_capacity(spans.len() + 2);
    let mut at = 0;
    for span in spans {
        let text = span.content.as_ref();
        let (start, end) = (at, at + text.len());
        at = end;
        if end <= range.start || start >= range.end {
            out.push(span);
            continue;
        }
        let a = range.start.saturating_sub(start).min(text.len());
        let b = (range.end - start).min(text.len());
        for (piece, piece_style) in [
            (&text[..a], span.style),
            (&text[a..b], span.style.patch(style)),
            (&text[b..], span.style),
        ] {
            if !piece.is_empty() {
                out.push(Span::styled(piece.to_string(), piece_style));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    #[test]
    fn restyle_splits_spans_at_the_range_edges() {
        let mark = crate::theme::Theme::Dark
            .palette()
            .diff
            .added_word
            .bg
            .unwrap();
        let spans = vec![Span::raw("hello "), Span::raw("world")];
        let out = restyle(spans, 3..8, Style::default().bg(mark));
        let pieces: Vec<(&str, Option<Color>)> = out
            .iter()
            .map(|s| (s.content.as_ref(), s.style.bg))
            .collect();
        assert_eq!(
            pieces,
            [
                ("hel", None),
                ("lo ", Some(mark)),
                ("wo", Some(mark)),
                ("rld", None)
            ]
        );
    }
}
