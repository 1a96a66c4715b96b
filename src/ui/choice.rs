//! `/model` and `/approvals`: a box over the transcript listing what can be picked, the one in
//! use marked, the selected one highlighted. Labels and details come from the server (model
//! names and descriptions): sanitised.

use super::chrome::{draw_popup, menu_row, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::Choice;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, within: Rect, choice: &Choice, palette: &Palette) {
    let labels: Vec<String> = choice
        .items
        .iter()
        .map(|i| sanitize_line(&i.label))
        .collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(status) = &choice.status {
        lines.push(Line::from(Span::styled(
            sanitize_line(status),
            palette.warning,
        )));
    }
    for (i, (item, label)) in choice.items.iter().zip(labels).enumerate() {
        let mark = if item.current { "● " } else { "  " };
        // The marker shows the selection without colour too.
        let selected = choice.selected.index(choice.items.len()) == Some(i);
        let pointer = if selected { "›" } else { " " };
        let line = Line::from(vec![
            Span::raw(format!("{pointer}{mark}")),
            Span::styled(format!("{label:<label_width$}  "), palette.accent),
            Span::raw(sanitize_line(&item.detail)),
        ]);
        lines.push(menu_row(line, selected, palette));
    }
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let area = popup(within, (widest + 2).max(44), lines.len() as u16 + 2);
    let border = palette.border_focused;
    let title = title(format!(" {} ", choice.name()), border);
    let block = popup_box(title, border).title_bottom(Span::styled(
        " ● in use · Enter chooses · Esc cancels ",
        palette.dim,
    ));
    // Keep the selection in view when the list is taller than the box.
    let row = match choice.items.len() {
        0 => 0,
        _ => choice.selected.raw() + usize::from(choice.status.is_some()),
    };
    let inner = draw_popup(frame, area, block);
    let offset = (row + 1).saturating_sub(inner.height as usize) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((offset, 0)), inner);
}
