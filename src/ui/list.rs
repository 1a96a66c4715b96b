//! One way to draw a list in a box over the transcript (`/copy pick`, `/skills`, `/theme`,
//! `/review` …): the pointer on the selected row, the box sized to its lines within the
//! screen, the selected row kept in view when the list is taller than the box, and how many
//! lines lie below the box counted on its last row. A view builds its lines (sanitised, styled
//! with theme roles); this places and scrolls them.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::render::fit::{cells, follow};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// What goes before a row: `› ` on the selected one (the selection shows without colour too).
pub(super) fn pointer(selected: bool) -> &'static str {
    if selected {
        "› "
    } else {
        "  "
    }
}

/// A list in a box: its lines (the rows, and any lines above or below them), which of them is
/// the selected row, and the box's words.
pub(super) struct ListBox {
    /// On the top edge, padded by a space (` Theme `).
    pub title: String,
    /// On the bottom edge: what the keys do.
    pub footer: Option<Line<'static>>,
    pub lines: Vec<Line<'static>>,
    /// The index in `lines` of the selected row: kept in view.
    pub selected_line: Option<usize>,
    /// The box's width, edges included (clamped to the screen).
    pub width: u16,
}

impl ListBox {
    /// The width the widest line needs (edges included), at least `min` and at most `max`.
    pub(super) fn fitting(lines: &[Line<'_>], min: u16, max: u16) -> u16 {
        let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
        widest.saturating_add(2).clamp(min, max.max(min))
    }

    pub(super) fn draw(self, frame: &mut Frame<'_>, within: Rect, palette: &Palette) {
        let area = popup(within, self.width, self.height());
        self.draw_at(frame, area, palette);
    }

    /// The height its lines need, edges included.
    pub(super) fn height(&self) -> u16 {
        cells(self.lines.len()).saturating_add(2)
    }

    /// Drawn in exactly `area` (a view that places the box beside another).
    pub(super) fn draw_at(self, frame: &mut Frame<'_>, area: Rect, palette: &Palette) {
        let border = palette.border_focused;
        let mut block = popup_box(title(format!(" {} ", self.title), border), border);
        if let Some(footer) = self.footer {
            block = block.title_bottom(footer);
        }
        let inner = draw_popup(frame, area, block);
        let shown = in_view(
            self.lines,
            self.selected_line,
            usize::from(inner.height),
            palette,
        );
        frame.render_widget(Paragraph::new(shown), inner);
    }
}

/// The lines that fit in `rows` with the selected one in view. When more follow than fit, the
/// last row says how many (`↓ 3 more`), so a list cut by a short screen does not look whole.
pub(super) fn in_view(
    lines: Vec<Line<'static>>,
    selected: Option<usize>,
    rows: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let (first, shown, below) = window_for(lines.len(), selected, rows);
    let mut out: Vec<Line<'static>> = lines.into_iter().skip(first).take(shown).collect();
    push_more(&mut out, below, palette);
    out
}

/// As [`in_view`] for a list of `len` rows laid out one by one by `line` (its index, whether it
/// is the selected one): only the rows in view are laid out, whatever the list's length.
pub(super) fn in_view_by(
    len: usize,
    selected: Option<usize>,
    rows: usize,
    mut line: impl FnMut(usize, bool) -> Line<'static>,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let (first, shown, below) = window_for(len, selected, rows);
    let mut out: Vec<Line<'static>> = (first..first + shown)
        .map(|i| line(i, Some(i) == selected))
        .collect();
    push_more(&mut out, below, palette);
    out
}

/// The first line shown of `len` in `rows`, how many are shown, and how many lie below them
/// (counted on the last row, which then shows no line of the list).
fn window_for(len: usize, selected: Option<usize>, rows: usize) -> (usize, usize, usize) {
    if len <= rows || rows == 0 {
        return (0, len.min(rows), 0);
    }
    let selected = selected.unwrap_or(0).min(len - 1);
    if rows == 1 {
        return (selected, 1, 0);
    }
    let room = rows - 1;
    let first = follow(selected, room);
    // One line left below is shown rather than counted; the window then ends the list and
    // still holds the selection.
    if first.saturating_add(rows) >= len {
        return (len - rows, rows, 0);
    }
    (first, room, len - first - room)
}

fn push_more(lines: &mut Vec<Line<'static>>, below: usize, palette: &Palette) {
    if below > 0 {
        lines.push(Line::from(Span::styled(
            format!("  ↓ {below} more"),
            palette.dim,
        )));
    }
}

/// `text` cut to `width` columns, an ellipsis ending what was cut.
pub(super) fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + c.to_string().width() >= width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(n: usize) -> Vec<Line<'static>> {
        (0..n).map(|i| Line::from(i.to_string())).collect()
    }

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_list_that_fits_is_shown_whole() {
        let palette = *crate::theme::Theme::default().palette();
        assert_eq!(
            text(&in_view(numbered(3), Some(2), 5, &palette)),
            ["0", "1", "2"]
        );
    }

    #[test]
    fn a_taller_list_follows_the_selection_and_counts_what_is_below() {
        let palette = *crate::theme::Theme::default().palette();
        let shown = in_view(numbered(10), Some(0), 4, &palette);
        assert_eq!(text(&shown), ["0", "1", "2", "  ↓ 7 more"]);
        let shown = in_view(numbered(10), Some(5), 4, &palette);
        assert_eq!(text(&shown), ["3", "4", "5", "  ↓ 4 more"]);
        let shown = in_view(numbered(10), Some(7), 4, &palette);
        assert_eq!(text(&shown), ["5", "6", "7", "  ↓ 2 more"]);
        // One line below is shown, not counted; at the end nothing is below.
        let shown = in_view(numbered(10), Some(8), 4, &palette);
        assert_eq!(text(&shown), ["6", "7", "8", "9"]);
        let shown = in_view(numbered(10), Some(9), 4, &palette);
        assert_eq!(text(&shown), ["6", "7", "8", "9"]);
    }

    #[test]
    fn only_the_rows_in_view_are_laid_out() {
        let palette = *crate::theme::Theme::default().palette();
        let mut laid = Vec::new();
        let shown = in_view_by(
            100_000,
            Some(50_000),
            3,
            |i, selected| {
                laid.push(i);
                Line::from(format!("{i}{}", if selected { "*" } else { "" }))
            },
            &palette,
        );
        assert_eq!(laid, [49_999, 50_000]);
        assert_eq!(text(&shown), ["49999", "50000*", "  ↓ 49999 more"]);
    }
}
