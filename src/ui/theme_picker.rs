//! `/theme`: a box over the transcript listing the themes (the one in use when it opened
//! marked, the selected one highlighted, a broken theme file with what is wrong with it), and a
//! sample of the selected theme's roles under the list; the rest of the screen is already drawn
//! in it. Names, descriptions and errors come from files: sanitised.

use super::chrome::menu_row;
use super::list::{cut, ListBox};
use crate::app::layers::ThemePicker;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The longest name shown whole; longer ones are cut.
const NAME_WIDTH: usize = 24;
/// The most of a description (or a mistake) shown on a theme's row.
const DETAIL_WIDTH: usize = 64;
/// The widest the box's inside gets.
const MAX_WIDTH: usize = 98;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, picker: &ThemePicker, palette: &Palette) {
    let names: Vec<String> = picker
        .entries
        .iter()
        .map(|e| cut(&sanitize_line(&e.name), NAME_WIDTH))
        .collect();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    // What is left of the widest box for a row's description: cut there, not by the edge.
    let inner_width = usize::from(within.width.saturating_sub(6)).min(MAX_WIDTH);
    let detail_width = inner_width
        .saturating_sub(3 + name_width + 2)
        .clamp(8, DETAIL_WIDTH);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(status) = &picker.status {
        lines.push(Line::from(Span::styled(sanitize_line(status), palette.dim)));
    }
    let list_start = lines.len();
    for (i, (entry, name)) in picker.entries.iter().zip(names).enumerate() {
        let selected = picker.selected.index(picker.entries.len()) == Some(i);
        let in_use = entry.theme == Ok(picker.original);
        let mark = if in_use { "● " } else { "  " };
        let pad = " ".repeat(name_width.saturating_sub(name.width()));
        // A mistake's first clause on its row; the whole of it under the list when selected.
        let detail = match &entry.theme {
            // Dim text on the selected row's background would not read.
            Ok(_) => Span::styled(
                cut(&sanitize_line(&entry.description), detail_width),
                if selected {
                    Style::default()
                } else {
                    palette.dim
                },
            ),
            Err(e) => Span::styled(
                cut(
                    &format!("✗ {}", sanitize_line(e).split(';').next().unwrap_or("")),
                    detail_width,
                ),
                palette.error,
            ),
        };
        let line = Line::from(vec![
            // The pointer and the in-use mark share the row's first three columns.
            Span::raw(format!("{}{mark}", if selected { "›" } else { " " })),
            // The selected row is one colour: a reversed row (the ansi theme's selection) would
            // turn the name's own colour into a block of it.
            Span::styled(
                format!("{name}{pad}  "),
                if selected {
                    Style::default()
                } else {
                    palette.accent
                },
            ),
            detail,
        ]);
        lines.push(menu_row(line, selected, palette));
    }
    lines.push(Line::default());
    match picker.chosen().map(|e| &e.theme) {
        Some(Err(e)) => {
            let text = format!(
                "✗ {}: {}",
                sanitize_line(picker.chosen().map_or("", |e| e.name.as_str())),
                sanitize_line(e)
            );
            let width = inner_width.max(20);
            let spans = [Span::styled(text, palette.error)];
            lines.extend(crate::render::wrap::wrap_spans(&spans, width, &[], &[]));
        }
        _ => lines.extend(sample(palette)),
    }
    let selected = picker.selected.index(picker.entries.len()).unwrap_or(0);
    ListBox {
        title: "Theme".into(),
        footer: Some(Line::from(Span::styled(
            " ● in use · ↑/↓ preview · Enter keeps · Esc puts back ",
            palette.dim,
        ))),
        width: ListBox::fitting(&lines, 50, MAX_WIDTH as u16 + 2),
        selected_line: Some(list_start + selected),
        lines,
    }
    .draw(frame, within, palette);
}

/// What the selected theme looks like, role by role.
fn sample(palette: &Palette) -> Vec<Line<'static>> {
    let piece = |text: &str, style: Style| Span::styled(text.to_string(), style);
    let gap = || Span::raw("  ");
    vec![
        Line::from(vec![
            piece("› you", palette.user),
            gap(),
            piece("• agent", palette.agent),
            gap(),
            piece("`code`", palette.inline_code),
            gap(),
            piece("link", palette.link),
            gap(),
            piece("# heading", palette.heading.bold()),
            gap(),
            piece("dim note", palette.dim),
        ]),
        Line::from(vec![
            piece("✓ done", palette.success),
            gap(),
            piece("! warning", palette.warning),
            gap(),
            piece("✗ error", palette.error),
            gap(),
            piece(" key ", palette.badge),
            gap(),
            piece(" needs you ", palette.attention),
            gap(),
            piece("+added", palette.diff.added_mark.patch(palette.diff.added)),
            gap(),
            piece(
                "-removed",
                palette.diff.removed_mark.patch(palette.diff.removed),
            ),
        ]),
    ]
}

impl super::draw::Draw for crate::app::layers::ThemePicker {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
