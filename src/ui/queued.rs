//! The messages waiting for the turn, above the composer: steers on their way into the running
//! turn, then the queued ones (the selected one highlighted while ↑ is in the list). After a
//! lost connection the queued ones say they were not sent.

use super::chrome::row_style;
use crate::app::layers::Layer;
use crate::app::AppState;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) {
    if area.height == 0 {
        return;
    }
    let selected = state
        .layers
        .person
        .iter()
        .rev()
        .find_map(|layer| match layer {
            Layer::Queue(focus) => focus.selected.index(state.session.outbox.queued.len()),
            _ => None,
        });
    let palette = state.session.config.theme.palette();
    let failed = state.session.lifecycle.failure().is_some();
    let mut rows: Vec<Line<'static>> = state
        .session
        .outbox
        .steering
        .iter()
        .map(|steer| {
            let label = if steer.accepted {
                "⤷ steered  "
            } else {
                "⤷ steering "
            };
            row(label, &steer.prompt, palette.working, false, palette)
        })
        .collect();
    let first_queued = rows.len();
    for (i, text) in state.session.outbox.queued.iter().enumerate() {
        let (label, style) = if failed {
            ("✗ not sent ", palette.error)
        } else {
            ("⏸ queued   ", palette.warning)
        };
        rows.push(row(label, text, style, selected == Some(i), palette));
    }
    // Keep the selection in view; otherwise the first rows, with the rest counted.
    let height = area.height as usize;
    let shown: Vec<Line<'static>> = if rows.len() <= height {
        rows
    } else if let Some(i) = selected {
        let at = first_queued + i;
        let start = at.saturating_sub(height - 1).min(rows.len() - height);
        rows.into_iter().skip(start).take(height).collect()
    } else {
        let more = rows.len() - (height - 1);
        let mut shown: Vec<Line<'static>> = rows.into_iter().take(height - 1).collect();
        shown.push(Line::from(Span::styled(
            format!("  … and {more} more (↑ to see them)"),
            palette.dim,
        )));
        shown
    };
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(shown), area);
}

fn row(
    label: &'static str,
    text: &str,
    style: Style,
    selected: bool,
    palette: &Palette,
) -> Line<'static> {
    let mut lines = text.lines();
    let first = sanitize_line(lines.next().unwrap_or(""));
    let more = if lines.next().is_some() {
        " ⏎…"
    } else {
        ""
    };
    let body = row_style(selected, palette);
    Line::from(vec![
        Span::styled(format!(" {label}"), style),
        Span::styled(first, body),
        more.dim(),
    ])
}

/// The queue in focus is shown by the queued list (`draw`), which highlights the selection.
impl super::draw::Draw for crate::app::layers::QueueFocus {
    fn draw(&self, _frame: &mut Frame<'_>, _cx: &super::draw::DrawCx<'_>) {}
}
