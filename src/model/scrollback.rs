//! Inline mode writes finished cells into the terminal's own scrollback, once each and in
//! order. Each cell remembers how far it went there, so a thread's cells keep their marks
//! through drops from the top, replays and thread switches without an index to keep in step.

use super::cell::CellKind;
pub(crate) use super::cell::Written;

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
