//! The Ctrl+R history search box, in the composer's place: the query, then the matches with
//! the selected one reversed. Entries show their first line, control characters as markers.

use super::chrome::{popup_box, row_style};
use crate::app::layers::history_search::{HistorySearch, SHOWN};
use crate::render::fit::cells;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, search: &HistorySearch, palette: &Palette) {
    let count = format!(" {} ", search.matches.len());
    let block = popup_box(" history search ".dim(), palette.border_focused)
        .title_bottom(Line::from(Span::styled(count, palette.accent)).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let query = visible_line(&search.query);
    let mut lines = vec![Line::from(vec![
        Span::styled("history: ", palette.accent),
        Span::raw(query.clone()),
    ])];
    if search.matches.is_empty() {
        lines.push(Line::from("no matching prompt".dim()));
    }
    let first = search.first_shown();
    for (i, entry) in search.matches.iter().enumerate().skip(first).take(SHOWN) {
        let mut entry_lines = entry.lines();
        let mut text = visible_line(entry_lines.next().unwrap_or(""));
        let more = entry_lines.count();
        if more > 0 {
            text.push_str(&format!("  (+{more} lines)"));
        }
        let style = row_style(search.selected_index() == Some(i), palette);
        lines.push(Line::from(Span::styled(text, style)));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    let typed = unicode_width::UnicodeWidthStr::width(query.as_str());
    let cursor_x = inner.x.saturating_add(9).saturating_add(cells(typed));
    if cursor_x < inner.right() {
        frame.set_cursor_position((cursor_x, inner.y));
    }
}

impl super::draw::Draw for crate::app::layers::HistorySearch {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.bottom, self, cx.palette);
    }
}
