//! The selection in a list to pick from — the slash popup, the file finder, `/model` and
//! `/approvals`, the history search, the queued messages, `/rules`, the resume picker, a
//! form's choices. One edge rule for all: the selection **stops at the ends** (clamps).
//!
//! Why clamp rather than wrap: a held-down ↓ stops on the last item instead of jumping back to
//! the first and leaving the person lost in a long list; lists that load more as the selection
//! nears their end (the resume picker) have no end to wrap to; and "↓ on the last item" can
//! then mean something of its own (the queued messages hand the focus back to the composer).
//! Home and End (or PgUp/PgDn) reach the other end at once where a list is long.
//!
//! The list's items live with their view; this is only where the selection is. Every method
//! takes the list's current length, so a list that shrank never leaves the selection outside.

use crate::controls::keys::Move;

/// Rows PgUp and PgDn move the selection by.
pub(crate) const PAGE: usize = 10;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PickList {
    selected: usize,
}

impl PickList {
    /// Selecting item `index` (clamped as it is read).
    pub(crate) const fn at(index: usize) -> PickList {
        PickList { selected: index }
    }

    /// The selected index in a list of `len` items; `None` when the list is empty.
    pub(crate) fn index(&self, len: usize) -> Option<usize> {
        (len > 0).then(|| self.selected.min(len - 1))
    }

    /// The selected index as it was last set, for a list whose length is not at hand (drawing
    /// clamps it again).
    pub fn raw(&self) -> usize {
        self.selected
    }

    /// Moves by `delta` (negative: up), stopping at the ends. Whether the selection moved.
    pub(crate) fn step(&mut self, delta: isize, len: usize) -> bool {
        let before = self.index(len);
        self.selected = match before {
            Some(at) => at.saturating_add_signed(delta).min(len - 1),
            None => 0,
        };
        self.index(len) != before
    }

    pub(crate) fn page(&mut self, pages: isize, len: usize) -> bool {
        let rows = isize::try_from(PAGE).unwrap_or(isize::MAX);
        self.step(pages.saturating_mul(rows), len)
    }

    /// Where a shared list row (`keys::moves`) takes it: a step, a page, an end. Whether the
    /// selection moved.
    pub(crate) fn go(&mut self, to: Move, len: usize) -> bool {
        let before = self.index(len);
        match to {
            Move::Up => return self.step(-1, len),
            Move::Down => return self.step(1, len),
            Move::PageUp => return self.page(-1, len),
            Move::PageDown => return self.page(1, len),
            Move::First => self.first(),
            Move::Last => self.last(len),
        }
        self.index(len) != before
    }

    pub(crate) fn first(&mut self) {
        self.selected = 0;
    }

    pub(crate) fn last(&mut self, len: usize) {
        self.selected = len.saturating_sub(1);
    }

    pub(crate) fn select(&mut self, index: usize, len: usize) {
        self.selected = index.min(len.saturating_sub(1));
    }

    /// Keeps the selection inside a list that changed length.
    pub(crate) fn clamp(&mut self, len: usize) {
        self.selected = self.selected.min(len.saturating_sub(1));
    }

    /// On the last item (or the list is empty): a further ↓ has nowhere to go.
    pub(crate) fn at_end(&self, len: usize) -> bool {
        self.index(len).is_none_or(|at| at + 1 >= len)
    }

    /// The first of `shown` rows to draw so the selection is in view, for a list of `len`.
    pub(crate) fn first_shown(&self, shown: usize, len: usize) -> usize {
        let at = self.index(len).unwrap_or(0);
        (at + 1).saturating_sub(shown.max(1))
    }
}

/// Tests read a selection as the index it is.
impl PartialEq<usize> for PickList {
    fn eq(&self, index: &usize) -> bool {
        self.selected == *index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_stops_at_both_ends() {
        let mut list = PickList::default();
        assert!(!list.step(-1, 3), "already at the top");
        assert!(list.step(1, 3) && list.step(1, 3));
        assert_eq!(list.index(3), Some(2));
        assert!(!list.step(1, 3), "the bottom holds");
        assert!(list.at_end(3));
        list.page(-1, 3);
        assert_eq!(list.index(3), Some(0));
        list.page(1, 30);
        assert_eq!(list.index(30), Some(PAGE));
    }

    #[test]
    fn a_shared_row_moves_the_selection_by_its_rule() {
        let mut list = PickList::default();
        assert!(list.go(Move::Last, 25));
        assert_eq!(list.index(25), Some(24));
        assert!(!list.go(Move::Down, 25), "the bottom holds");
        assert!(list.go(Move::PageUp, 25));
        assert_eq!(list.index(25), Some(24 - PAGE));
        assert!(list.go(Move::First, 25));
        assert!(!list.go(Move::Up, 25), "the top holds");
        assert!(list.go(Move::PageDown, 25));
        assert_eq!(list.index(25), Some(PAGE));
    }

    #[test]
    fn a_shrunken_list_keeps_the_selection_inside() {
        let mut list = PickList::at(9);
        assert_eq!(list.index(4), Some(3));
        assert_eq!(list.index(0), None);
        list.clamp(2);
        assert_eq!(list, 1);
        assert!(list.at_end(0));
        assert_eq!(PickList::at(12).first_shown(8, 20), 5);
    }
}
