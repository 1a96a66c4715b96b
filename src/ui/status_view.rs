//! `/status`: a box over the transcript with the session's facts. Every value may come from the
//! server (ids, model, paths): sanitised.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::status_view::status_rows;
use crate::app::Session;
use crate::render::fit::{cells, pad_to};
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Instant;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, state: &Session, now: Instant) {
    let palette = state.config.theme.palette();
    let rows = status_rows(state, state.config.wall_clock.map(|c| c.unix_at(now)));
    let label_width = rows
        .iter()
        .map(|(l, _)| unicode_width::UnicodeWidthStr::width(l.as_str()))
        .max()
        .unwrap_or(0);
    let lines: Vec<Line<'static>> = rows
        .into_iter()
        .map(|(label, value)| {
            Line::from(vec![
                Span::styled(format!("{}  ", pad_to(&label, label_width)), palette.accent),
                Span::raw(sanitize_line(&value)),
            ])
        })
        .collect();
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let area = popup(
        within,
        widest.saturating_add(4),
        cells(lines.len()).saturating_add(2),
    );
    let border = palette.border_focused;
    let block = popup_box(title(" Status ", border), border)
        .padding(Padding::horizontal(1))
        .title_bottom(Span::styled(" Esc closes ", palette.dim));
    let inner = draw_popup(frame, area, block);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

impl super::draw::Draw for crate::app::layers::StatusView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, cx.session, cx.now);
    }
}
