//! Items that change while they run, between their `item/started` and `item/completed`: a
//! patch that grows while the model writes it, input typed into a running command, an MCP
//! tool's progress message.

use super::super::cell::CellKind;
use super::super::item_cell::bounded;
use super::Transcript;
use crate::protocol::FileUpdateChange;

/// The status a streamed patch shows until its item says more.
const BEING_WRITTEN: &str = "inProgress";

impl Transcript {
    /// `item/fileChange/patchUpdated`: the patch so far replaces the one shown (each snapshot
    /// holds the whole patch). A patch whose `item/started` has not come yet gets its cell
    /// now; a decision recorded on the cell stays.
    pub(crate) fn update_patch(
        &mut self,
        turn_id: &str,
        item_id: &str,
        new_changes: Vec<FileUpdateChange>,
    ) {
        let index = self.streaming_cell(turn_id, item_id, || CellKind::FileChange {
            changes: Vec::new(),
            status: Some(BEING_WRITTEN.to_string()),
            cwd: None,
            decision: None,
        });
        let session_cwd = self.session_cwd.clone();
        self.revision += 1;
        if let CellKind::FileChange { changes, cwd, .. } = self.cells[index].kind_mut() {
            *changes = new_changes;
            if cwd.is_none() {
                *cwd = session_cwd;
            }
        }
        let bytes = self.cells[index].kind().source_bytes();
        self.grew(bytes);
    }

    /// `item/commandExecution/terminalInteraction`: what was written to the command's stdin,
    /// as a line of its output (escaped, so a newline or a control key shows as typed). An
    /// empty write only waited for output: nothing to show.
    pub(crate) fn command_stdin(&mut self, turn_id: &str, item_id: &str, stdin: &str) {
        if stdin.is_empty() || self.index_of(turn_id, item_id).is_none() {
            return;
        }
        let line = format!(
            "\n› stdin: {}\n",
            bounded(&stdin.escape_debug().to_string())
        );
        self.append_command_output(turn_id, item_id, &line);
    }

    /// `item/mcpToolCall/progress`: the tool's latest message stands in its cell's status
    /// until the item completes with its own.
    pub(crate) fn tool_progress(&mut self, turn_id: &str, item_id: &str, message: &str) {
        if message.is_empty() {
            return;
        }
        if let Some(cell) = self.cell_for_item(turn_id, item_id) {
            if let CellKind::Tool { status, .. } = cell.kind_mut() {
                *status = Some(bounded(message));
            }
        }
    }
}
