//! The server prompt's box: what will happen, and the keys that decide.

use crate::model::Prompt;
use crate::protocol::Decision;
use crate::render::prompt::prompt_lines;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, area: Rect, prompt: &Prompt, queued: usize) {
    let title = if queued > 1 {
        format!(" Approval needed (1 of {queued}) ")
    } else {
        " Approval needed ".to_string()
    };
    let escape = match prompt.escape_option().map(|o| &o.decision) {
        Some(Decision::Cancel) => " Esc stops the turn ",
        Some(_) => " Esc declines ",
        None => "",
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Yellow))
        .title(title.yellow().bold())
        .title_bottom(escape.dark_gray());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(prompt_lines(prompt, area.width)), inner);
}
