//! The composer's finders — `@` for files, `$` for skills — in one popup: a box just above the
//! composer headed by the mark and what was typed after it, what is still being read on its
//! bottom edge, and either the matching rows (the selected one kept in view) or one line saying
//! why there are none. What each finder lists is its own (`file_finder`, `skill_popup`); the
//! query, messages and rows come from the server or from files: sanitised.

use super::chrome::{draw_popup, popup_box, title};
use super::list::in_view_by;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// A row of a finder laid out: its index, whether it is the selected one.
pub(super) type RowLine<'a> = &'a dyn Fn(usize, bool) -> Line<'static>;

/// What a finder shows under its heading.
pub(super) enum Found<'a> {
    /// Nothing to choose, and why (searching, no match, an error), in `style`.
    Nothing(String, ratatui::style::Style),
    /// How many match, the selected one, and how a row is laid out (only rows in view are).
    Rows(usize, Option<usize>, RowLine<'a>),
}

/// A finder's popup at the bottom of `above` (the transcript's area): `mark` and `query` on its
/// top edge, `reading` (what is still being read, or "") on its bottom edge; `rows` is how many
/// the box is tall for. Rows are laid out for [`inner_width`] columns.
pub(super) fn draw(
    frame: &mut Frame<'_>,
    above: Rect,
    heading: (&str, &str),
    reading: &str,
    rows: usize,
    found: Found<'_>,
    palette: &Palette,
) {
    let height = u16::try_from(rows.max(1).saturating_add(2))
        .unwrap_or(u16::MAX)
        .min(above.height);
    if height < 3 {
        return;
    }
    let area = Rect::new(above.x, above.bottom() - height, above.width, height);
    let border = palette.border_focused;
    let (mark, query) = heading;
    let heading = Line::from(vec![
        title(format!(" {mark} "), border),
        Span::raw(crate::text::sanitize::sanitize_line(query)),
        " ".into(),
    ]);
    let status = if reading.is_empty() {
        String::new()
    } else {
        format!(" {reading} ")
    };
    let block = popup_box(heading, border)
        .title_bottom(Line::from(Span::styled(status, palette.dim)).right_aligned());
    let inner = draw_popup(frame, area, block);
    let lines = match found {
        Found::Nothing(text, style) => vec![Line::from(Span::styled(text, style))],
        Found::Rows(count, selected, line) => {
            in_view_by(count, selected, usize::from(inner.height), line, palette)
        }
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The columns inside a finder's box over `above`: its whole width but the edges.
pub(super) fn inner_width(above: Rect) -> usize {
    usize::from(above.width.saturating_sub(2))
}
