//! Transcript scrolling: follow the tail, or stay at a row of a cell the person scrolled to.
//!
//! The position is a cell and a row inside it, not an absolute line number: nothing above or
//! below the window has to be laid out to know where the window is, and a resize keeps the
//! same cell at the top.

/// A window shorter than this keeps every row for text: "more below" is drawn over its last.
pub(crate) const MORE_BELOW_MIN_HEIGHT: usize = 4;

/// How tall the transcript's cells are at the current width.
pub trait Measure {
    fn cells(&self) -> usize;
    /// Rows of cell `index`, counting the blank line after it.
    fn rows(&self, index: usize) -> usize;
    /// Changes whenever the transcript does.
    fn revision(&self) -> u64;
    /// Rows of the window the transcript is shown in.
    fn height(&self) -> usize;
}

/// The first visible row: row `row` of cell `cell`. Ordered top to bottom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Anchor {
    pub cell: usize,
    pub row: usize,
}

#[derive(Debug, Default)]
pub struct Scroll {
    /// `None` follows the tail; `Some` pins the top of the view.
    pinned: Option<Anchor>,
    /// The transcript's revision when the view was pinned: a newer one means new output below.
    pinned_revision: u64,
}

impl Scroll {
    pub fn is_following(&self) -> bool {
        self.pinned.is_none()
    }

    /// Whether something arrived below a pinned view since it was pinned.
    pub fn new_output_below(&self, m: &dyn Measure) -> bool {
        self.pinned.is_some() && m.revision() != self.pinned_revision
    }

    /// The first visible row.
    pub fn top(&self, m: &dyn Measure) -> Anchor {
        let bottom = bottom_anchor(m, m.height());
        match self.pinned {
            Some(pinned) if pinned < bottom => clamp(pinned, m),
            _ => bottom,
        }
    }

    /// The last visible row.
    pub fn bottom(&self, m: &dyn Measure) -> Anchor {
        forward(self.top(m), self.text_rows(m.height()).saturating_sub(1), m)
    }

    /// Rows of transcript text in a window `height` rows tall. A view scrolled back gives its
    /// last row to the line that says there is more below (its own row, so it never covers
    /// text); the scroll positions are the same either way, so Up and Down stay symmetric and
    /// the row it hides shows again one row further down.
    pub(crate) fn text_rows(&self, height: usize) -> usize {
        if self.pinned.is_some() && height >= MORE_BELOW_MIN_HEIGHT {
            height - 1
        } else {
            height
        }
    }

    fn pin(&mut self, at: Anchor, m: &dyn Measure) {
        if at >= bottom_anchor(m, m.height()) {
            self.pinned = None;
            return;
        }
        if self.pinned.is_none() {
            self.pinned_revision = m.revision();
        }
        self.pinned = Some(at);
    }

    pub fn by(&mut self, rows: isize, m: &dyn Measure) {
        let from = self.top(m);
        let to = if rows < 0 {
            back(from, rows.unsigned_abs(), m)
        } else {
            forward(from, rows as usize, m)
        };
        self.pin(to, m);
    }

    pub fn page(&mut self, pages: isize, m: &dyn Measure) {
        let step = m.height().saturating_sub(2).max(1) as isize;
        self.by(pages * step, m);
    }

    // "Scroll to the top", a move, not a conversion: the name reads as the keys say it.
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn to_top(&mut self, m: &dyn Measure) {
        self.pin(Anchor::default(), m);
    }

    pub fn to_bottom(&mut self) {
        self.pinned = None;
    }

    /// The view's top is the transcript's first row (Ctrl+Home took it there).
    pub(crate) fn at_top(&self) -> bool {
        self.pinned == Some(Anchor::default())
    }

    /// Older cells came in above a view at the top that stays there (paging to turn 1): it
    /// shows them.
    pub(crate) fn back_to_top(&mut self) {
        if self.pinned.is_some() {
            self.pinned = Some(Anchor::default());
        }
    }

    /// `cells` cells were put above the transcript (older turns), which moved from revision
    /// `before` to `after`: a pinned view stays on the same text, and older turns do not
    /// count as new output below.
    pub(crate) fn cells_prepended(&mut self, cells: usize, before: u64, after: u64) {
        if let Some(pinned) = &mut self.pinned {
            pinned.cell += cells;
            if self.pinned_revision == before {
                self.pinned_revision = after;
            }
        }
    }

    /// The oldest cells were dropped (`model::transcript::cell_bound`): a pinned view stays on
    /// the same text, or on the first cell kept when its own was dropped.
    pub(crate) fn cells_dropped(&mut self, dropped: &crate::model::transcript::CellsDropped) {
        if let Some(pinned) = &mut self.pinned {
            match dropped.map(pinned.cell) {
                Some(cell) => pinned.cell = cell,
                None => {
                    *pinned = Anchor {
                        cell: dropped.map_or_next(pinned.cell),
                        row: 0,
                    }
                }
            }
        }
    }

