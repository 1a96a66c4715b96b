//! A table at the end of a streaming message, followed row by row. Finding block boundaries
//! means parsing the whole open block; a table that grows a row per delta would cost each
//! delta its whole length. Once the open block is known to be a table and nothing else, a
//! finished line that can only be one more row of it (by pulldown-cmark's own rules) is
//! taken as a row without parsing anything; any other line goes back to the full parse.

use super::markdown_options::MARKDOWN_OPTIONS;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// pulldown-cmark fills short rows with empty cells, at most this many over a whole table;
/// past that the table ends (a guard against quadratic input). Rows are followed without
/// parsing only while the cells they can have had filled stay under it.
const MAX_FILLED_CELLS: usize = 1 << 18;

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OpenTable {
    /// Cells in the header row: every row has that many once parsed.
    columns: usize,
    /// Where the first row after the delimiter line starts (a byte offset in the message).
    pub rows_start: usize,
    /// Finished lines before this offset are rows of the table.
    pub checked: usize,
    /// At least as many cells as pulldown-cmark has filled in so far.
    filled_bound: usize,
}

impl OpenTable {
    /// `finished` (the open block's finished lines, starting at offset `start` of the message)
    /// when it is one table, header on its first line, covering all of it.
    pub(crate) fn detect(finished: &str, start: usize) -> Option<OpenTable> {
        let header_end = finished.find('\n')? + 1;
        let rows_start = header_end + finished[header_end..].find('\n')? + 1;
        // Cheap checks first: the full parse below costs the whole block.
        let delimiter = finished[header_end..rows_start].trim();
        let looks_like_delimiter = delimiter.contains('-')
            && delimiter
                .chars()
                .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'));
        if !looks_like_delimiter {
            return None;
        }
        let mut events = Parser::new_ext(finished, MARKDOWN_OPTIONS).into_offset_iter();
        match events.next()? {
            (Event::Start(Tag::Table(_)), range) if !finished[..range.start].contains('\n') => {}
            _ => return None,
        }
        let mut columns = 0usize;
        let mut in_head = true;
        let mut depth = 1usize;
        for (event, range) in events.by_ref() {
            match event {
                Event::Start(tag) => {
                    if in_head && tag == Tag::TableCell {
                        columns += 1;
                    }
                    depth += 1;
                }
                Event::End(tag) => {
                    in_head &= tag != TagEnd::TableHead;
                    depth -= 1;
                    if depth == 0 {
                        // The table must run to the end: a blank line after it ends it.
                        if range.end != finished.len() {
                            return None;
                        }
                        break;
                    }
                }
                _ => {}
            }
        }
        if depth != 0 || events.next().is_some() || columns == 0 {
            return None;
        }
        let filled_bound = finished[rows_start..]
            .lines()
            .map(|line| columns.saturating_sub(cells_at_least(line)))
            .sum();
        Some(OpenTable {
            columns,
            rows_start: start + rows_start,
            checked: start + finished.len(),
            filled_bound,
        })
    }

    /// Takes the finished lines of `text` after [`Self::checked`] as rows while each certainly is
    /// one. Returns false at the first line that might not be (the caller parses the block).
    pub(crate) fn follow(&mut self, text: &str) -> bool {
        while let Some(newline) = text[self.checked..].find('\n') {
            let line = &text[self.checked..self.checked + newline];
            if !continues_table(line) {
                return false;
            }
            let filled = self.columns.saturating_sub(cells_at_least(line));
            if self.filled_bound + filled >= MAX_FILLED_CELLS {
                return false;
            }
            self.filled_bound += filled;
            self.checked += newline + 1;
        }
        true
    }
}

/// Whether `line` (without its line end), following rows of a top-level table, is one more row
/// of it: pulldown-cmark skips its leading white space, ends the table at a line that is blank or
/// could start another block (`#`, `>`, a list marker, a fence, a rule, `<`…), and at a row
/// with no cell (a lone `|`). A line starting with a letter, or with `|` and then something, is
/// none of those.
pub(crate) fn continues_table(line: &str) -> bool {
    let line = line.trim_start_matches([' ', '\t']);
    match line.chars().next() {
        Some('|') => line[1..].trim_start().chars().next().is_some(),
        Some(c) => c.is_ascii_alphabetic(),
        None => false,
    }
}

/// A lower bound on the cells of a row: every `|` not escaped separates two, except a leading
/// and a trailing one.
fn cells_at_least(line: &str) -> usize {
    let mut pipes = 0usize;
    let mut previous = ' ';
    for c in line.chars() {
        if c == '|' && previous != '\\' {
            pipes += 1;
        }
        previous = c;
    }
    pipes.saturating_sub(1).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_alone_is_detected_with_its_columns_and_rows() {
        let t = OpenTable::detect("| a | b |\n|---|:-:|\n| 1 | 2 |\n", 10).unwrap();
        assert_eq!((t.columns, t.rows_start, t.checked), (2, 10 + 20, 10 + 30));
        assert_eq!(
            OpenTable::detect("| a |\n|---|\n| 1 |\n\n", 0),
            None,
            "a blank line ended it"
        );
        assert_eq!(OpenTable::detect("text\n| a |\n|---|\n", 0), None);
        assert_eq!(OpenTable::detect("| a |\n| b |\n", 0), None, "no delimiter");
        assert!(OpenTable::detect("a | b\n--|--\nc\n", 0).is_some());
    }

    #[test]
    fn only_lines_that_cannot_end_a_table_are_followed() {
        for row in ["| x |", "  |x", "x", "word | more", "|\\|", "\t| y"] {
            assert!(continues_table(row), "{row:?}");
        }
        for other in [
            "", "   ", "|", "|  ", "# h", "> q", "- i", "1. i", "```", "---", "<div>", "***",
            "[a]: b", "3) x",
        ] {
            assert!(!continues_table(other), "{other:?}");
        }
    }

    #[test]
    fn following_stops_at_a_line_that_might_end_the_table() {
        let text = "| a |\n|---|\n| 1 |\n";
        let mut t = OpenTable::detect(text, 0).unwrap();
        let more = format!("{text}| 2 |\nplain\n- item\n| 3 |\n");
        assert!(!t.follow(&more));
        assert_eq!(&more[t.checked..], "- item\n| 3 |\n");
    }
}
