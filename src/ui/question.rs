//! The server question's box: the body (scrolled, with what is hidden counted) and the options,
//! which are always on screen whatever the size.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::fit;
use crate::model::QuestionSubject;
use crate::render::question::{question_lines, QuestionLook};
use crate::session::state::questions::QueuedQuestion;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Instant;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    queued: &QueuedQuestion,
    count: usize,
    now: Instant,
    look: QuestionLook<'_>,
) {
    let palette = look.theme.palette();
    let live = queued.activation.as_ref().is_some_and(|a| a.live(now));
    let what = match queued.question.subject {
        QuestionSubject::Form(_) | QuestionSubject::Url(_) => "Question",
        QuestionSubject::ImplementPlan { .. } => "Plan ready",
        QuestionSubject::ReviewRequest(_) => "Review asked",
        _ => "Approval needed",
    };
    let mut heading = if count > 1 {
        format!(" {what} (1 of {count}) ")
    } else {
        format!(" {what} ")
    };
    if !live {
        heading.push_str("· keys go to your draft until you pause ");
    }
    let escape = match queued.question.escape_option() {
        // The chooser's options say what each does, and the hint bar names Esc: the border
        // repeating option 3's whole label said it a third time.
        Some(_)
            if matches!(
                queued.question.subject,
                QuestionSubject::ImplementPlan { .. }
            ) =>
        {
            String::new()
        }
        Some(option) => format!(" Esc: {} ", option.label.to_lowercase()),
        None if queued.form.is_some() => " Enter: next · Esc: decline to answer ".to_string(),
        None => String::new(),
    };
    // At rest until it takes keys, so a question that would not answer does not look ready to.
    let border = if live {
        palette.border_attention
    } else {
        palette.border
    };
    let block =
        popup_box(title(heading, border), border).title_bottom(Span::styled(escape, palette.dim));
    let inner = draw_popup(frame, area, block);

    let lines = question_lines(
        &queued.question,
        queued.selected,
        queued.form.as_ref(),
        area.width,
        look,
    );
    let fit = fit(lines.body.len(), lines.options.len(), inner.height as usize);
    let offset = queued.offset.min(fit.max_offset);
    let mut shown: Vec<Line<'static>> = lines
        .body
        .iter()
        .skip(offset)
        .take(fit.body_rows)
        .cloned()
        .collect();
    if fit.marker {
        let below = lines.body.len() - offset - fit.body_rows;
        let above = if offset > 0 {
            format!("{offset} above · ")
        } else {
            String::new()
        };
        let text = if inner.width >= 60 {
            format!("… {above}{below} more lines · ↑/↓ scroll · d full view")
        } else {
            format!("… {below} more lines (↓, d)")
        };
        shown.push(Line::from(Span::styled(text, palette.attention)));
    }
    if fit.gap {
        shown.push(Line::default());
    }
    shown.extend(lines.options);
    frame.render_widget(Paragraph::new(shown), inner);
}
