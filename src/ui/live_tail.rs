//! Inline mode's part of the transcript: the cells not yet in the terminal's scrollback (the
//! streaming answer, a running command), their last rows at the bottom of the live area.

use super::scrollback;
use crate::app::AppState;
use crate::controls::view::View;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) {
    let height = usize::from(area.height);
    if height == 0 {
        return;
    }
    let session = &state.session;
    let transcript = &session.shown.transcript;
    let view = View::new(transcript, session.layout_key(area.width), area.height);
    // From the newest cell up, only as many rows as fit: a long answer costs its tail.
    let mut rows: Vec<Line<'static>> = Vec::with_capacity(height);
    for index in (scrollback::frontier(transcript)..transcript.len()).rev() {
        if transcript.cells()[index].written() != crate::model::scrollback::Written::Not {
            continue;
        }
        if super::spoken_cells::on(state) {
            let said = super::spoken_cells::cell(state, index, area.width);
            rows.push(Line::default());
            for line in said.into_iter().rev() {
                if rows.len() == height {
                    break;
                }
                rows.push(line);
            }
            if rows.len() == height {
                break;
            }
            continue;
        }
        let len = view.cell(index).len();
        // A streaming message's finished blocks already in the scrollback are not shown twice.
        let written = scrollback::streamed_rows(&view, index).min(len);
        if len == written {
            continue;
        }
        let want = height - rows.len();
        if want == 0 {
            break;
        }
        // The blank row after the cell, then its rows from the bottom.
        rows.push(Line::default());
        let from = (len + 1).saturating_sub(want).max(written);
        let laid = view.cell_drawn(index, from..len);
        for row in (from..len).rev() {
            if rows.len() == height {
                break;
            }
            rows.push(laid.get(row).cloned().unwrap_or_default());
        }
    }
    rows.reverse();
    // Bottom-anchored: the newest row sits just above the composer.
    let top = area.y + area.height - rows.len().min(height) as u16;
    let at = Rect::new(area.x, top, area.width, rows.len().min(height) as u16);
    frame.render_widget(Paragraph::new(rows), at);
}
