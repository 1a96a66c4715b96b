//! Word wrapping of styled text, measured in terminal columns (wide CJK and emoji count two).

use super::row_marks::{continues, decoration, decorations, RowJoin};
use crate::text::graphemes::clusters;
use crate::theme::Theme;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

pub(crate) fn width_of(spans: &[Span<'_>]) -> usize {
    spans.iter().map(|s| s.content.width()).sum()
}

/// A run of spaces, or a word: the characters between spaces, whatever their styles (inline
/// code followed by a full stop is one word, never broken before the stop). Its segments are
/// `segments[start..end]`, slices of the spans wrapped: a line costs its rows, not a string per
/// word.
struct Piece {
    start: usize,
    end: usize,
    width: usize,
    space: bool,
}

/// The words and runs of spaces of `spans`, and the styled slices they are made of.
fn pieces<'a>(spans: &'a [Span<'static>]) -> (Vec<Piece>, Vec<(&'a str, Style)>) {
    let mut out: Vec<Piece> = Vec::new();
    let mut segments: Vec<(&'a str, Style)> = Vec::new();
    for span in spans {
        let text = span.content.as_ref();
        let mut rest = text;
        while !rest.is_empty() {
            let space = rest.starts_with(' ');
            let len = rest
                .find(|c: char| (c == ' ') != space)
                .unwrap_or(rest.len());
            let (run, after) = rest.split_at(len);
            rest = after;
            match out.last_mut() {
                Some(p) if p.space == space => p.end += 1,
                _ => out.push(Piece {
                    start: segments.len(),
                    end: segments.len() + 1,
                    width: 0,
                    space,
                }),
            }
            segments.push((run, span.style));
            if let Some(p) = out.last_mut() {
                p.width += run.width();
            }
        }
    }
    (out, segments)
}

/// Wraps one logical line into rows of at most `width` columns. `first` prefixes the first row
/// and `rest` every later one (hanging indents for lists and quotes). The later rows are marked
/// as continuing the first (`row_marks`) and their `rest` as decoration: a copy joins them.
pub(crate) fn wrap_spans(
    spans: &[Span<'static>],
    width: usize,
    first: &[Span<'static>],
    rest: &[Span<'static>],
) -> Vec<Line<'static>> {
    let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
    // How each row after the first follows the one above.
    let mut joins: Vec<RowJoin> = Vec::new();
    let mut row: Vec<Span<'static>> = first.to_vec();
    let mut used = width_of(first);
    let mut row_has_text = false;
    let rest = decorations(rest);
    let rest = rest.as_slice();
    let rest_width = width_of(rest);
    let (words, segments) = pieces(spans);
    // A word longer than a whole row is split; if even the indent leaves no room, wrap anyway.
    let room = |indent: usize| width.saturating_sub(indent).max(1);

    for piece in words {
        let w = piece.width;
        let piece_segments = &segments[piece.start..piece.end];
        if piece.space {
            if row_has_text && used + w <= width {
                for (text, style) in piece_segments {
                    push(&mut row, text, *style);
                }
                used += w;
            }
            continue;
        }
        if used + w > width && row_has_text {
            trim_trailing_space(&mut row);
            joins.push(RowJoin::Space);
            rows.push(std::mem::replace(&mut row, rest.to_vec()));
            used = rest_width;
            row_has_text = false;
        }
        if used + w <= width || w <= room(used) {
            for (text, style) in piece_segments {
                push(&mut row, text, *style);
            }
            used += w;
            row_has_text = true;
            continue;
        }
        // Hard-split an overlong word at grapheme boundaries (a cluster is never cut).
        for (text, style) in piece_segments {
            for (g, cw) in clusters(text) {
                if used + cw > width && row_has_text {
                    joins.push(RowJoin::Direct);
                    rows.push(std::mem::replace(&mut row, rest.to_vec()));
                    used = rest_width;
                }
                push(&mut row, g, *style);
                used += cw;
                row_has_text = true;
            }
        }
    }
    trim_trailing_space(&mut row);
    rows.push(row);
    let joins = std::iter::once(RowJoin::NewLine).chain(joins);
    rows.into_iter()
        .zip(joins)
        .map(|(row, join)| {
            let mut line = Line::from(row);
            continues(&mut line, join);
            line
        })
        .collect()
}

fn push(row: &mut Vec<Span<'static>>, text: &str, style: Style) {
    match row.last_mut() {
        Some(last) if last.style == style => last.content.to_mut().push_str(text),
        _ => row.push(Span::styled(text.to_string(), style)),
    }
}

fn trim_trailing_space(row: &mut [Span<'static>]) {
    if let Some(last) = row.last_mut() {
        let trimmed = last.content.trim_end_matches(' ').len();
        last.content.to_mut().truncate(trimmed);
    }
}

/// Splits a line of code into rows of `width` columns, marking each continuation with `↪` so a
/// wrapped line is never mistaken for two (the `↪` is decoration, the row a direct
/// continuation: a copy gives the line as it was).
pub(crate) fn wrap_code(spans: &[Span<'static>], width: usize, theme: Theme) -> Vec<Line<'static>> {
    let width = width.max(2);
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in spans {
        for (g, cw) in clusters(&span.content) {
            if used + cw > width {
                rows.push(vec![decoration(Span::styled("↪ ", theme.palette().dim))]);
                used = 2;
            }
            push(rows.last_mut().expect("non-empty"), g, span.style);
            used += cw;
        }
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let mut line = Line::from(row);
            if i > 0 {
                continues(&mut line, RowJoin::Direct);
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    /// Inline code and the punctuation after it are one word: the stop never starts a row.
    #[test]
    fn a_word_of_two_styles_is_not_broken_between_them() {
        let code = ratatui::style::Style::new().bold();
        let spans = vec![
            Span::raw("The fix is in "),
            Span::styled("add()", code),
            Span::raw(". Done"),
        ];
        let lines = wrap_spans(&spans, 19, &[], &[]);
        assert_eq!(text(&lines), ["The fix is in", "add(). Done"]);
    }

    #[test]
    fn wraps_at_word_boundaries_with_hanging_indent() {
        let spans = vec![Span::raw("the quick brown fox jumps over")];
        let lines = wrap_spans(&spans, 12, &[Span::raw("- ")], &[Span::raw("  ")]);
        assert_eq!(text(&lines), ["- the quick", "  brown fox", "  jumps over"]);
    }

    #[test]
    fn splits_words_longer_than_a_row_and_counts_wide_chars() {
        let lines = wrap_spans(&[Span::raw("abcdefghij")], 4, &[], &[]);
        assert_eq!(text(&lines), ["abcd", "efgh", "ij"]);
        let lines = wrap_spans(&[Span::raw("日本語テキスト")], 6, &[], &[]);
        assert_eq!(text(&lines), ["日本語", "テキス", "ト"]);
    }

    #[test]
    fn code_wraps_with_a_visible_marker() {
        let lines = wrap_code(&[Span::raw("0123456789")], 6, Theme::Dark);
        assert_eq!(text(&lines), ["012345", "↪ 6789"]);
    }

    #[test]
    fn a_grapheme_is_never_cut_and_is_as_wide_as_drawn() {
        let family = "👨\u{200d}👩\u{200d}👧";
        let lines = wrap_spans(&[Span::raw(family.repeat(5))], 4, &[], &[]);
        assert_eq!(
            text(&lines),
            [family.repeat(2), family.repeat(2), family.to_string()]
        );
        let lines = wrap_code(&[Span::raw("🕯\u{fe0f}".repeat(4))], 4, Theme::Dark);
        assert_eq!(text(&lines)[0], "🕯\u{fe0f}🕯\u{fe0f}");
    }
}
