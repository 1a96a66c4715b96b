//! The running turn's checklist on one line above the composer (the cell in the transcript
//! has the whole list): how many steps are done, running and pending, and the step in hand.
//! Steps come from the model: sanitised.

use crate::app::Session;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, session: &Session) {
    if area.height == 0 {
        return;
    }
    let Some(steps) = session
        .active_turn_id()
        .and_then(|turn| session.shown.transcript.checklist(turn))
    else {
        return;
    };
    let palette = session.config.theme.palette();
    let count = |status: &str| steps.iter().filter(|s| s.status == status).count();
    let (done, running) = (count("completed"), count("inProgress"));
    let pending = steps.len() - done - running;
    let mut spans = vec![
        // Not "☰": Unicode 16 made the trigrams wide, and a terminal with older tables draws
        // it narrow, which leaves the cell after it stale on screen.
        Span::styled(" ≡ Plan ", palette.accent.bold()),
        Span::styled(format!("{done} done"), palette.success),
        Span::styled(" · ", palette.dim),
        Span::styled(format!("{running} running"), palette.working),
        Span::styled(" · ", palette.dim),
        Span::styled(format!("{pending} pending"), palette.dim),
    ];
    if let Some(step) = steps.iter().find(|s| s.status == "inProgress") {
        spans.push(Span::styled("  ◐ ", palette.working.bold()));
        spans.push(sanitize_line(&step.step).into());
    } else if let Some(step) = steps.iter().find(|s| s.status != "completed") {
        spans.push(Span::styled("  next: ", palette.dim));
        spans.push(sanitize_line(&step.step).dim());
    }
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
