//! The agent's request for a review (`request_review`) as a question's body: what it asks,
//! and which files. The model wrote both: shown through the sanitiser, wrapped, never cut.

use super::wrap::wrap_spans;
use crate::model::review_ask::ReviewAsk;
use crate::text::sanitize::{visible_line, visible_text};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};

pub(crate) fn lines(body: &mut Vec<Line<'static>>, ask: &ReviewAsk, w: usize) {
    body.push(Line::from(
        "The agent asks you to review its changes so far".bold(),
    ));
    for line in visible_text(&ask.question) {
        body.extend(wrap_spans(&[Span::raw(line).italic()], w, &[], &[]));
    }
    let files = if ask.files.is_empty() {
        "every file this turn changed".to_string()
    } else {
        ask.files
            .iter()
            .map(|f| visible_line(f))
            .collect::<Vec<_>>()
            .join(", ")
    };
    body.extend(wrap_spans(
        &[Span::raw(files)],
        w,
        &[Span::raw("files: ").dim()],
        &[Span::raw("       ")],
    ));
    body.push(Line::from(
        "r reviews them: your decisions and comments go back as the tool's answer.".dim(),
    ));
}
