//! A question's whole body on the full screen.

use crate::app::layers::QuestionView;
use crate::app::questions::QueuedQuestion;
use crate::render::question::{question_lines, QuestionLook};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &QuestionView,
    queued: &QueuedQuestion,
    look: QuestionLook<'_>,
) {
    let lines = question_lines(
        &queued.question,
        None,
        queued.form.as_ref(),
        area.width,
        look,
    )
    .body;
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
    let max = lines.len().saturating_sub(inner.height as usize);
    let offset = view.offset.min(max) as u16;
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines).scroll((offset, 0)), inner);
}
