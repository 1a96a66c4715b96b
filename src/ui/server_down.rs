//! The server-down box: what happened to codex app-server and the restart key.

use crate::app::state::health::ServerDown;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, area: Rect, down: &ServerDown) {
    let colour = if down.restarting {
        Color::Yellow
    } else {
        Color::Red
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(colour))
        .title(format!(" {} ", down.title()).fg(colour));
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    // Already sanitised and broken into rows by the layer, so `rows` and the drawing agree.
    let lines: Vec<Line<'static>> = down
        .lines(inner.width)
        .into_iter()
        .map(Line::from)
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
