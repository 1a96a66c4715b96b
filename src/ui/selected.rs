//! The selected cell's bar, in the composer's place: what is selected and the files it
//! mentions; the transcript marks the cell's rows (`mark`).

use super::chrome::popup_box;
use super::row_origin::RowOrigin;
use crate::app::layers::SelectedCell;
use crate::app::AppState;
use crate::controls::selection::cell_text;
use crate::model::CellKind;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    selected: &SelectedCell,
    state: &AppState,
    palette: &Palette,
) {
    let transcript = &state.session.shown.transcript;
    let (what, first_line) = match selected.selection.cell(transcript) {
        Some(cell) => (
            kind_name(cell.kind()),
            cell_text(cell.kind())
                .lines()
                .find(|l| !l.trim().is_empty())
                .map(sanitize_line)
                .unwrap_or_default(),
        ),
        None => ("nothing", String::new()),
    };
    let place = match (selected.selection.index(transcript), transcript.len()) {
        (Some(at), len) => format!(" {}/{len} ", at + 1),
        _ => String::new(),
    };
    let border = palette.border_focused;
    let block = popup_box(" selected ".dim(), border)
        .title_bottom(Line::from(Span::styled(place, border)).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let line = Line::from(vec![
        Span::styled(format!("{what}: "), palette.accent),
        Span::raw(first_line),
    ]);
    frame.render_widget(Paragraph::new(line), inner);
}

fn kind_name(kind: &CellKind) -> &'static str {
    match kind {
        CellKind::User { .. } => "your message",
        CellKind::Agent { .. } => "answer",
        CellKind::Reasoning { .. } => "reasoning",
        CellKind::Command(_) => "command",
        CellKind::FileChange { .. } => "change",
        CellKind::Plan { .. } => "plan",
        CellKind::ProposedPlan { .. } => "proposed plan",
        CellKind::Tool { .. } => "tool call",
        CellKind::AgentCall(_) => "sub-agent call",
        CellKind::Notice { .. } => "notice",
        CellKind::TurnEnd { .. } => "turn end",
        CellKind::Item(item) => item.kind_name(),
    }
}

/// The selected cell's rows on screen get their two gutter columns reversed: a bar beside
/// the cell that shows without colour too.
pub(super) fn mark(frame: &mut Frame<'_>, area: Rect, origins: &[RowOrigin], state: &AppState) {
    let Some(cell) = state.selected_cell() else {
        return;
    };
    let style = state.session.config.theme.palette().selected;
    let buffer = frame.buffer_mut();
    for (y, origin) in (area.y..area.bottom()).zip(origins) {
        if origin.cell != cell {
            continue;
        }
        for x in area.x..area.right().min(area.x.saturating_add(2)) {
            buffer[(x, y)].set_style(style);
        }
    }
}

impl super::draw::Draw for SelectedCell {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.bottom, self, cx.state, cx.palette);
    }
}
