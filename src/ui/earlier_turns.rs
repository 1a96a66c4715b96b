//! Inline mode's `/history`: a resumed thread's earlier turns, kept out of the scrollback when
//! they were paged in (they would have landed after newer turns), written once, in order, as a
//! block of their own under what the scrollback holds — headed "Earlier turns (1–N)" and closed
//! by a rule, since a terminal's scrollback cannot take lines above its existing text.

use super::scrollback::cells_lines;
use crate::app::AppState;
use crate::model::scrollback::Written;
use ratatui::text::{Line, Span};

/// The block to write now, the cells in it marked written; empty when none was asked for or
/// pages are still coming.
pub(crate) fn lines(state: &AppState, width: u16) -> Vec<Line<'static>> {
    let shown = &state.session.shown;
    if !shown.earlier_wanted {
        return Vec::new();
    }
    // All of them at once: a block per page would read newest page first.
    if shown
        .older_turns
        .as_ref()
        .is_some_and(|older| older.more || older.loading)
    {
        return Vec::new();
    }
    let transcript = &shown.transcript;
    let kept: Vec<(usize, Written)> = (0..transcript.len())
        .filter(|&index| transcript.cells()[index].written() == Written::Withheld)
        .map(|index| (index, Written::Final))
        .collect();
    if kept.is_empty() {
        return Vec::new();
    }
    let mut turns: Vec<&str> = kept
        .iter()
        .filter_map(|&(index, _)| transcript.turn_of(index))
        .collect();
    turns.dedup();
    let count = turns.len().max(1);
    let dim = state.session.config.theme.palette().dim;
    let spoken = state.session.config.screen_reader;
    let heading = match (spoken, count) {
        (true, 1) => "Earlier turns: turn 1.".to_string(),
        (true, n) => format!("Earlier turns: turns 1 to {n}."),
        (false, 1) => "Earlier turns (1)".to_string(),
        (false, n) => format!("Earlier turns (1–{n})"),
    };
    let mut out = vec![Line::from(Span::styled(heading, dim)), Line::default()];
    out.extend(cells_lines(state, &kept, width, false));
    for &(index, written) in &kept {
        transcript.cells()[index].mark_written(written);
    }
    let end = if spoken {
        "End of the earlier turns.".to_string()
    } else {
        format!(
            "{} end of the earlier turns",
            "─".repeat(usize::from(width).saturating_sub(26))
        )
    };
    out.push(Line::from(Span::styled(end, dim)));
    out.push(Line::default());
    out
}
