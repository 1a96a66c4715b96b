//! Inline mode writes finished cells into the terminal's own scrollback, once each and in
//! order. Each cell remembers how far it went there, so a thread's cells keep their marks
//! through drops from the top, replays and thread switches without an index to keep in step.

use super::cell::CellKind;
pub(crate) use super::cell::Written;
use super::Transcript;

/// Turns of a resumed thread inline mode writes into the scrollback, the newest ones.
pub(crate) const RESUMED_TURNS: u32 = 50;

/// Inline mode: cells that must not go to the scrollback in place — older turns paged in
/// above what is there already (they would land after newer ones) — are kept out; `/history`
/// writes them as a block of their own.
pub(crate) fn never_write(transcript: &Transcript, cells: std::ops::Range<usize>) {
    for cell in &transcript.cells()[cells] {
        if cell.written() == Written::Not {
            cell.mark_written(Written::Withheld);
        }
    }
}

/// Inline mode: a resumed thread sent whole (a server that ignores `excludeTurns`) writes
/// only its last `RESUMED_TURNS` turns; the cells before them are kept out (`/history`).
/// Returns whether any were.
pub(crate) fn only_last_turns(transcript: &Transcript) -> bool {
    let mut turns = 0;
    let mut newest: Option<&str> = None;
    for index in (0..transcript.len()).rev() {
        let Some(turn) = transcript.turn_of(index) else {
            continue;
        };
        if newest != Some(turn) {
            newest = Some(turn);
            turns += 1;
            if turns > RESUMED_TURNS {
                never_write(transcript, 0..index + 1);
                return true;
            }
        }
    }
    false
}

impl CellKind {
    /// The cell says by itself that it is still changing (a message streaming, a command
    /// running, a hook or a sleep going on).
    pub(crate) fn still_changing(&self) -> bool {
        match self {
            CellKind::Agent { streaming, .. } | CellKind::ProposedPlan { streaming, .. } => {
                *streaming
            }
            CellKind::Command(command) => command.running,
            CellKind::Item(item) => item.running(),
            _ => false,
        }
    }

    /// Cells that carry no flag of their own (reasoning, tools, agent calls, file changes)
    /// may still grow while they are the newest cell of a running turn.
    pub(crate) fn grows_while_newest(&self) -> bool {
        matches!(
            self,
            CellKind::Reasoning { .. }
                | CellKind::Tool { .. }
                | CellKind::AgentCall(_)
                | CellKind::FileChange { .. }
                | CellKind::Plan { .. }
        )
    }

    /// A running command that later cells came after: a background terminal, which nothing
    /// waits for.
    pub(crate) fn is_command(&self) -> bool {
        matches!(self, CellKind::Command(_))
    }
}
