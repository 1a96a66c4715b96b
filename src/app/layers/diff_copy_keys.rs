//! What copy mode's keys do to the diff pager (`diff_copy` holds its cursor and mark): the
//! cursor moved with the view following, kept on screen when the view scrolls, and `y`.

use super::diff::DiffPager;
use super::diff_copy::DiffCopy;
use super::{Ctx, Outcome};
use crate::session::actions;
use ratatui::layout::Rect;

impl DiffPager {
    /// Outside copy mode: the keys scroll and close (a key-table condition).
    pub(super) fn reading(&self) -> bool {
        self.copy.is_none()
    }

    /// In copy mode: the keys move the cursor and mark.
    pub(super) fn copying(&self) -> bool {
        self.copy.is_some()
    }

    /// ↑/↓ in copy mode: the cursor a row on, the view scrolled to keep it in sight.
    pub(super) fn step_cursor(&mut self, by: isize, body: Rect, screen_width: u16) {
        let Some(doc) = self.document() else { return };
        let total = doc.total_rows(body.width, self.mode(screen_width));
        let Some(copy) = self.copy.as_mut() else {
            return;
        };
        copy.step(by, total);
        let cursor = copy.cursor;
        let top = self.top(body, screen_width);
        let height = usize::from(body.height).max(1);
        if cursor < top {
            self.scroll_to(cursor, body, screen_width);
        } else if cursor >= top + height {
            self.scroll_to(cursor + 1 - height, body, screen_width);
        }
    }

    /// After any key or the wheel: the cursor on a row that is shown.
    pub(super) fn keep_cursor_in(&mut self, body: Rect, screen_width: u16) {
        let Some(doc) = self.document() else { return };
        let total = doc.total_rows(body.width, self.mode(screen_width));
        let top = self.top(body, screen_width);
        let shown = usize::from(body.height).min(total.saturating_sub(top));
        if let Some(copy) = self.copy.as_mut() {
            copy.keep_in(top, shown);
        }
    }

    /// `y`: the rows selected (the cursor's alone when none are) copied as diff text.
    pub(super) fn copy_rows(&mut self, cx: &mut Ctx<'_>, body: Rect, screen_width: u16) -> Outcome {
        let (Some(doc), Some(copy)) = (self.document(), self.copy) else {
            return Outcome::Consumed(vec![]);
        };
        let (first, last) = copy.rows();
        let lines = doc.source_text(body.width, self.mode(screen_width), first, last);
        if lines.iter().all(|l| l.trim().is_empty()) {
            // A blank row between files: nothing to copy, and nothing said copied.
            return Outcome::Consumed(vec![]);
        }
        let effects = actions::copy(cx.session_mut(), "the diff's lines", &lines.join("\n"));
        self.copy = Some(DiffCopy {
            mark: None,
            copied: Some(lines.len()),
            ..copy
        });
        Outcome::Consumed(effects)
    }
}
