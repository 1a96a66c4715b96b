//! Lines of text for the report-like boxes (`/usage`, `/import`, `/rc`, `/daemon`,
//! `/feedback`, `/apps`, `/experimental`, `/warnings`, `/memories`, `/plugins`): a sentence
//! wrapped to the box, a heading, and a footer. Callers pass text already sanitised.

use crate::render::wrap::wrap_spans;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `text` wrapped to `width`, indented by `indent` spaces on every line.
pub(super) fn say(
    lines: &mut Vec<Line<'static>>,
    text: String,
    style: Style,
    indent: usize,
    width: usize,
) {
    let pad = " ".repeat(indent);
    lines.extend(wrap_spans(
        &[Span::styled(text, style)],
        width.saturating_sub(indent).max(20),
        &[Span::raw(pad.clone())],
        &[Span::raw(pad)],
    ));
}

/// A heading line, after a blank one unless it is the first.
pub(super) fn heading(lines: &mut Vec<Line<'static>>, text: &str, style: Style) {
    if !lines.is_empty() {
        lines.push(Line::default());
    }
    lines.push(Line::from(Span::styled(text.to_string(), style)));
}

/// The footer: what the keys do (a question waiting for `y` is the confirm box's).
pub(super) fn footer(keys: &str, dim: Style) -> Line<'static> {
    Line::from(Span::styled(format!(" {keys} "), dim))
}
