//! The hint bar: the keys of whatever is on top, from the same list the help overlay shows.

use crate::app::layer_types::Hint;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, area: Rect, hints: &[Hint], palette: &Palette) {
    if area.height == 0 {
        return;
    }
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    for hint in hints {
        let sep = if spans.is_empty() { 0 } else { 3 };
        let width = sep + hint.keys.chars().count() + 1 + hint.action.chars().count();
        // Whole hints only: a cut-off hint would name a key without what it does.
        if used + width > area.width as usize {
            break;
        }
        if sep > 0 {
            spans.push(Span::styled(" · ", palette.dim));
        }
        spans.push(hint.keys.clone().bold());
        spans.push(Span::styled(format!(" {}", hint.action), palette.dim));
        used += width;
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
