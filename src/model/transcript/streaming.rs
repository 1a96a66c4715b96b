//! Streaming: the deltas of an answer, a reasoning summary and a command's output appended to
//! their cells as they arrive, and the end of a turn (settled, or cut off by a steer).

use super::super::cell::{Cell, CellKind, CommandCell, NoticeLevel};
use super::super::markdown_text::MarkdownText;
use super::super::plan_tags::filter_delta;
use super::{held_key, Transcript, UNNAMED_COMMAND};

impl Transcript {
    pub fn append_agent_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        if self.review_turns.contains(turn_id) {
            return;
        }
        let index = self.streaming_cell(turn_id, item_id, || CellKind::Agent {
            markdown: Box::new(MarkdownText::default()),
            streaming: true,
        });
        self.revision += 1;
        // A tag line may be starting: only then is anything held back (no cost otherwise).
        if self.held_tags.is_empty() && !delta.contains('<') {
            self.cells[index].append_text(delta);
            self.grew(delta.len());
            return;
        }
        let key = held_key(turn_id, item_id);
        let mut held = self.held_tags.remove(&key).unwrap_or_default();
        let at_line_start = match self.cells[index].kind() {
            CellKind::Agent { markdown, .. } => {
                markdown.as_str().is_empty() || markdown.as_str().ends_with('\n')
            }
            _ => true,
        };
        let shown = filter_delta(&mut held, at_line_start, delta);
        if !held.is_empty() {
            self.held_tags.insert(key, held);
        }
        if !shown.is_empty() {
            self.cells[index].append_text(&shown);
            self.grew(shown.len());
        }
    }

    pub(crate) fn append_reasoning_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        let index = self.streaming_cell(turn_id, item_id, || CellKind::Reasoning {
            text: String::new(),
        });
        self.revision += 1;
        self.cells[index].append_text(delta);
        self.grew(delta.len());
    }

    /// A command's output. A command whose `item/started` never came (it began before tern
    /// joined the thread) gets a cell from its first output; its `item/completed` names it.
    pub(crate) fn append_command_output(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        let index = self.streaming_cell(turn_id, item_id, || {
            CellKind::Command(Box::new(CommandCell {
                command: UNNAMED_COMMAND.to_string(),
                cwd: None,
                actions: Vec::new(),
                output: String::new(),
                exit_code: None,
                duration_ms: None,
                running: true,
                status: None,
                decision: None,
                shell: false,
                evidence: None,
            }))
        });
        if let Some(cell) = self.cell_for_item(turn_id, item_id) {
            if let CellKind::Command(command) = cell.kind_mut() {
                command.output.push_str(delta);
            }
        }
        self.cap_output(index);
        self.grew(delta.len());
    }

    /// Marks everything of a turn that was still streaming or running as finished; running
    /// commands stay running when `commands_go_on` (they finish after the turn).
    pub(crate) fn settle_turn(&mut self, turn_id: &str, commands_go_on: bool) {
        let indices: Vec<usize> = self
            .by_item
            .get(turn_id)
            .map(|items| items.values().copied().collect())
            .unwrap_or_default();
        for index in indices {
            let cell = &mut self.cells[index];
            if commands_go_on && matches!(cell.kind(), CellKind::Command(c) if c.running) {
                continue;
            }
            cell.settle();
        }
        self.revision += 1;
    }

    /// A steer preempted the turn: every answer of it still streaming is dropped by the server
    /// (never completed, never saved). Each is marked finished and followed by `note`.
    pub(crate) fn cut_off_streaming_answers(&mut self, turn_id: &str, note: &str) {
        let mut cut: Vec<usize> = self
            .by_item
            .get(turn_id)
            .into_iter()
            .flat_map(|items| items.values().copied())
            .filter(|&i| {
                matches!(
                    self.cells[i].kind(),
                    CellKind::Agent {
                        streaming: true,
                        ..
                    }
                )
            })
            .collect();
        cut.sort_unstable();
        // From the bottom, so the indices above stay valid while notes go in.
        for &index in cut.iter().rev() {
            self.cells[index].settle();
            let note = Cell::new(CellKind::Notice {
                level: NoticeLevel::Warning,
                text: note.to_string(),
            });
            self.cells.insert(index + 1, note);
            for bound in self
                .by_item
                .values_mut()
                .flat_map(|items| items.values_mut())
            {
                if *bound > index {
                    *bound += 1;
                }
            }
        }
        if !cut.is_empty() {
            self.revision += 1;
        }
    }
}
