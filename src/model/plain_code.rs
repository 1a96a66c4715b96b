//! A code block laid out without its colours. A fast stream scrolls most code blocks past
//! before any frame shows them, so an answer's code is laid out plain and coloured only when
//! its rows are first drawn (`render::lazy_code`). Colours never move a row: the plain rows
//! are the highlighted rows' text, wrapped the same way, so only styles change.

use super::Theme;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub struct PlainCode {
    /// Its first row among the cell's laid-out lines (`Laid::head` then `Laid::tail`).
    pub row: usize,
    /// How many rows it takes.
    pub rows: usize,
    /// The fence's info string, as highlighting reads it.
    pub lang: String,
    pub body: String,
    /// The columns its rows were wrapped at.
    pub room: usize,
    pub theme: Theme,
}

impl PlainCode {
    /// The row after its last.
    pub(crate) fn end(&self) -> usize {
        self.row + self.rows
    }

    /// Whether it has a row among `rows`.
    pub(crate) fn overlaps(&self, rows: &Range<usize>) -> bool {
        self.row < rows.end && rows.start < self.end()
    }
}
