//! `/copy pick`'s list: each answer (newest first) and, under it, its code blocks, with the
//! first line of each. The text is the model's: sanitised.

use super::chrome::{draw_popup, menu_row, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::CopyPick;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub fn draw(frame: &mut Frame<'_>, within: Rect, pick: &CopyPick, palette: &Palette) {
    let width = within.width.saturating_sub(4).clamp(30, 100);
    let label_width = pick
        .items
        .iter()
        .map(|i| i.label.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    let lines: Vec<Line<'static>> = pick
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let pointer = if i == pick.selected { "› " } else { "  " };
            let label: String = sanitize_line(&item.label).chars().take(40).collect();
            let line = Line::from(vec![
                Span::raw(pointer),
                Span::styled(format!("{label:<label_width$}  "), palette.accent),
                Span::styled(sanitize_line(&item.preview), palette.dim),
            ]);
            menu_row(line, i == pick.selected, palette)
        })
        .collect();
    let area = popup(within, width, (lines.len() as u16).saturating_add(2));
    let border = palette.border_focused;
    let block = popup_box(title(" Copy ", border), border).title_bottom(Span::styled(
        " Enter copies exactly, without fences · Esc closes ",
        palette.dim,
    ));
    let inner = draw_popup(frame, area, block);
    let offset = (pick.selected + 1).saturating_sub(inner.height as usize) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((offset, 0)), inner);
}

impl super::draw::Draw for crate::app::layers::CopyPick {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
