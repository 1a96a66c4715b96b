//! A prompt's whole body on the full screen.

use crate::app::layers::PromptView;
use crate::app::prompts::QueuedPrompt;
use crate::render::fit::window;
use crate::render::prompt::{prompt_lines, PromptLook};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &PromptView,
    queued: &QueuedPrompt,
    look: PromptLook<'_>,
) {
    let lines = prompt_lines(&queued.prompt, None, queued.form.as_ref(), area.width, look).body;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Yellow))
        .title(
            format!(" Full view · {} lines ", lines.len())
                .yellow()
                .bold(),
        )
        .title_bottom(" Esc returns to the question ".dark_gray());
    let inner = block.inner(area);
    let rows = usize::from(inner.height);
    let max = lines.len().saturating_sub(rows);
    // A slice rather than `Paragraph::scroll`, whose `u16` offset wraps past 65,535 rows.
    let shown = window(&lines, view.offset.min(max), rows).to_vec();
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(shown), inner);
}
