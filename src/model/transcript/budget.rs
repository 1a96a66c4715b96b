//! How much of a session the transcript keeps. Every cell keeps its source; past a budget the
//! oldest large cells give theirs up, each replaced by a one-line notice saying what was
//! dropped (an answer of 3.1 MB …): an endless stream can no longer grow tern without bound,
//! and the thread on the server keeps everything. Laid-out lines, several times the size of
//! their source, are kept only for the cells laid out most recently (the ones on screen and
//! near it); a cell scrolled back to is laid out again from its source.

use super::super::cell::{Cell, CellKind, LayoutKey, NoticeLevel};
use super::super::Laid;
use super::Transcript;
use std::cell::Ref;

/// Source bytes a session keeps before its oldest large cells are dropped.
pub(super) const SOURCE_BUDGET: usize = 64 << 20;
/// Cells smaller than this are not worth a notice of their own.
const DROP_AT_LEAST: usize = 4 << 10;
/// Source bytes of the cells whose laid-out lines are kept.
pub(super) const LAID_BUDGET: usize = 8 << 20;
/// Cells whose laid-out lines are kept, whatever their size: a small cell's lines cost many
/// times its source (a line, its spans and their styles), so a day of small cells scrolled
/// through would keep most of its layout within [`LAID_BUDGET`] alone. Far more than any
/// window shows.
pub(super) const LAID_CELLS: usize = 2_048;

impl Transcript {
    /// Counts `bytes` more source, and drops the oldest large cells if the budget is passed.
    pub(super) fn grew(&mut self, bytes: usize) {
        self.source_bytes = self.source_bytes.saturating_add(bytes);
        if self.source_bytes > SOURCE_BUDGET {
            self.keep_within_budget();
        }
    }

    /// The running count only grows (a replaced cell is counted again): it is made exact here,
    /// which costs a pass over the cells once per budget's worth of new source.
    fn keep_within_budget(&mut self) {
        let mut total: usize = self.cells.iter().map(|c| c.kind().source_bytes()).sum();
        let target = SOURCE_BUDGET / 4 * 3;
        // The newest cell (the one most likely still streaming) is never dropped.
        let last = self.cells.len().saturating_sub(1);
        let mut at = self.compacted_until;
        while total > target && at < last {
            let size = self.cells[at].kind().source_bytes();
            if size >= DROP_AT_LEAST {
                let text = format!(
                    "⋯ {} of {} was dropped here to keep tern's memory bounded (the thread keeps it)",
                    what(self.cells[at].kind()),
                    size_text(size)
                );
                total = total - size + text.len();
                self.cells[at] = Cell::new(CellKind::Notice {
                    level: NoticeLevel::Info,
                    text,
                });
                self.capped_outputs.remove(&at);
                self.dropped_cells += 1;
            }
            at += 1;
        }
        self.compacted_until = at;
        self.source_bytes = total;
        self.revision += 1;
    }

    /// Cells whose source was dropped to keep within the budget.
    #[cfg(test)]
    pub(crate) fn dropped_cells(&self) -> usize {
        self.dropped_cells
    }

    /// Source bytes the transcript keeps (an upper bound).
    #[cfg(test)]
    pub(crate) fn source_bytes(&self) -> usize {
        self.source_bytes
    }

