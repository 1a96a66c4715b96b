//! The scrolling transcript. Only the cells in the window are laid out and copied to the screen.

use crate::app::scroll::Measure;
use crate::app::AppState;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Where a screen row of the transcript comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowOrigin {
    pub cell: usize,
    pub row: usize,
}

/// The transcript in `area`; scrolled back, its last row says there is more below
/// (`Scroll::text_rows`).
pub fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) {
    // Before the conversation starts, the welcome sits on top and notices go under it.
    let area = if super::welcome::shown(state) {
        let used = super::welcome::draw(frame, area, state).min(area.height);
        Rect::new(area.x, area.y + used, area.width, area.height - used)
    } else {
        area
    };
    let view = state.session.view_in(area);
    let height = state
        .session
        .shown
        .scroll
        .text_rows(usize::from(area.height));
    let mut top = state.session.shown.scroll.top(&view);
    let at_top = top.cell == 0 && top.row == 0;

    let mut lines: Vec<Line<'static>> = Vec::with_capacity(height);
    let mut origins: Vec<RowOrigin> = Vec::with_capacity(height);
    while lines.len() < height && top.cell < view.cells() {
        let laid = view.cell(top.cell);
        // The cell's rows, then the blank line that separates it from the next.
        for row in top.row..=laid.len() {
            if lines.len() == height {
                break;
            }
            lines.push(laid.get(row).cloned().unwrap_or_default());
            origins.push(RowOrigin {
                cell: top.cell,
                row,
            });
        }
        top.cell += 1;
        top.row = 0;
    }
    super::search::highlight_matches(&mut lines, &origins, state);
    frame.render_widget(Paragraph::new(lines), area);
    super::selected::mark(frame, area, &origins, state);

    // Older turns of a resumed thread are on their way: say so where they will appear.
    if at_top
        && state
            .session
            .shown
            .older_turns
            .as_ref()
            .is_some_and(|h| h.loading)
        && area.height > 0
    {
        let note = " ↑ loading earlier turns… ";
        let w = note.chars().count() as u16;
        if area.width > w {
            let at = Rect::new(area.x + area.width - w, area.y, w, 1);
            let note = Span::styled(note, state.session.config.theme.palette().badge);
            frame.render_widget(Paragraph::new(note), at);
        }
    }

    if !state.session.shown.scroll.is_following() && area.height > 0 {
        let hint = if state.session.shown.scroll.new_output_below(&view) {
            ["↓ new output · End to follow", "↓ new output", "↓"]
        } else {
            ["↓ more below · End to follow", "↓ more below", "↓"]
        };
        // The transcript's last row, left without text when the window can spare it.
        let row = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
        let width = usize::from(row.width);
        if let Some(hint) = hint
            .iter()
            .map(|h| format!(" {h} "))
            .find(|h| h.width() <= width)
        {
            let w = crate::render::fit::cells(hint.width());
            let at = Rect::new(row.x + row.width - w, row.y, w, 1);
            let hint = Span::styled(hint, state.session.config.theme.palette().attention);
            frame.render_widget(Paragraph::new(hint), at);
        }
    }
}
