//! Copy mode in the diff pager (`v`, as tmux's copy mode and the transcript's): a cursor row
//! moves with ↑/↓ (`k`/`j`), `v` / `V` mark a line selection from it, `y` copies the lines
//! selected (the cursor's when none is) as diff text — signs kept, line numbers and wrap rows
//! not (`DiffDocument::source_text`) — and Esc or `q` goes back to reading. The pager's
//! scroll keys still scroll; the cursor stays on screen. What the keys do to the pager is in
//! `diff_copy_keys`.
//!
//! Rows, not characters: a diff is copied by lines (a hunk, a few changed lines), and its
//! gutters (numbers, signs, two sides) make a column cursor mean little.

/// The cursor and the mark, as rows of the pager's layout at its current width and mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DiffCopy {
    pub(crate) cursor: usize,
    /// Where `v`/`V` started the selection.
    pub(crate) mark: Option<usize>,
    /// How many lines the last `y` copied: the title says so.
    pub(crate) copied: Option<usize>,
}

impl DiffCopy {
    /// Copy mode with its cursor on row `top` (the first one shown).
    pub(crate) fn at(top: usize) -> DiffCopy {
        DiffCopy {
            cursor: top,
            mark: None,
            copied: None,
        }
    }

    /// The rows selected, first to last: mark to cursor, or the cursor's alone.
    pub(crate) fn rows(&self) -> (usize, usize) {
        let mark = self.mark.unwrap_or(self.cursor);
        (mark.min(self.cursor), mark.max(self.cursor))
    }

    /// Whether row `row` is drawn as selected.
    pub(crate) fn covers(&self, row: usize) -> bool {
        let (first, last) = self.rows();
        self.mark.is_some() && (first..=last).contains(&row) || row == self.cursor
    }

    /// `v`/`V`: a selection starts at the cursor, or the one there is goes.
    pub(crate) fn toggle_mark(&mut self) {
        self.mark = match self.mark {
            Some(_) => None,
            None => Some(self.cursor),
        };
        self.copied = None;
    }

    /// The cursor `by` rows on, inside `0..total`.
    pub(crate) fn step(&mut self, by: isize, total: usize) {
        self.cursor = self
            .cursor
            .saturating_add_signed(by)
            .min(total.saturating_sub(1));
        self.copied = None;
    }

    /// After the view scrolled: the cursor brought back onto the `shown` rows from `top`.
    pub(crate) fn keep_in(&mut self, top: usize, shown: usize) {
        let last = top + shown.max(1) - 1;
        self.cursor = self.cursor.clamp(top, last);
    }

    /// The words the title shows for it.
    pub(crate) fn status(&self) -> String {
        match (self.copied, self.mark) {
            (Some(n), _) => format!("copy mode · copied {n} line{}", plural(n)),
            (None, Some(_)) => {
                let (first, last) = self.rows();
                let n = last - first + 1;
                format!("copy mode · {n} row{} selected", plural(n))
            }
            (None, None) => "copy mode · v selects, y copies".into(),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_runs_from_the_mark_to_the_cursor_either_way() {
        let mut copy = DiffCopy::at(5);
        assert_eq!(copy.rows(), (5, 5));
        copy.toggle_mark();
        copy.step(-3, 10);
        assert_eq!(copy.rows(), (2, 5));
        assert!(copy.covers(4) && !copy.covers(6));
        copy.step(20, 10);
        assert_eq!(copy.rows(), (5, 9));
        copy.keep_in(0, 4);
        assert_eq!(copy.cursor, 3);
        copy.toggle_mark();
        assert!(!copy.covers(5) && copy.covers(3));
    }
}
