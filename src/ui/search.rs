//! The search bar and the highlighting of matches in the visible rows.

use super::chrome::popup_box;
use super::row_origin::RowOrigin;
use crate::app::layers::search::{find_all, plain_text, Search};
use crate::app::AppState;
use crate::render::fit::cells;
use crate::render::restyle::restyle;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, search: &Search, palette: &Palette) {
    let count = match (search.current, search.matches.len()) {
        (_, 0) if search.query.is_empty() => String::new(),
        (_, 0) => " no matches ".to_string(),
        (Some(i), n) => format!(" {}/{n} ", i + 1),
        (None, n) => format!(" {n} "),
    };
    let border = palette.border_attention;
    let block = popup_box(" search ".dim(), border)
        .title_bottom(Line::from(Span::styled(count, border)).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let line = Line::from(vec![
        Span::styled("/ ", border),
        Span::raw(search.query.to_string()),
    ]);
    frame.render_widget(Paragraph::new(line), inner);
    let typed = unicode_width::UnicodeWidthStr::width(search.query.as_str());
    let cursor_x = inner.x.saturating_add(2).saturating_add(cells(typed));
    if cursor_x < inner.right() {
        frame.set_cursor_position((cursor_x, inner.y));
    }
}

/// Marks every occurrence of the query in the rows on screen; the current match stands out.
pub(super) fn highlight_matches(
    lines: &mut [Line<'static>],
    origins: &[RowOrigin],
    state: &AppState,
) {
    let Some(search) = state.search().filter(|s| !s.query.is_empty()) else {
        return;
    };
    let current = search.current_match();
    let palette = state.session.config.theme.palette();
    let hit = palette.search_match;
    let selected = palette.search_current.bold();
    for (line, origin) in lines.iter_mut().zip(origins) {
        for range in find_all(&plain_text(line), &search.query) {
            let is_current = current
                .is_some_and(|m| m.cell == origin.cell && m.row == origin.row && m.range == range);
            let style = if is_current { selected } else { hit };
            line.spans = restyle(std::mem::take(&mut line.spans), range, style);
        }
    }
}

impl super::draw::Draw for crate::app::layers::Search {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.bottom, self, cx.palette);
    }
}
