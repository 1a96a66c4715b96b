//! A selection of the transcript's text as drawn: from one (cell, rendered row, column) to
//! another, across cells, by character, word or line; and the text it takes — exactly what is
//! shown: soft-wrapped rows joined as the line they were (`render::row_marks` says which rows
//! continue the one above and how), decoration left out (bullets, indents, quote bars, a code
//! row's `↪`), so code comes out exact; a wide character is taken whole or not at all; and
//! only printable text (`text::sanitize::copyable_text`).
//!
//! Pure: it reads rows through [`Rows`], which the laid-out transcript (`controls::view`)
//! implements and a test can build by hand. Cells are a blank row apart, as drawn: a
//! selection across cells takes that blank line too.

use crate::render::row_marks::{is_decoration, join_of, RowJoin};
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;

/// The rows a selection reads: each cell's rendered lines.
pub(crate) trait Rows {
    fn cell_count(&self) -> usize;
    /// The cell's rendered rows, without the blank row after it.
    fn row_count(&self, cell: usize) -> usize;
    fn line(&self, cell: usize, row: usize) -> Option<Line<'static>>;
}

/// A place in the transcript as drawn: a cell, one of its rendered rows (its row count is the
/// blank row after it), a column of that row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TextPoint {
    pub cell: usize,
    pub row: usize,
    pub col: usize,
}

impl TextPoint {
    pub(crate) fn new(cell: usize, row: usize, col: usize) -> Self {
        TextPoint { cell, row, col }
    }
}

/// What a selection grows by: characters (a drag, `v`), words (a double click), whole lines
/// (a triple click, `V`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    Char,
    Word,
    Line,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TextSelection {
    /// Where it started.
    pub anchor: TextPoint,
    /// Where it ends now (a drag's pointer, copy mode's cursor).
    pub head: TextPoint,
    pub unit: Unit,
}

/// Where an inclusive stretch of one row starts and ends, in columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub from: usize,
    /// The last column taken (`usize::MAX`: to the end of the row).
    pub to: usize,
}

impl TextSelection {
    pub(crate) fn new(at: TextPoint, unit: Unit) -> Self {
        TextSelection {
            anchor: at,
            head: at,
            unit,
        }
    }

    /// Its first and last places, grown to whole words or lines as its unit says.
    pub(crate) fn bounds(&self, rows: &dyn Rows) -> (TextPoint, TextPoint) {
        let (start, end) = if self.anchor <= self.head {
            (self.anchor, self.head)
        } else {
            (self.head, self.anchor)
        };
        match self.unit {
            Unit::Char => (start, end),
            Unit::Word => (word_start(rows, start), word_end(rows, end)),
            Unit::Line => (
                TextPoint::new(start.cell, line_start(rows, start.cell, start.row), 0),
                TextPoint::new(end.cell, line_end(rows, end.cell, end.row), usize::MAX),
            ),
        }
    }

    /// The columns of `(cell, row)` it covers, if any.
    pub(crate) fn on_row(&self, rows: &dyn Rows, cell: usize, row: usize) -> Option<Span> {
        covered((cell, row), self.bounds(rows))
    }

    /// The text it takes.
    pub(crate) fn text(&self, rows: &dyn Rows) -> String {
        let (start, end) = self.bounds(rows);
        let mut out = String::new();
        let mut at = (start.cell, start.row);
        while at <= (end.cell, end.row) && at.0 < rows.cell_count() {
            let line = rows.line(at.0, at.1).unwrap_or_default();
            if at != (start.cell, start.row) {
                out.push_str(match join_of(&line) {
                    RowJoin::NewLine => "\n",
                    RowJoin::Space => " ",
                    RowJoin::Direct => "",
                });
            }
            if let Some(span) = covered(at, (start, end)) {
                out.push_str(&row_text(&line, span));
            }
            at = next_row(rows, at);
        }
        crate::text::sanitize::copyable_text(&out)
    }
}

