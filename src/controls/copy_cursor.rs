//! Copy mode's cursor (as tmux's copy mode): a rendered row and column inside the selected cell
//! (`selection::CellSelection`, which keeps the cell as older turns come in above), moved a row
//! or a column at a time — past a cell's first or last row it goes on into the next selectable
//! cell — and the mark `v` or `V` sets, from which the selection runs to the cursor.

use super::selection::CellSelection;
use super::text_selection::{Rows, TextPoint, TextSelection, Unit};
use crate::model::Transcript;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct CopyCursor {
    /// The rendered row of the selected cell.
    row: usize,
    /// The column of that row.
    col: usize,
    /// Where `v` (characters) or `V` (lines) started the selection.
    mark: Option<(TextPoint, Unit)>,
}

impl CopyCursor {
    /// Where the cursor is, in the transcript.
    pub(crate) fn point(&self, cell: &CellSelection, transcript: &Transcript) -> Option<TextPoint> {
        let cell = cell.index(transcript)?;
        Some(TextPoint::new(cell, self.row, self.col))
    }

    /// The selection from the mark to the cursor, once `v` or `V` set the mark.
    pub(crate) fn selection(
        &self,
        cell: &CellSelection,
        transcript: &Transcript,
    ) -> Option<TextSelection> {
        let (anchor, unit) = self.mark?;
        let head = self.point(cell, transcript)?;
        Some(TextSelection { anchor, head, unit })
    }

    pub(crate) fn has_mark(&self) -> bool {
        self.mark.is_some()
    }

    /// The cursor's rendered row in the selected cell.
    pub(crate) fn row(&self) -> usize {
        self.row
    }

    /// `v` / `V`: marks the cursor's place; again with the same unit, drops the selection;
    /// with the other, changes its unit.
    pub(crate) fn toggle_mark(
        &mut self,
        unit: Unit,
        cell: &CellSelection,
        transcript: &Transcript,
    ) {
        self.mark = match self.mark {
            Some((_, was)) if was == unit => None,
            Some((at, _)) => Some((at, unit)),
            None => self.point(cell, transcript).map(|at| (at, unit)),
        };
    }

    /// The cell moved by a whole cell (Alt+↑/↓, Home/End): the cursor goes to its first row.
    pub(crate) fn go_to_cell_start(&mut self) {
        self.row = 0;
        self.col = 0;
    }

    /// A row up (`delta` < 0) or down, into the next selectable cell past either end.
    pub(crate) fn step_row(
        &mut self,
        delta: isize,
        cell: &mut CellSelection,
        transcript: &Transcript,
        rows: &dyn Rows,
    ) {
        let Some(at) = cell.index(transcript) else {
            return;
        };
        let count = rows.row_count(at).max(1);
        self.row = self.row.min(count - 1);
        if delta < 0 {
            if self.row > 0 {
                self.row -= 1;
            } else if cell.step(-1, transcript) {
                let at = cell.index(transcript).unwrap_or(at);
                self.row = rows.row_count(at).saturating_sub(1);
            }
        } else if self.row + 1 < count {
            self.row += 1;
        } else if cell.step(1, transcript) {
            self.row = 0;
        }
    }

    /// A column left (`delta` < 0) or right, within the row's width.
    pub(crate) fn step_col(
        &mut self,
        delta: isize,
        cell: &CellSelection,
        transcript: &Transcript,
        rows: &dyn Rows,
    ) {
        let width = cell
            .index(transcript)
            .and_then(|at| rows.line(at, self.row))
            .map_or(0, |line| line.width());
        let col = self.col.min(width.saturating_sub(1));
        self.col = col
            .saturating_add_signed(delta)
            .min(width.saturating_sub(1));
    }

    /// Older cells were put above: the mark moves down with its cell.
    pub(crate) fn cells_prepended(&mut self, cells: usize) {
        if let Some((at, _)) = &mut self.mark {
            at.cell += cells;
        }
    }

    /// Cells were dropped from the top: the mark may point at one, so it goes.
    pub(crate) fn cells_dropped(&mut self) {
        self.mark = None;
    }
}
