//! The help overlay: each layer's keys, the one on top first. It sits over the conversation,
//! never over the composer, and on a narrow screen its words wrap rather than being cut off.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layer_types::Hint;
use crate::app::layers::Help;
use crate::render::fit::{cells, window};
use crate::render::wrap::wrap_spans;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Columns the box takes besides its text: borders and a column of padding each side.
const FRAME_COLUMNS: usize = 4;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, help: &Help, palette: &Palette) {
    let key_width = |hint: &Hint| UnicodeWidthStr::width(hint.keys.as_str());
    let key_column = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|hint| key_width(hint) + 2)
        .max()
        .unwrap_or(0);
    let widest_action = help
        .sections
        .iter()
        .flat_map(|(_, hints)| hints)
        .map(|hint| UnicodeWidthStr::width(hint.action.as_str()))
        .max()
        .unwrap_or(0);
    // What the box can hold (`popup` keeps two columns of margin each side).
    let room = usize::from(within.width)
        .saturating_sub(4)
        .saturating_sub(FRAME_COLUMNS)
        .max(1);
    // Too narrow for keys and words side by side: the key column shrinks, a longer key gets a
    // row of its own, and the words wrap under their column — nothing is cut off.
    let key_column = if 2 + key_column + widest_action <= room {
        key_column
    } else {
        key_column.min(room * 2 / 5).max(4)
    };
    let words_room = room.saturating_sub(2 + key_column).max(8);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (i, (title, hints)) in help.sections.iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.push(Line::from(title.clone().bold()));
        for hint in hints {
            let key = Span::styled(format!("  {}", hint.keys), palette.key);
            let words = [Span::raw(hint.action.clone())];
            let indent = [Span::raw(" ".repeat(2 + key_column))];
            let pad = key_column.saturating_sub(key_width(hint));
            if pad == 0 {
                lines.push(Line::from(key));
                lines.extend(wrap_spans(
                    &words,
                    2 + key_column + words_room,
                    &indent,
                    &indent,
                ));
            } else {
                let first = [key, Span::raw(" ".repeat(pad))];
                lines.extend(wrap_spans(
                    &words,
                    2 + key_column + words_room,
                    &first,
                    &indent,
                ));
            }
        }
    }
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let area = popup(
        within,
        widest.saturating_add(FRAME_COLUMNS as u16),
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

impl super::draw::Draw for crate::app::layers::Help {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        // Over the conversation: the composer and its border stay whole under it.
        draw(frame, help_area(cx.areas), self, cx.palette);
    }
}

/// Where `?` help goes: over the transcript (and the rows under it down to the bottom box),
/// unless that leaves it too little room.
fn help_area(areas: &crate::app::geometry::Areas) -> ratatui::layout::Rect {
    let above_bottom = areas.bottom.y.saturating_sub(areas.main.y);
    if above_bottom >= 8 {
        ratatui::layout::Rect {
            height: above_bottom,
            ..areas.main
        }
    } else {
        areas.main
    }
}
