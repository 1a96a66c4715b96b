//! `/model` and `/approvals`: a box over the transcript listing what can be picked, the one in
//! use marked, the selected one highlighted. Labels and details come from the server (model
//! names and descriptions): sanitised, and their sizes bounded (`render::fit`).

use super::chrome::{draw_popup, menu_row, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::Choice;
use crate::render::fit::{cells, follow, pad_to, window};
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, choice: &Choice, palette: &Palette) {
    let status_rows = usize::from(choice.status.is_some());
    // The box's height first (it depends only on how many rows there are), so that only the
    // rows in view are laid out: a list of 70,000 models costs what the visible rows cost.
    let wanted = choice.items.len() + status_rows;
    let height = popup(within, 44, cells(wanted).saturating_add(2)).height;
    let rows = usize::from(height.saturating_sub(2));
    // Keep the selection in view when the list is taller than the box.
    let selected = choice.selected.index(choice.items.len());
    let selected_row = selected.map_or(0, |at| at.saturating_add(status_rows));
    let first = follow(selected_row, rows);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let (Some(status), 0) = (&choice.status, first) {
        lines.push(Line::from(Span::styled(
            sanitize_line(status),
            palette.warning,
        )));
    }
    let item_first = first.saturating_sub(status_rows);
    let item_rows = rows - lines.len().min(rows);
    let visible = window(&choice.items, item_first, item_rows);
    let labels: Vec<String> = visible.iter().map(|i| sanitize_line(&i.label)).collect();
    // The label column is as wide as the widest label in view that fits half the screen; a
    // longer one pushes its own detail right (and is clipped at the box's edge).
    let label_width = labels
        .iter()
        .map(|l| unicode_width::UnicodeWidthStr::width(l.as_str()))
        .filter(|&w| w <= usize::from(within.width / 2))
        .max()
        .unwrap_or(0);
    for (at, (item, label)) in visible.iter().zip(labels).enumerate() {
        let i = item_first + at;
        let mark = if item.current { "● " } else { "  " };
        // The marker shows the selection without colour too.
        let pointer = if Some(i) == selected { "›" } else { " " };
        let line = Line::from(vec![
            Span::raw(format!("{pointer}{mark}")),
            Span::styled(format!("{}  ", pad_to(&label, label_width)), palette.accent),
            Span::raw(sanitize_line(&item.detail)),
        ]);
        lines.push(menu_row(line, Some(i) == selected, palette));
    }
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let area = popup(within, widest.saturating_add(2).max(44), height);
    let border = palette.border_focused;
    let title = title(format!(" {} ", choice.name()), border);
    let block = popup_box(title, border).title_bottom(Span::styled(
        " ● in use · Enter chooses · Esc cancels ",
        palette.dim,
    ));
    let inner = draw_popup(frame, area, block);
    frame.render_widget(Paragraph::new(lines), inner);
}

impl super::draw::Draw for crate::app::layers::Choice {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
