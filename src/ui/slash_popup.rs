//! The slash popup: the matching commands in a box just above the composer, the selected one
//! highlighted, each with its one-line description.

use super::chrome::{draw_popup, menu_row, popup_box};
use super::draw::{Draw, DrawCx};
use crate::app::geometry::Areas;
use crate::app::layers::slash::matches;
use crate::app::Session;
use crate::controls::composer::SlashPopup;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// The most commands shown at once; the list scrolls to keep the selection in view.
const MAX_ROWS: usize = 10;

impl Draw for SlashPopup {
    fn draw(&self, frame: &mut Frame<'_>, cx: &DrawCx<'_>) {
        draw(frame, cx.areas, self, cx.session);
    }
}

fn draw(frame: &mut Frame<'_>, areas: &Areas, popup: &SlashPopup, state: &Session) {
    let palette = state.config.theme.palette();
    let found = matches(state);
    let room = areas.transcript.height.saturating_sub(2) as usize;
    let rows = found.len().clamp(1, MAX_ROWS).min(room);
    if rows == 0 || areas.transcript.width < 10 {
        return;
    }
    let selected = found
        .len()
        .checked_sub(1)
        .map(|last| popup.selected.raw().min(last));
    let first = selected.map_or(0, |s| (s + 1).saturating_sub(rows));
    let usage_width = found
        .iter()
        .map(|c| c.usage().chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = found
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, command)| {
            // The marker shows the selection without colour too.
            let marker = if Some(i) == selected { "›" } else { " " };
            let usage = format!("{marker}{:<usage_width$}  ", command.usage());
            let line = Line::from(vec![
                Span::styled(usage, palette.accent),
                Span::raw(command.description),
            ]);
            menu_row(line, Some(i) == selected, palette)
        })
        .collect();
    if found.is_empty() {
        lines.push(Line::from(Span::styled(
            " no command matches · /help lists them",
            palette.dim,
        )));
    }
    let width = areas.bottom.width.min(90);
    let height = rows as u16 + 2;
    let area = Rect::new(
        areas.bottom.x,
        areas
            .bottom
            .y
            .saturating_sub(height)
            .max(areas.transcript.y),
        width,
        height,
    );
    let block = popup_box(" commands ".dim(), palette.border_focused);
    let inner = draw_popup(frame, area, block);
    frame.render_widget(Paragraph::new(lines), inner);
}
