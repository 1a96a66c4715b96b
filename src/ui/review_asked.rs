//! The agent's question over the review it asked for (`request_review`): the model wrote it,
//! so each line goes through the sanitiser.

use crate::text::sanitize::visible_text;
use crate::theme::Palette;
use ratatui::text::{Line, Span};

pub(super) fn question_lines(question: &str, palette: &Palette) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(Span::styled(
        " The agent asks:",
        palette.heading,
    ))];
    for line in visible_text(question) {
        lines.push(Line::from(vec![
            Span::raw("   "),
            Span::styled(line, palette.quote),
        ]));
    }
    lines
}
