//! How many cells a transcript keeps. The source budget (`budget`) drops only cells worth a
//! notice of their own (4 KB and up): an endless stream of tiny items (one-line commands,
//! notices, short answers) never reached it, and each cell still costs its own memory. Past
//! [`MAX_CELLS`], the oldest [`DROP_CELLS`] go at once, and one notice at the top says how
//! many earlier cells were dropped (the thread on the server keeps them all). Dropping a
//! batch, not one cell per new one, pays the shift of every kept index rarely.
//!
//! Indices move: whatever keeps one (the scroll, a search, a selected cell) maps it through
//! the [`CellsDropped`] returned, as the session does after each event.

use super::super::cell::{Cell, CellKind, NoticeLevel};
use super::Transcript;

/// Cells a transcript keeps before its oldest are dropped.
pub const MAX_CELLS: usize = 20_000;
/// Cells dropped at once when the transcript passes [`MAX_CELLS`].
pub(super) const DROP_CELLS: usize = MAX_CELLS / 4;

/// Cells dropped from the top of a transcript: `count` cells from index `from`; a notice was
/// put at index 0 when `noted` (the first drop; later ones update it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellsDropped {
    pub from: usize,
    pub count: usize,
    pub noted: bool,
}

impl CellsDropped {
    /// Where the cell that was at `index` is now; `None` when it was dropped.
    pub(crate) fn map(&self, index: usize) -> Option<usize> {
        if index < self.from {
            // Only the note (at 0) is above what was dropped, and it stays.
            Some(index)
        } else if index < self.from + self.count {
            None
        } else {
            Some(index - self.count + usize::from(self.noted))
        }
    }

    /// Where the cell at `index` is now, or the first kept cell after the dropped ones.
    pub(crate) fn map_or_next(&self, index: usize) -> usize {
        self.map(index)
            .unwrap_or(self.from + usize::from(self.noted))
    }
}

fn note(total: usize) -> String {
    format!(
        "⋯ {total} earlier cells were dropped here to keep tern's memory bounded (the thread keeps \
         them)"
    )
}

impl Transcript {
    /// Drops the oldest cells when there are more than [`MAX_CELLS`]; says which when it did.
    pub(crate) fn keep_cells_bounded(&mut self) -> Option<CellsDropped> {
        if self.cells.len() <= MAX_CELLS {
            return None;
        }
        let has_note = self.dropped_front > 0;
        let dropped = CellsDropped {
            from: usize::from(has_note),
            count: DROP_CELLS,
            noted: !has_note,
        };
        self.cells.drain(dropped.from..dropped.from + dropped.count);
        self.dropped_front += dropped.count;
        let note = Cell::new(CellKind::Notice {
            level: NoticeLevel::Info,
            text: note(self.dropped_front),
        });
        if has_note {
            self.cells[0] = note;
        } else {
            self.cells.insert(0, note);
        }
        self.reindex(&dropped);
        self.revision += 1;
        Some(dropped)
    }

    /// Cells dropped from the top so far.
    pub fn dropped_front(&self) -> usize {
        self.dropped_front
    }

    /// Every index the transcript keeps, mapped past `dropped`.
    fn reindex(&mut self, dropped: &CellsDropped) {
        for items in self.by_item.values_mut() {
            items.retain(|_, index| match dropped.map(*index) {
                Some(now) => {
                    *index = now;
                    true
                }
                None => false,
            });
        }
        self.by_item.retain(|_, items| !items.is_empty());
        self.unbound_users = self
            .unbound_users
            .iter()
            .filter_map(|&i| dropped.map(i))
            .collect();
        self.capped_outputs = std::mem::take(&mut self.capped_outputs)
            .into_iter()
            .filter_map(|(i, capped)| Some((dropped.map(i)?, capped)))
            .collect();
        self.compacted_until = dropped.map_or_next(self.compacted_until);
        let laid = self.laid_order.get_mut();
        let mut bytes = 0;
        laid.retain_mut(|(index, size)| match dropped.map(*index) {
            Some(now) => {
                *index = now;
                bytes += *size;
                true
            }
            None => false,
        });
        self.laid_bytes.set(bytes);
        self.source_bytes = self.cells.iter().map(|c| c.kind().source_bytes()).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_stream_of_tiny_cells_keeps_a_bounded_count_and_says_so() {
        let mut transcript = Transcript::default();
        let mut dropped = 0;
        for i in 0..MAX_CELLS * 3 {
            transcript.append_agent_delta(&format!("t{i}"), "m", "ok");
            if let Some(d) = transcript.keep_cells_bounded() {
                dropped += d.count;
            }
            assert!(transcript.len() <= MAX_CELLS + 1);
        }
        assert_eq!(dropped, transcript.dropped_front());
        assert_eq!(transcript.len() + dropped, MAX_CELLS * 3 + 1);
        let CellKind::Notice { text, .. } = transcript.cells()[0].kind() else {
            panic!("no note at the top");
        };
        assert!(
            text.contains(&format!("{dropped} earlier cells were dropped")),
            "{text}"
        );
        // The items kept are still found by their ids, at their new places.
        let newest = MAX_CELLS * 3 - 1;
        assert!(transcript.has_item(&format!("t{newest}"), "m"));
        assert!(!transcript.has_item("t0", "m"));
        let last = transcript.len() - 1;
        transcript.append_agent_delta(&format!("t{newest}"), "m", " more");
        assert_eq!(transcript.len() - 1, last, "the delta went to its cell");
    }

    #[test]
    fn indices_move_past_the_dropped_cells() {
        let first = CellsDropped {
            from: 0,
            count: 10,
            noted: true,
        };
        assert_eq!(first.map(3), None);
        assert_eq!(first.map(10), Some(1));
        assert_eq!(first.map_or_next(3), 1);
        let later = CellsDropped {
            from: 1,
            count: 10,
            noted: false,
        };
        assert_eq!(later.map(0), Some(0), "the note stays");
        assert_eq!(later.map(11), Some(1));
    }
}
