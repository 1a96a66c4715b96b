//! The server-down box: what happened to codex app-server and the restart key.

use super::chrome::{draw_popup, popup_box};
use crate::session::state::health::ServerDown;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, down: &ServerDown, palette: &Palette) {
    let border = if down.restarting {
        palette.warning
    } else {
        palette.error
    };
    let heading = Span::styled(format!(" {} ", down.title()), border);
    let inner = draw_popup(frame, area, popup_box(heading, border));
    // Already sanitised and broken into rows by the layer, so `rows` and the drawing agree.
    let lines: Vec<Line<'static>> = down
        .lines(inner.width)
        .into_iter()
        .map(Line::from)
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
