//! Notices are one line, and a notice said again is counted on its line: `text (×N)`.
//!
//! One line: whatever a notice quotes (a thread's first message, a path, a name, a server's
//! message) is reduced to one line of at most [`NOTICE_COLUMNS`] columns, so a 300-line paste
//! named by "Resumed thread …" cannot push the conversation off screen.
//!
//! Counted: fifty questions settled by another client used to leave fifty identical lines. A
//! notice identical (level and text) to one shown since the person's last message is counted
//! on that one instead; the next message starts afresh, so a turn's own "Turn interrupted" is
//! never folded into an earlier turn's. Warnings the server repeats every turn ("Model metadata
//! for … not found") are counted across messages too ([`Transcript::repeated_notice`]). Only the
//! newest [`LOOK_BACK`] cells are searched, so a flood of distinct notices costs a bounded
//! amount each.

use super::super::cell::{CellKind, NoticeLevel};
use super::Transcript;
use crate::text::one_line::one_line;

/// The most columns a notice takes (it wraps on a narrow screen; at 80 columns five rows).
pub const NOTICE_COLUMNS: usize = 400;
/// How many of the newest cells are searched for an identical notice.
pub(super) const LOOK_BACK: usize = 256;

impl Transcript {
    /// Adds a notice (made one bounded line), or counts it on the identical one shown since the
    /// person's last message.
    pub fn notice(&mut self, level: NoticeLevel, text: impl Into<String>) {
        self.add_notice(level, text.into(), false);
    }

    /// As [`Transcript::notice`], but counted on an identical notice across the person's
    /// messages too: for warnings the server says again every turn.
    pub(crate) fn repeated_notice(&mut self, level: NoticeLevel, text: impl Into<String>) {
        self.add_notice(level, text.into(), true);
    }

    /// Rewrites the newest notice whose text starts with `prefix` (among the newest
    /// [`LOOK_BACK`] cells) as `text` at `level`: a state that has passed (a lost connection,
    /// now back) says so on its own line instead of leaving two. False when there is none.
    pub(crate) fn rewrite_notice(
        &mut self,
        prefix: &str,
        level: NoticeLevel,
        text: impl Into<String>,
    ) -> bool {
        let found = self.cells.iter().rposition(
            |cell| matches!(cell.kind(), CellKind::Notice { text, .. } if text.starts_with(prefix)),
        );
        let Some(index) = found.filter(|i| self.cells.len() - i <= LOOK_BACK) else {
            return false;
        };
        self.revision += 1;
        if let CellKind::Notice {
            level: shown_level,
            text: shown,
        } = self.cells[index].kind_mut()
        {
            *shown_level = level;
            *shown = one_line(&text.into(), NOTICE_COLUMNS);
        }
        true
    }

    fn add_notice(&mut self, level: NoticeLevel, text: String, across_messages: bool) {
        let text = one_line(&text, NOTICE_COLUMNS);
        let found = self
            .cells
            .iter()
            .enumerate()
            .rev()
            .take(LOOK_BACK)
            .take_while(|(_, cell)| {
                across_messages || !matches!(cell.kind(), CellKind::User { .. })
            })
            .find_map(|(index, cell)| match cell.kind() {
                CellKind::Notice {
                    level: l,
                    text: shown,
                } if *l == level => count_of(shown, &text).map(|count| (index, count)),
                _ => None,
            });
        match found {
            Some((index, count)) => {
                self.revision += 1;
                if let CellKind::Notice { text: shown, .. } = self.cells[index].kind_mut() {
                    *shown = format!("{text} (×{})", count.saturating_add(1));
                }
            }
            None => {
                self.push(CellKind::Notice { level, text });
            }
        }
    }
}

/// How many times `text` was said, if `shown` is it (`text`, or `text (×N)`).
fn count_of(shown: &str, text: &str) -> Option<u32> {
    if shown == text {
        return Some(1);
    }
    shown
        .strip_prefix(text)?
        .strip_prefix(" (×")?
        .strip_suffix(')')?
        .parse()
        .ok()
}
