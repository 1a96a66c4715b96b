//! The composer box.

use crate::app::{AppState, ConnState};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders};
use ratatui::Frame;

const MAX_ROWS: usize = 8;

pub fn height(state: &AppState, screen_height: u16) -> u16 {
    let rows = state.composer.line_count().clamp(1, MAX_ROWS) as u16;
    (rows + 2).min(screen_height.saturating_sub(3).max(3))
}

pub fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) {
    let mut title = String::new();
    if !state.queued.is_empty() {
        title = format!(" {} queued · sent when the turn ends ", state.queued.len());
    }
    let border = match state.conn {
        ConnState::Failed(_) => Style::default().fg(Color::Red),
        _ => Style::default().fg(Color::DarkGray),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(border)
        .title(title.yellow());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(state.composer.textarea(), inner);
}