    /// Cell `index` laid out at `key` by `layout`. Lines are kept for the cells laid out most
    /// recently, up to [`LAID_BUDGET`] bytes of their source and [`LAID_CELLS`] cells; older
    /// ones are forgotten.
    pub fn laid(
        &self,
        index: usize,
        key: LayoutKey,
        layout: impl FnOnce(&CellKind, LayoutKey, &mut Laid),
    ) -> Ref<'_, Laid> {
        let cell = &self.cells[index];
        if !cell.has_layout(key) {
            let size = cell.kind().source_bytes();
            let mut laid = self.laid_order.borrow_mut();
            laid.push_back((index, size));
            let mut total = self.laid_bytes.get().saturating_add(size);
            while (total > LAID_BUDGET || laid.len() > LAID_CELLS) && laid.len() > 1 {
                let Some((old, old_size)) = laid.pop_front() else {
                    break;
                };
                if old != index {
                    if let Some(cell) = self.cells.get(old) {
                        cell.drop_layout();
                    }
                }
                total = total.saturating_sub(old_size);
            }
            self.laid_bytes.set(total);
        }
        cell.layout(key, |kind, key, laid| {
            self.layouts.set(self.layouts.get() + 1);
            layout(kind, key, laid)
        })
    }

    /// How many times a cell of this transcript was laid out (anew, or brought up to date
    /// after it grew): a thread that is not on screen keeps this at zero.
    pub fn layouts(&self) -> u64 {
        self.layouts.get()
    }

    /// How many cells keep laid-out lines (at most; some may have dropped theirs since).
    #[cfg(test)]
    pub(crate) fn laid_cells(&self) -> usize {
        self.laid_order.borrow().len()
    }
}

fn what(kind: &CellKind) -> &'static str {
    match kind {
        CellKind::Agent { .. } => "an answer",
        CellKind::Reasoning { .. } => "reasoning",
        CellKind::Command(_) => "a command and its output",
        CellKind::FileChange { .. } => "a file change",
        CellKind::User { .. } => "a prompt",
        _ => "output",
    }
}

fn size_text(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / (1 << 20) as f64)
    } else {
        format!("{} KB", bytes.div_ceil(1 << 10))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Theme;

    const KEY: LayoutKey = LayoutKey {
        width: 80,
        expanded: false,
        theme: Theme::Dark,
        images: None,
    };

    #[test]
    fn an_endless_session_keeps_within_its_budget_and_says_what_it_dropped() {
        let mut transcript = Transcript::default();
        let answer = "word ".repeat(200_000); // 1 MB
        for i in 0..200 {
            transcript.append_agent_delta("t", &format!("m{i}"), &answer);
            assert!(transcript.source_bytes() <= SOURCE_BUDGET + answer.len());
        }
        assert!(transcript.dropped_cells() > 100);
        let CellKind::Notice { text, .. } = transcript.cells()[0].kind() else {
            panic!("the oldest answer was not dropped");
        };
        assert!(text.contains("an answer of 977 KB was dropped"), "{text}");
        assert!(matches!(
            transcript.cells()[199].kind(),
            CellKind::Agent { .. }
        ));
    }

    #[test]
    fn only_recently_laid_out_cells_keep_their_lines() {
        let mut transcript = Transcript::default();
        let answer = "word ".repeat(200_000);
        for i in 0..40 {
            transcript.append_agent_delta("t", &format!("m{i}"), &answer);
        }
        let lines = |_: &CellKind, _: LayoutKey, laid: &mut Laid| {
            laid.head.push(ratatui::text::Line::from("x"));
        };
        for i in 0..40 {
            let _ = transcript.laid(i, KEY, lines);
        }
        assert!(transcript.laid_cells() <= LAID_BUDGET / answer.len() + 1);
        assert!(!transcript.cells()[0].has_layout(KEY));
        assert!(transcript.cells()[39].has_layout(KEY));
    }

    #[test]
    fn small_cells_keep_their_lines_only_for_the_most_recent_few_thousand() {
        let mut transcript = Transcript::default();
        let cells = LAID_CELLS * 3;
        for i in 0..cells {
            transcript.append_agent_delta("t", &format!("m{i}"), "a short answer");
        }
        let lines = |_: &CellKind, _: LayoutKey, laid: &mut Laid| {
            laid.head.push(ratatui::text::Line::from("x"));
        };
        for i in 0..cells {
            let _ = transcript.laid(i, KEY, lines);
        }
        assert_eq!(transcript.layouts(), cells as u64);
        let kept = transcript
            .cells()
            .iter()
            .filter(|c| c.was_laid_out())
            .count();
        assert_eq!(kept, LAID_CELLS);
        assert!(transcript.cells()[cells - 1].has_layout(KEY));
        assert!(!transcript.cells()[cells - LAID_CELLS - 1].has_layout(KEY));
    }
}