    /// Shows `target` a third of the way down the view.
    pub(crate) fn reveal(&mut self, target: Anchor, m: &dyn Measure) {
        let at = back(target, m.height() / 3, m);
        self.pin(at, m);
    }
}

/// The top row that puts the transcript's last row at the bottom of the view.
fn bottom_anchor(m: &dyn Measure, height: usize) -> Anchor {
    let mut need = height;
    for cell in (0..m.cells()).rev() {
        let rows = m.rows(cell);
        if rows >= need {
            return Anchor {
                cell,
                row: rows - need,
            };
        }
        need -= rows;
    }
    Anchor::default()
}

fn clamp(at: Anchor, m: &dyn Measure) -> Anchor {
    let count = m.cells();
    if count == 0 {
        return Anchor::default();
    }
    let cell = at.cell.min(count - 1);
    Anchor {
        cell,
        row: at.row.min(m.rows(cell).saturating_sub(1)),
    }
}

fn back(from: Anchor, rows: usize, m: &dyn Measure) -> Anchor {
    let from = clamp(from, m);
    if rows <= from.row {
        return Anchor {
            cell: from.cell,
            row: from.row - rows,
        };
    }
    let mut left = rows - from.row;
    let mut cell = from.cell;
    while cell > 0 {
        cell -= 1;
        let height = m.rows(cell);
        if left <= height {
            return Anchor {
                cell,
                row: height - left,
            };
        }
        left -= height;
    }
    Anchor::default()
}

fn forward(from: Anchor, rows: usize, m: &dyn Measure) -> Anchor {
    let mut at = clamp(from, m);
    at.row += rows;
    while at.cell + 1 < m.cells() {
        let height = m.rows(at.cell);
        if at.row < height {
            break;
        }
        at.row -= height;
        at.cell += 1;
    }
    clamp(at, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells of fixed heights: heights, revision, window height.
    struct Heights(Vec<usize>, u64, usize);

    impl Measure for Heights {
        fn cells(&self) -> usize {
            self.0.len()
        }
        fn rows(&self, index: usize) -> usize {
            self.0[index]
        }
        fn revision(&self) -> u64 {
            self.1
        }
        fn height(&self) -> usize {
            self.2
        }
    }

    #[test]
    fn scrolling_up_pins_and_scrolling_down_follows_again() {
        let mut m = Heights(vec![10; 10], 1, 20);
        let mut s = Scroll::default();
        assert_eq!(s.top(&m), Anchor { cell: 8, row: 0 });
        s.by(-5, &m);
        assert!(!s.is_following());
        assert_eq!(s.top(&m), Anchor { cell: 7, row: 5 });
        m.0.push(10);
        m.1 = 2;
        assert_eq!(
            s.top(&m),
            Anchor { cell: 7, row: 5 },
            "new output must not move a pinned view"
        );
        assert!(s.new_output_below(&m));
        s.by(100, &m);
        assert!(s.is_following());
        s.to_top(&m);
        assert_eq!(s.top(&m), Anchor::default());
        s.page(1, &m);
        assert_eq!(s.top(&m), Anchor { cell: 1, row: 8 });
        s.to_bottom();
        assert_eq!(s.top(&m), Anchor { cell: 9, row: 0 });
    }

    #[test]
    fn a_short_transcript_always_follows() {
        let m = Heights(vec![3, 4], 0, 20);
        let mut s = Scroll::default();
        s.to_top(&m);
        assert!(s.is_following());
        assert_eq!(s.top(&m), Anchor::default());
    }

    #[test]
    fn reveal_puts_the_target_a_third_down() {
        let m = Heights(vec![30; 10], 0, 30);
        let mut s = Scroll::default();
        s.reveal(Anchor { cell: 2, row: 5 }, &m);
        assert_eq!(s.top(&m), Anchor { cell: 1, row: 25 });
    }

    #[test]
    fn a_pinned_view_follows_its_text_when_the_oldest_cells_are_dropped() {
        use crate::model::transcript::CellsDropped;
        let m = Heights(vec![10; 40], 1, 20);
        let mut s = Scroll::default();
        s.by(-95, &m);
        assert_eq!(s.top(&m), Anchor { cell: 28, row: 5 });
        // Ten cells dropped, one note put at the top: the text shown is at 28 - 10 + 1.
        let dropped = CellsDropped {
            from: 0,
            count: 10,
            noted: true,
        };
        s.cells_dropped(&dropped);
        let m = Heights(vec![10; 31], 1, 20);
        assert_eq!(s.top(&m), Anchor { cell: 19, row: 5 });
        // A view on a dropped cell goes to the first cell kept after the note.
        s.to_top(&m);
        s.cells_dropped(&CellsDropped {
            from: 1,
            count: 10,
            noted: false,
        });
        let m = Heights(vec![10; 21], 1, 20);
        assert_eq!(s.top(&m), Anchor::default());
    }
}