/// The row after `at`: the next of its cell (the blank row after its last included), or the
/// next cell's first.
fn next_row(rows: &dyn Rows, (cell, row): (usize, usize)) -> (usize, usize) {
    if row < rows.row_count(cell) {
        (cell, row + 1)
    } else {
        (cell + 1, 0)
    }
}

fn covered(at: (usize, usize), (start, end): (TextPoint, TextPoint)) -> Option<Span> {
    if at < (start.cell, start.row) || at > (end.cell, end.row) {
        return None;
    }
    let from = if at == (start.cell, start.row) {
        start.col
    } else {
        0
    };
    let to = if at == (end.cell, end.row) {
        end.col
    } else {
        usize::MAX
    };
    (from <= to).then_some(Span { from, to })
}

/// The characters of `line` between the span's columns, decoration left out: a character
/// that the span covers only in part (a wide one at its edge) is taken whole.
pub(crate) fn row_text(line: &Line<'_>, span: Span) -> String {
    let mut out = String::new();
    let mut col = 0;
    for piece in &line.spans {
        let decoration = is_decoration(piece);
        for (g, w) in crate::text::graphemes::clusters(&piece.content) {
            let last = col + w.max(1) - 1;
            if !decoration && last >= span.from && col <= span.to {
                out.push_str(g);
            }
            col += w;
        }
    }
    out
}

/// The characters of a row with their first column, decoration left out.
fn cells_of(line: &Line<'_>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut col = 0;
    for piece in &line.spans {
        for (g, w) in crate::text::graphemes::clusters(&piece.content) {
            if !is_decoration(piece) {
                out.push((col, g.to_string()));
            }
            col += w;
        }
    }
    out
}

fn is_word(g: &str) -> bool {
    g.chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || "_-./:~@".contains(c))
}

/// The word under `at`, as columns of its row; `None` off any word.
fn word_at(rows: &dyn Rows, at: TextPoint) -> Option<(usize, usize)> {
    let line = rows.line(at.cell, at.row)?;
    let cells = cells_of(&line);
    let here = cells
        .iter()
        .rposition(|(col, g)| *col <= at.col && at.col < col + g.width().max(1))?;
    if !is_word(&cells[here].1) {
        return None;
    }
    let mut first = here;
    while first > 0 && is_word(&cells[first - 1].1) {
        first -= 1;
    }
    let mut last = here;
    while last + 1 < cells.len() && is_word(&cells[last + 1].1) {
        last += 1;
    }
    let (col, g) = &cells[last];
    Some((cells[first].0, col + g.width().max(1) - 1))
}

fn word_start(rows: &dyn Rows, at: TextPoint) -> TextPoint {
    match word_at(rows, at) {
        Some((from, _)) => TextPoint { col: from, ..at },
        None => at,
    }
}

fn word_end(rows: &dyn Rows, at: TextPoint) -> TextPoint {
    match word_at(rows, at) {
        Some((_, to)) => TextPoint { col: to, ..at },
        None => at,
    }
}

/// The first row of the line (soft wraps joined) that `row` belongs to.
fn line_start(rows: &dyn Rows, cell: usize, mut row: usize) -> usize {
    while row > 0
        && rows
            .line(cell, row)
            .is_some_and(|l| join_of(&l) != RowJoin::NewLine)
    {
        row -= 1;
    }
    row
}

/// The last row of the line (soft wraps joined) that `row` belongs to.
fn line_end(rows: &dyn Rows, cell: usize, mut row: usize) -> usize {
    while rows
        .line(cell, row + 1)
        .is_some_and(|l| join_of(&l) != RowJoin::NewLine)
    {
        row += 1;
    }
    row
}

impl Rows for super::view::View<'_> {
    fn cell_count(&self) -> usize {
        self.transcript.len()
    }

    fn row_count(&self, cell: usize) -> usize {
        self.cell(cell).len()
    }

    fn line(&self, cell: usize, row: usize) -> Option<Line<'static>> {
        if cell >= self.transcript.len() {
            return None;
        }
        self.cell(cell).get(row).cloned()
    }
}

#[cfg(test)]
#[path = "text_selection_tests.rs"]
mod tests;
