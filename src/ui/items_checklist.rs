//! `/statusline` and `/title`: a box over the transcript with a tick box per part (`[x]`
//! shown, `[ ]` hidden) and what each part shows; the status line under it already shows the
//! choice. Only tern's own words: nothing here comes from outside.

use super::chrome::menu_row;
use super::list::{pointer, ListBox};
use crate::app::layers::items_checklist::{describe, ItemsChecklist, Surface};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, view: &ItemsChecklist, palette: &Palette) {
    let selected = view.selected.index(view.ticked.len());
    let name_width = view.ticked.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut lines: Vec<Line<'static>> = vec![Line::from(Span::styled(
        match view.surface {
            Surface::StatusLine => {
                "What the status line shows besides what tern is doing (always shown):"
            }
            Surface::Title => "What the terminal's title shows after \"tern\":",
        },
        palette.dim,
    ))];
    let mut selected_line = None;
    for (i, (name, on)) in view.ticked.iter().enumerate() {
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let tick = if *on { "[x] " } else { "[ ] " };
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(tick, if *on { palette.success } else { palette.dim }),
            Span::styled(format!("{name:<name_width$}  "), palette.identity),
            Span::styled(describe(view.surface, name), palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
    }
    if view.surface == Surface::Title && view.ticked.iter().all(|(_, on)| !on) {
        lines.push(Line::from(Span::styled(
            "Nothing ticked: tern leaves the terminal's title alone (title = false).",
            palette.warning,
        )));
    }
    let footer = Line::from(Span::styled(
        " Space shows/hides · Enter saves · Esc puts it back ",
        palette.dim,
    ));
    ListBox {
        title: match view.surface {
            Surface::StatusLine => "Status line".into(),
            Surface::Title => "Title".into(),
        },
        footer: Some(footer),
        width: ListBox::fitting(&lines, 56, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for ItemsChecklist {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
