//! The scrolling transcript. Only the cells in the window are laid out and copied to the screen.

use super::row_origin::RowOrigin;
use crate::app::AppState;
use crate::controls::scroll::Measure;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Where an image preview goes on screen: the rows its cell keeps free, all of them in view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImagePlacement {
    pub x: u16,
    pub y: u16,
    pub cols: u16,
    pub rows: u16,
    pub path: String,
}

/// Older turns of a resumed thread are on their way and the view is at the top: a row of its
/// own above the transcript says so, where they will appear (drawn over the top row, it hid
/// that row's text). Returns the area left for the transcript.
fn loading_note(frame: &mut Frame<'_>, area: Rect, state: &AppState) -> Rect {
    let shown = &state.session.shown;
    let loading = shown.older_turns.as_ref().is_some_and(|h| h.loading);
    if !loading || area.height < 2 {
        return area;
    }
    let top = shown.scroll.top(&state.session.view_in(area));
    if top.cell != 0 || top.row != 0 {
        return area;
    }
    let note = " ↑ loading earlier turns… ";
    let w = note.chars().count() as u16;
    if area.width > w {
        let at = Rect::new(area.x + area.width - w, area.y, w, 1);
        let note = Span::styled(note, state.session.config.theme.palette().badge);
        frame.render_widget(Paragraph::new(note), at);
    }
    Rect::new(area.x, area.y + 1, area.width, area.height - 1)
}

/// The transcript in `area`; scrolled back, its last row says there is more below
/// (`Scroll::text_rows`). Says where the previews of the images in view go.
pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) -> Vec<ImagePlacement> {
    // Before the conversation starts, the welcome sits on top and notices go under it.
    let area = if super::welcome::shown(state) {
        let used = super::welcome::draw(frame, area, state).min(area.height);
        Rect::new(area.x, area.y + used, area.width, area.height - used)
    } else {
        area
    };
    let area = loading_note(frame, area, state);
    let view = state.session.view_in(area);
    let height = state
        .session
        .shown
        .scroll
        .text_rows(usize::from(area.height));
    let mut top = state.session.shown.scroll.top(&view);

    let mut lines: Vec<Line<'static>> = Vec::with_capacity(height);
    let mut origins: Vec<RowOrigin> = Vec::with_capacity(height);
    while lines.len() < height && top.cell < view.cells() {
        let shown = top.row..top.row + (height - lines.len());
        let laid = view.cell_drawn(top.cell, shown);
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
    let placements = placements(&view, &origins, area);
    super::selected::mark(frame, area, &origins, state);
    mark_selection(frame, area, &origins, &view, state);

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
    placements
}

/// The previews whose rows are all on screen (a preview cut by the window's edge is not drawn:
/// the image protocols draw whole images).
fn placements(
    view: &crate::controls::view::View<'_>,
    origins: &[RowOrigin],
    area: Rect,
) -> Vec<ImagePlacement> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < origins.len() {
        let cell = origins[at].cell;
        let laid_rows = view.cell(cell).len();
        let kind = view.transcript.cells()[cell].kind();
        if let Some(preview) = crate::render::image_preview::preview_of(kind, view.key) {
            let first = laid_rows.saturating_sub(usize::from(preview.rows));
            let last = laid_rows.saturating_sub(1);
            let start = origins
                .iter()
                .position(|o| o.cell == cell && o.row == first);
            let whole = start.is_some_and(|s| {
                origins.get(s + usize::from(preview.rows) - 1)
                    == Some(&RowOrigin { cell, row: last })
            });
            if let (Some(start), true) = (start, whole) {
                let x = area.x + crate::render::image_preview::INDENT;
                if x + preview.cols <= area.right() {
                    out.push(ImagePlacement {
                        x,
                        y: area.y + start as u16,
                        cols: preview.cols,
                        rows: preview.rows,
                        path: preview.path.to_string(),
                    });
                }
            }
        }
        while at < origins.len() && origins[at].cell == cell {
            at += 1;
        }
    }
    out
}

/// The text the mouse (or copy mode) selected, drawn in the selection's colours over the
/// characters it covers and copies: not the decoration (bullets, indents, bars), nor the empty
/// width past each row's text.
fn mark_selection(
    frame: &mut Frame<'_>,
    area: Rect,
    origins: &[RowOrigin],
    view: &crate::controls::view::View<'_>,
    state: &AppState,
) {
    let style = state.session.config.theme.palette().selected;
    let buffer = frame.buffer_mut();
    // Copy mode's cursor: the character under it, in the selection's colours.
    if let Some(at) = state.copy_cursor() {
        let row = origins
            .iter()
            .position(|o| o.cell == at.cell && o.row == at.row);
        let width = view.cell(at.cell).get(at.row).map_or(0, |l| l.width());
        let col = at.col.min(width.saturating_sub(1));
        if let (Some(y), Ok(col)) = (row, u16::try_from(col)) {
            if col < area.width {
                buffer[(area.x + col, area.y + y as u16)].set_style(style);
            }
        }
    }
    let Some(selection) = state.text_selection() else {
        return;
    };
    for (y, origin) in (area.y..area.bottom()).zip(origins) {
        let Some(span) = selection.on_row(view, origin.cell, origin.row) else {
            continue;
        };
        let laid = view.cell(origin.cell);
        let Some(line) = laid.get(origin.row) else {
            continue;
        };
        let mut col = 0;
        for piece in &line.spans {
            let width = piece.content.width();
            let shown = !crate::render::row_marks::is_decoration(piece);
            for at in col..col + width {
                let Ok(x) = u16::try_from(at) else { break };
                if shown && at >= span.from && at <= span.to && x < area.width {
                    buffer[(area.x + x, y)].set_style(style);
                }
            }
            col += width;
        }
    }
}
