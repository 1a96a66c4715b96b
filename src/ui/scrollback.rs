//! Inline mode: which cells go to the terminal's scrollback now, and their lines.
//!
//! A cell goes when it is final, in order, once. The first cell still changing holds the ones
//! after it until the runtime says the hold is over (`hold_over`: a third of the screen or
//! 10 s, see `runtime::inline`); then it is written as it stands, marked still running, and
//! written again once final. A running command that later cells came after is a background
//! terminal: nothing waits for it.

use crate::app::AppState;
use crate::controls::view::View;
use crate::model::scrollback::Written;
use crate::model::{CellKind, Transcript};
use ratatui::text::{Line, Span};

/// How far back cells written as they stood are looked for, to write them again once final.
const REWRITE_WINDOW: usize = 500;

/// The first cell not yet written. Cells after it may be written already: a resumed thread's
/// first page of turns comes in above the notice that said it was resumed.
pub(crate) fn frontier(transcript: &Transcript) -> usize {
    transcript
        .cells()
        .iter()
        .position(|cell| cell.written() == Written::Not)
        .unwrap_or(transcript.len())
}

/// The cell at `index` will not change any more.
fn settled(transcript: &Transcript, index: usize, turn_running: bool) -> bool {
    let kind = transcript.cells()[index].kind();
    if kind.still_changing() {
        return false;
    }
    let newest = index + 1 == transcript.len();
    !(kind.grows_while_newest() && newest && turn_running)
}

/// The first unwritten cell is still changing and cells came after it: what the bound's
/// clock runs for.
pub(crate) fn holding(state: &AppState) -> bool {
    let transcript = &state.session.shown.transcript;
    let running = state.session.active_turn_id().is_some();
    let first = frontier(transcript);
    first + 1 < transcript.len()
        && !settled(transcript, first, running)
        && !transcript.cells()[first].kind().is_command()
}

/// The cells to write now, in order, and how.
pub(crate) fn due(state: &AppState, hold_over: bool, everything: bool) -> Vec<(usize, Written)> {
    let transcript = &state.session.shown.transcript;
    let running = state.session.active_turn_id().is_some() && !everything;
    let first = frontier(transcript);
    let mut due: Vec<(usize, Written)> = (first.saturating_sub(REWRITE_WINDOW)..first)
        .filter(|&i| transcript.cells()[i].written() == Written::AsItStood)
        .filter(|&i| settled(transcript, i, running))
        .map(|i| (i, Written::Final))
        .collect();
    for index in first..transcript.len() {
        match transcript.cells()[index].written() {
            // Withheld cells go only as `/history`'s block (`earlier_turns`).
            Written::Final | Written::Withheld => continue,
            Written::AsItStood => {
                if settled(transcript, index, running) {
                    due.push((index, Written::Final));
                }
                continue;
            }
            Written::Not => {}
        }
        if everything || settled(transcript, index, running) {
            due.push((index, Written::Final));
            continue;
        }
        let background =
            transcript.cells()[index].kind().is_command() && index + 1 < transcript.len();
        if background || hold_over {
            due.push((index, Written::AsItStood));
            continue;
        }
        break;
    }
    due
}

/// The lines of `cells` as the transcript lays them out `width` columns wide, each cell
/// followed by the blank line that separates cells; a cell written as it stands says so.
/// A message whose finished blocks went there while it streamed goes on from after them.
pub(crate) fn lines(
    state: &AppState,
    cells: &[(usize, Written)],
    width: u16,
) -> Vec<Line<'static>> {
    cells_lines(state, cells, width, true)
}

pub(crate) fn cells_lines(
    state: &AppState,
    cells: &[(usize, Written)],
    width: u16,
    after_streamed: bool,
) -> Vec<Line<'static>> {
    let session = &state.session;
    let view = View::new(&session.shown.transcript, session.layout_key(width), 0);
    let mut out = Vec::new();
    let spoken = super::spoken_cells::on(state);
    for &(index, written) in cells {
        if spoken {
            out.extend(super::spoken_cells::cell(state, index, width));
            if written == Written::AsItStood {
                out.push(Line::from("still running: written again when it finishes."));
            }
            out.push(Line::default());
            continue;
        }
        let rows = view.cell(index).len();
        let from = match after_streamed {
            true => streamed_rows(&view, index).min(rows),
            false => 0,
        };
        let laid = view.cell_drawn(index, from..rows);
        if laid.is_empty() {
            continue;
        }
        out.extend((from..laid.len()).filter_map(|row| laid.get(row).cloned()));
        if written == Written::AsItStood {
            let note = "  ⋯ still running: written again when it finishes";
            out.push(Line::from(Span::styled(
                note,
                session.config.theme.palette().dim,
            )));
        }
        out.push(Line::default());
    }
    out
}

