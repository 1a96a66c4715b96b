//! What the picker shows, kept: the loaded rows matching the query (best first, all of them in
//! the server's order when there is none), then the server's matches not loaded. Made again
//! when the rows, the matches or the query change — once per change, not at every look: a key
//! looks at the selection several times (its key table's conditions, the prefetch, the peek,
//! the frame), and with thousands of loaded rows each look scored every row again.

use super::ThreadPicker;
use crate::model::thread_list::ThreadRow;

/// One row on screen: a loaded row or a server match, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    Row(usize),
    Hit(usize),
}

impl ThreadPicker {
    pub(super) fn row_at(&self, slot: Slot) -> &ThreadRow {
        match slot {
            Slot::Row(i) => &self.rows[i],
            Slot::Hit(i) => &self.search_hits[i],
        }
    }

    /// Filters the loaded rows by the query again and appends the server's matches.
    pub(super) fn refilter(&mut self) {
        let query = self.query.trim();
        if query.is_empty() {
            self.shown = (0..self.rows.len()).map(Slot::Row).collect();
            return;
        }
        let mut scored: Vec<(i64, usize)> = self
            .rows
            .iter()
            .enumerate()
            .filter_map(|(i, row)| row.score(query).map(|s| (s, i)))
            .collect();
        // Stable: equal scores keep the server's order.
        scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let mut shown: Vec<Slot> = scored.into_iter().map(|(_, i)| Slot::Row(i)).collect();
        // A set, not a scan of the rows per hit: with 30,000 hits a key took minutes.
        let mut ids: std::collections::HashSet<&str> = shown
            .iter()
            .map(|slot| self.row_at(*slot).id.as_str())
            .collect();
        crate::model::work::step(shown.len() + self.search_hits.len());
        for (i, hit) in self.search_hits.iter().enumerate() {
            if ids.insert(hit.id.as_str()) {
                shown.push(Slot::Hit(i));
            }
        }
        self.shown = shown;
    }
}
