//! The composer box.

use crate::app::{AppState, ConnState};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders};
use ratatui::Frame;

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