/// The streaming message at the frontier whose finished blocks are not all in the scrollback
/// yet, when `cells` (what is written whole now) leaves it: its index and how many complete
/// blocks it has now. Only complete blocks go — a block is complete once a later one started
/// on a finished line (newline-gated, as the official TUI streams), so a code block goes only
/// once closed — and the open tail stays in the live area.
pub(crate) fn streamed(
    state: &AppState,
    cells: &[(usize, Written)],
    width: u16,
) -> Option<(usize, usize)> {
    let session = &state.session;
    let transcript = &session.shown.transcript;
    let index = frontier(transcript);
    let cell = transcript.cells().get(index)?;
    let streaming = matches!(
        cell.kind(),
        CellKind::Agent {
            streaming: true,
            ..
        }
    );
    // Screen-reader mode writes a message whole, once final: read once, not in pieces.
    if !streaming || cells.iter().any(|&(due, _)| due >= index) || super::spoken_cells::on(state) {
        return None;
    }
    let view = View::new(transcript, session.layout_key(width), 0);
    let blocks = view.cell(index).blocks_done;
    (blocks > cell.streamed_blocks()).then_some((index, blocks))
}

/// The lines of the streaming message `index` from its blocks already in the scrollback up to
/// its first `blocks` complete blocks, marked as written.
pub(crate) fn stream_lines(
    state: &AppState,
    index: usize,
    blocks: usize,
    width: u16,
) -> Vec<Line<'static>> {
    let session = &state.session;
    let transcript = &session.shown.transcript;
    let view = View::new(transcript, session.layout_key(width), 0);
    let from = streamed_rows(&view, index);
    let to = block_end(&view.cell(index), blocks);
    transcript.cells()[index].mark_streamed(blocks);
    if to <= from {
        return Vec::new();
    }
    let laid = view.cell_drawn(index, from..to);
    (from..to)
        .filter_map(|row| laid.get(row).cloned())
        .collect()
}

/// Rows of cell `index`, as laid out now, that are in the scrollback already as finished
/// blocks of the message while it streamed. Counted in blocks, not rows: after a resize the
/// same blocks take another number of rows.
pub(crate) fn streamed_rows(view: &View<'_>, index: usize) -> usize {
    let blocks = view.transcript.cells()[index].streamed_blocks();
    if blocks == 0 {
        return 0;
    }
    block_end(&view.cell(index), blocks)
}

/// The row where the first `blocks` complete blocks of a laid-out message end.
fn block_end(laid: &crate::model::Laid, blocks: usize) -> usize {
    match blocks.min(laid.block_rows.len()) {
        0 => 0,
        n => laid.block_rows[n - 1],
    }
}

/// The rule a clean screen (`/clear`, `/new`) leaves under what the scrollback holds, the
/// whole width, followed by the blank line that separates cells.
pub(crate) fn rule(state: &AppState, width: u16) -> [Line<'static>; 2] {
    let dim = state.session.config.theme.palette().dim;
    if super::spoken_cells::on(state) {
        return [
            Line::from(Span::styled("New conversation below.", dim)),
            Line::default(),
        ];
    }
    let line = "─".repeat(usize::from(width.max(1)));
    [Line::from(Span::styled(line, dim)), Line::default()]
}

/// The whole conversation as plain text, laid out as the transcript shows it at the screen's
/// width (`print_on_exit`); the caller prints it through the one sanitiser.
pub(crate) fn conversation_text(state: &AppState) -> String {
    let width = state.session.screen.width.max(1);
    let every: Vec<(usize, Written)> = (0..state.session.shown.transcript.len())
        .map(|index| (index, Written::Final))
        .collect();
    let mut text = String::new();
    for line in cells_lines(state, &every, width, false) {
        let row: String = line
            .spans
            .iter()
            .map(|span| span.content.as_ref())
            .collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

/// Rows the cells not yet written take (each with its separating blank line).
pub(crate) fn live_rows(state: &AppState, width: u16) -> usize {
    let session = &state.session;
    let transcript = &session.shown.transcript;
    let view = View::new(transcript, session.layout_key(width), 0);
    let spoken = super::spoken_cells::on(state);
    (frontier(transcript)..transcript.len())
        .filter(|&index| transcript.cells()[index].written() == Written::Not)
        .map(|index| {
            if spoken {
                return super::spoken_cells::cell(state, index, width).len();
            }
            let rows = view.cell(index).len();
            rows.saturating_sub(streamed_rows(&view, index))
        })
        .filter(|&rows| rows > 0)
        .map(|rows| rows + 1)
        .sum()
}
