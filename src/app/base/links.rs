//! A click on a review's `path:line` (drawn underlined, see `render::item_cells`) opens that
//! file's diff: the transcript is laid out as drawn, the clicked row found, and the place under
//! the pointer read from its text.

use crate::controls::scroll::Measure;
use crate::model::locations::{find_locations, resolve};
use crate::model::{CellKind, ItemCell};
use crate::session::state::Session;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

/// The file named by the place under (`x`, `y`) in the transcript drawn in `area`, if any.
pub(crate) fn location_at(state: &Session, area: Rect, x: u16, y: u16) -> Option<String> {
    if !area.contains(ratatui::layout::Position::new(x, y)) {
        return None;
    }
    let view = state.view_in(area);
    let mut top = state.shown.scroll.top(&view);
    let mut left = usize::from(y - area.y);
    // The row under the pointer: cells from the top of the view, each then a blank row.
    let (cell, row) = loop {
        if top.cell >= view.cells() {
            return None;
        }
        let rows = view.rows(top.cell) - top.row;
        if left < rows {
            break (top.cell, top.row + left);
        }
        left -= rows;
        top.cell += 1;
        top.row = 0;
    };
    let CellKind::Item(ItemCell::ReviewResult { cwd, .. }) =
        state.shown.transcript.cells()[cell].kind()
    else {
        return None;
    };
    let laid = view.cell(cell);
    let line = laid.get(row)?;
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    // The byte under the pointer's column.
    let column = usize::from(x - area.x);
    let mut width = 0;
    let offset = text.char_indices().find_map(|(i, c)| {
        width += UnicodeWidthStr::width(c.encode_utf8(&mut [0; 4]) as &str);
        (width > column).then_some(i)
    })?;
    find_locations(&text)
        .into_iter()
        .find(|(range, _)| range.contains(&offset))
        .map(|(_, location)| resolve(&location.path, cwd.as_deref()))
}
