//! A question's whole body on the full screen.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::layers::QuestionView;
use crate::render::fit::window;
use crate::render::question::{question_lines, QuestionLook};
use crate::session::state::questions::QueuedQuestion;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &QuestionView,
    queued: &QueuedQuestion,
    look: QuestionLook<'_>,
) {
    let palette = look.theme.palette();
    let lines = question_lines(
        &queued.question,
        None,
        queued.form.as_ref(),
        area.width,
        look,
    )
    .body;
    let border = palette.border_attention;
    let heading = title(format!(" Full view · {} lines ", lines.len()), border);
    let block = popup_box(heading, border)
        .title_bottom(Span::styled(" Esc returns to the question ", palette.dim));
    let inner = draw_popup(frame, area, block);
    let rows = usize::from(inner.height);
    let max = lines.len().saturating_sub(rows);
    // A slice rather than `Paragraph::scroll`, whose `u16` offset wraps past 65,535 rows.
    let shown = window(&lines, view.offset.min(max), rows).to_vec();
    frame.render_widget(Paragraph::new(shown), inner);
}

impl super::draw::Draw for crate::app::layers::QuestionView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        if let Some(queued) = cx.session.questions.front() {
            draw(
                frame,
                cx.areas.main,
                self,
                queued,
                cx.session.question_look(),
            );
        }
    }
}
