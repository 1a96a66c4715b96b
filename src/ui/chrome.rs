//! What boxes and lists are made of, so they look alike everywhere: the rounded box, a popup
//! drawn over what is below it, the selected row.

use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear};
use ratatui::Frame;
use std::borrow::Cow;

/// A rounded box with `border` edges and no title (the composer, the welcome).
pub(super) fn rounded_box(border: Style) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(border)
}

/// A rounded box with `title` on its top edge: every popup, question and bar.
pub(super) fn popup_box<'a>(title: impl Into<Line<'a>>, border: Style) -> Block<'a> {
    rounded_box(border).title(title)
}

/// A box's title in the colour of its border, bold.
pub(super) fn title<'a>(text: impl Into<Cow<'a, str>>, border: Style) -> Span<'a> {
    Span::styled(text, border.bold())
}

/// Clears `area` (a popup hides what is below it), draws `block` there and returns the area
/// inside it.
pub(super) fn draw_popup(frame: &mut Frame<'_>, area: Rect, block: Block<'_>) -> Rect {
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    inner
}

/// The style of a list's row: the palette's selection when it is the selected one.
pub(super) fn row_style(selected: bool, palette: &Palette) -> Style {
    if selected {
        palette.selected
    } else {
        Style::default()
    }
}

/// A popup menu's row (a command, a choice), highlighted when it is the selected one.
pub(super) fn menu_row(line: Line<'static>, selected: bool, palette: &Palette) -> Line<'static> {
    if selected {
        line.style(palette.menu_selected.bold())
    } else {
        line
    }
}
