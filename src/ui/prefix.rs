//! The prefix chooser's box, in place of the prompt it was opened from.

use crate::app::layers::PrefixChooser;
use crate::render::prefix::chooser_lines;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, area: Rect, chooser: &PrefixChooser) {
    let refused = chooser.refusal().is_some();
    let colour = if refused { Color::Red } else { Color::Yellow };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(colour))
        .title(" Always allow ".fg(colour).bold())
        .title_bottom(if refused {
            " Esc: back ".dark_gray()
        } else {
            " Enter: write rule · Esc: back ".dark_gray()
        });
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(
        Paragraph::new(chooser_lines(&chooser.offer, chooser.len, area.width)),
        inner,
    );
}
