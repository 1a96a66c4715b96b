//! The help overlay: each layer's keys, the one on top first.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::Help;
use crate::render::fit::{cells, window};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, within: Rect, help: &Help, palette: &Palette) {
    let key_column = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|hint| unicode_width::UnicodeWidthStr::width(hint.keys.as_str()) + 2)
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (i, (title, hints)) in help.sections.iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.push(Line::from(title.clone().bold()));
        for hint in hints {
            let pad = key_column
                .saturating_sub(unicode_width::UnicodeWidthStr::width(hint.keys.as_str()));
            lines.push(Line::from(vec![
                Span::styled(format!("  {}", hint.keys), palette.key),
                Span::raw(" ".repeat(pad.max(1))),
                Span::raw(hint.action.clone()),
            ]));
        }
    }
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let area = popup(
        within,
        widest.saturating_add(4),
        cells(lines.len()).saturating_add(2),
    );
    let border = palette.border_focused;
    let block = popup_box(title(" Keys ", border), border)
        .padding(Padding::horizontal(1))
        .title_bottom(Span::styled(" Esc closes ", palette.dim));
    let inner = draw_popup(frame, area, block);
    let rows = usize::from(inner.height);
    let last_offset = lines.len().saturating_sub(rows);
    let shown = window(&lines, help.offset.min(last_offset), rows).to_vec();
    frame.render_widget(Paragraph::new(shown), inner);
}
