//! Selecting the transcript with the mouse (full-screen mode, where tern has the mouse): a
//! drag selects by characters (the transcript scrolls when the pointer reaches its top or
//! bottom row), a double click a word, a triple click a line; the release copies what is
//! selected (`controls::text_selection`) with OSC 52, which works over ssh too, and to the
//! system clipboard when tern runs locally (`runtime::clipboard_text`). Shift+drag never
//! reaches tern: terminals keep it for their own selection, which `?` and `tern --keys` say.
//!
//! OSC 52 goes out plain, not wrapped for tmux's passthrough: tmux takes OSC 52 itself and
//! sets the outer terminal's clipboard when `set-clipboard` is `on` (its default, `external`,
//! ignores it from programs), so the first copy says so; the system clipboard works in a
//! local tmux either way.

use crate::app::layers::{Ctx, Outcome};
use crate::controls::scroll::Measure;
use crate::controls::text_selection::TextPoint;
use crate::model::NoticeLevel;
use crate::session::state::Session;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

/// What the mouse does to the selection; `None`: nothing here (the event goes on as before).
pub(super) fn on_mouse(cx: &mut Ctx<'_>, mouse: &MouseEvent) -> Option<Outcome> {
    let area = cx.areas.transcript;
    let (x, y) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            if !area.contains(Position::new(x, y)) {
                return None;
            }
            let at = point_at(cx, area, x, y)?;
            let now = cx.now;
            cx.pointer_mut().press(at, (x, y), now);
            Some(Outcome::Consumed(vec![]))
        }
        MouseEventKind::Drag(MouseButton::Left) => {
            if !cx.pointer.held() || area.height == 0 {
                return None;
            }
            // At the top or bottom row the transcript scrolls, a row a move.
            if y <= area.y {
                cx.scroll_with(area, |s, v| s.by(-1, v));
            } else if y + 1 >= area.bottom() {
                cx.scroll_with(area, |s, v| s.by(1, v));
            }
            let y = y.clamp(area.y, area.bottom() - 1);
            let x = x.clamp(area.x, area.right().saturating_sub(1));
            if let Some(at) = point_at(cx, area, x, y) {
                cx.pointer_mut().drag(at);
            }
            Some(Outcome::Consumed(vec![]))
        }
        MouseEventKind::Up(MouseButton::Left) => {
            let selection = cx.pointer_mut().release()?;
            let text = selection.text(&cx.view_in(area));
            Some(Outcome::Consumed(copy(cx, &text)))
        }
        _ => None,
    }
}

/// Copies `text`; the first copy of the session says how it went out.
fn copy(cx: &mut Ctx<'_>, text: &str) -> Vec<crate::session::effect::Effect> {
    if text.trim().is_empty() {
        return vec![];
    }
    if cx.pointer_mut().first_copy() {
        let chars = text.chars().count();
        cx.transcript_mut().notice(
            NoticeLevel::Info,
            format!(
                "Copied {chars} character{} with OSC 52 (the terminal's clipboard, over ssh too) \
                 and, when tern runs locally, to the system clipboard (wl-copy, xclip or \
                 pbcopy). Shift+drag uses the terminal's own selection; inside tmux, OSC 52 \
                 needs `set -g set-clipboard on`.",
                if chars == 1 { "" } else { "s" }
            ),
        );
    }
    crate::session::actions::copy_quietly(cx.session_mut(), text)
}

/// The place in the transcript drawn in `area` under screen (`x`, `y`): below the last cell,
/// the end of its last row.
pub(crate) fn point_at(state: &Session, area: Rect, x: u16, y: u16) -> Option<TextPoint> {
    let view = state.view_in(area);
    if view.cells() == 0 {
        return None;
    }
    let col = usize::from(x.saturating_sub(area.x));
    let mut top = state.shown.scroll.top(&view);
    let mut left = usize::from(y.saturating_sub(area.y));
    loop {
        if top.cell >= view.cells() {
            let cell = view.cells() - 1;
            return Some(TextPoint::new(cell, view.rows(cell) - 1, usize::MAX));
        }
        let rows = view.rows(top.cell) - top.row;
        if left < rows {
            return Some(TextPoint::new(top.cell, top.row + left, col));
        }
        left -= rows;
        top.cell += 1;
        top.row = 0;
    }
}
