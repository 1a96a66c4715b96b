//! `/status`: a box over the transcript with the session's facts. Every value may come from the
//! server (ids, model, paths): sanitised.

use crate::app::geometry::popup;
use crate::app::layers::status_view::status_rows;
use crate::app::AppState;
use crate::render::fit::{cells, pad_to};
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Instant;

pub fn draw(frame: &mut Frame<'_>, within: Rect, state: &AppState, now: Instant) {
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
                Span::styled(
                    format!("{}  ", pad_to(&label, label_width)),
                    Style::default().fg(Color::Cyan),
                ),
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
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Cyan))
        .padding(ratatui::widgets::Padding::horizontal(1))
        .title(" Status ".cyan().bold())
        .title_bottom(" Esc closes ".dark_gray());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}
