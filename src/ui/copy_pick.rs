//! `/copy pick`'s list: each answer (newest first) and, under it, its code blocks, with the
//! first line of each. The text is the model's: sanitised.

use super::chrome::menu_row;
use super::list::{pointer, ListBox};
use crate::app::layers::CopyPick;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, pick: &CopyPick, palette: &Palette) {
    let width = within.width.saturating_sub(4).clamp(30, 100);
    let label_width = pick
        .items
        .iter()
        .map(|i| i.label.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    let selected = pick.selected.index(pick.items.len());
    let lines: Vec<Line<'static>> = pick
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let label: String = sanitize_line(&item.label).chars().take(40).collect();
            let line = Line::from(vec![
                Span::raw(pointer(Some(i) == selected)),
                Span::styled(format!("{label:<label_width$}  "), palette.accent),
                Span::styled(sanitize_line(&item.preview), palette.dim),
            ]);
            menu_row(line, Some(i) == selected, palette)
        })
        .collect();
    ListBox {
        title: "Copy".into(),
        footer: Some(Line::from(Span::styled(
            " Enter copies exactly, without fences · Esc closes ",
            palette.dim,
        ))),
        lines,
        selected_line: selected,
        width,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for crate::app::layers::CopyPick {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
