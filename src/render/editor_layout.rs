//! How the composer's text sits in its box: each line soft-wrapped at word boundaries (a word
//! longer than the box is cut), control characters shown as visible markers, and where the
//! cursor lands. Pure, so the app (row counts, moving by screen rows) and the ui (drawing) agree.

use crate::text::invisible::{is_emoji_sequence, is_invisible};
use crate::text::sanitize::visible_line;
use std::borrow::Cow;
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// One screen row of the composer: chars `start..end` of logical line `line`, as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisualRow {
    pub line: usize,
    pub start: usize,
    pub end: usize,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditorLayout {
    pub rows: Vec<VisualRow>,
    /// The screen row and column of the cursor.
    pub cursor: (usize, usize),
}

/// What one grapheme looks like: itself, or visible markers for the control characters and
/// invisible characters in it (never applied to the terminal). A valid emoji sequence (a ZWJ
/// family, a skin tone, a flag) is itself: one cluster, as wide as the terminal draws it.
pub(crate) fn shown(cluster: &str) -> Cow<'_, str> {
    let plain = cluster.chars().all(|c| !c.is_control() && !is_invisible(c));
    if plain || is_emoji_sequence(cluster) {
        cluster.into()
    } else {
        visible_line(cluster).into()
    }
}

/// The columns `cluster` takes as shown.
pub(crate) fn shown_width(cluster: &str) -> usize {
    shown(cluster).width()
}

/// Lays out `lines` in `width` columns. The last column is kept free so the cursor after a full
/// row stays in the box.
pub(crate) fn layout(lines: &[String], cursor: (usize, usize), width: u16) -> EditorLayout {
    let width = usize::from(width.saturating_sub(1)).max(1);
    let mut rows = Vec::with_capacity(lines.len());
    let mut cursor_at = (0, 0);
    for (index, line) in lines.iter().enumerate() {
        let first = rows.len();
        wrap_line(index, line, width, &mut rows);
        if index == cursor.0 {
            let row = rows[first..]
                .iter()
                .rposition(|r| r.start <= cursor.1)
                .map_or(first, |i| first + i);
            let start = byte_at(line, rows[row].start);
            let end = byte_at(line, cursor.1.max(rows[row].start));
            let before: usize = line[start..end].graphemes(true).map(shown_width).sum();
            cursor_at = (row, before);
        }
    }
    if rows.is_empty() {
        rows.push(VisualRow {
            line: 0,
            start: 0,
            end: 0,
            text: String::new(),
        });
    }
    EditorLayout {
        rows,
        cursor: cursor_at,
    }
}

/// How many screen rows `lines` take in `width` columns.
pub(crate) fn row_count(lines: &[String], width: u16) -> usize {
    let width = usize::from(width.saturating_sub(1)).max(1);
    let mut rows = Vec::new();
    let mut count = 0;
    for (index, line) in lines.iter().enumerate() {
        // Short lines, the common case, take one row without being wrapped.
        if line.len() < width && line.is_ascii() && !line.chars().any(char::is_control) {
            count += 1;
            continue;
        }
        rows.clear();
        wrap_line(index, line, width, &mut rows);
        count += rows.len();
    }
    count.max(1)
}

/// The byte offset of character `col` of `line` (its length past the end).
fn byte_at(line: &str, col: usize) -> usize {
    line.char_indices().nth(col).map_or(line.len(), |(i, _)| i)
}

/// Soft-wraps one line a grapheme at a time: a cluster is never split across rows, and its
/// width is the whole cluster's.
fn wrap_line(index: usize, line: &str, width: usize, rows: &mut Vec<VisualRow>) {
    let mut start = 0;
    let mut text = String::new();
    let mut column = 0;
    // Just after the last space of the row: (char index, byte length of text, column).
    let mut space: Option<(usize, usize, usize)> = None;
    let mut i = 0;
    for cluster in line.graphemes(true) {
        let piece = shown(cluster);
        let w = piece.width();
        if column + w > width && column > 0 {
            match space.filter(|&(at, _, _)| at > start) {
                Some((at, bytes, col)) => {
                    let rest = text.split_off(bytes);
                    rows.push(row(index, start, at, std::mem::replace(&mut text, rest)));
                    start = at;
                    column -= col;
                }
                None => {
                    rows.push(row(index, start, i, std::mem::take(&mut text)));
                    start = i;
                    column = 0;
                }
            }
            space = None;
        }
        text.push_str(&piece);
        column += w;
        i += cluster.chars().count();
        if cluster == " " {
            space = Some((i, text.len(), column));
        }
    }
    rows.push(row(index, start, i, text));
}

fn row(line: usize, start: usize, end: usize, text: String) -> VisualRow {
    VisualRow {
        line,
        start,
        end,
        text,
    }
}

/// The first row to show in a box `height` rows tall: as close to `top` as keeps the cursor in
/// view, and never past the point where the box would show empty rows below the text.
pub(crate) fn visible_top(top: usize, cursor_row: usize, total: usize, height: usize) -> usize {
    let height = height.max(1);
    let mut top = top.min(total.saturating_sub(height));
    if cursor_row < top {
        top = cursor_row;
    }
    if cursor_row >= top + height {
        top = cursor_row + 1 - height;
    }
    top
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.split('\n').map(str::to_string).collect()
    }

    fn texts(l: &EditorLayout) -> Vec<&str> {
        l.rows.iter().map(|r| r.text.as_str()).collect()
    }

    #[test]
    fn long_lines_wrap_at_spaces_and_cut_long_words() {
        let l = layout(&lines("hello big world"), (0, 15), 11);
        assert_eq!(texts(&l), ["hello big ", "world"]);
        assert_eq!(l.cursor, (1, 5));
        let l = layout(&lines("abcdefghijkl"), (0, 3), 6);
        assert_eq!(texts(&l), ["abcde", "fghij", "kl"]);
        assert_eq!(l.cursor, (0, 3));
        assert_eq!(row_count(&lines("abcdefghijkl\nx"), 6), 4);
    }

    #[test]
    fn the_cursor_at_a_row_break_goes_to_the_next_row() {
        let l = layout(&lines("abcdefghij"), (0, 5), 6);
        assert_eq!(l.cursor, (1, 0));
        let l = layout(&lines("abcde"), (0, 5), 6);
        assert_eq!(l.cursor, (0, 5));
    }

    #[test]
    fn control_characters_are_shown_as_markers() {
        let l = layout(&lines("a\u{1b}]0;T\u{7}b"), (0, 7), 40);
        assert_eq!(texts(&l), ["a␛]0;T␇b"]);
        assert_eq!(l.cursor, (0, 7));
    }

    #[test]
    fn the_view_never_shows_blank_rows_below_the_text() {
        // 13 rows were scrolled to the end, then text was deleted back to 3 rows.
        assert_eq!(visible_top(5, 2, 3, 8), 0);
        assert_eq!(visible_top(0, 12, 13, 8), 5);
        assert_eq!(visible_top(5, 6, 13, 8), 5);
        assert_eq!(visible_top(5, 2, 13, 8), 2);
    }
}
