//! The transcript's side of Plan mode, reasoning and rewind (issue 20): proposed plans placed
//! in the model's order within their turn's message, reasoning summaries in parts and raw reasoning when shown, and
//! what a rewind reads back (the person's messages by turn, what each turn did to files, the
//! running turn's checklist). A child of `transcript`, so it works on the same private state.

use super::{CellKind, CommandCell, Transcript, PLAN_KEY};
use crate::model::markdown_text::MarkdownText;

/// Starts the key a message's preamble cell is kept under (see `push_plan`).
const PREAMBLE: &str = "preamble\u{0}";

pub(super) fn preamble_key(item_id: &str) -> String {
    format!("{PREAMBLE}{item_id}")
}

impl Transcript {
    /// Shows raw reasoning from now on (it is dropped otherwise).
    pub(crate) fn set_show_raw_reasoning(&mut self, show: bool) {
        self.show_raw_reasoning = show;
    }

    /// `item/reasoning/summaryPartAdded`: a later part of the summary starts on a block of
    /// its own.
    pub(crate) fn start_reasoning_part(&mut self, turn_id: &str, item_id: &str, index: i64) {
        if index <= 0 {
            return;
        }
        let Some(cell) = self.cell_for_item(turn_id, item_id) else {
            return;
        };
        if matches!(cell.kind(), CellKind::Reasoning { text } if !text.is_empty()) {
            cell.append_text("\n\n");
            self.grew(2);
        }
    }

    /// `item/reasoning/textDelta`: raw reasoning, in a cell of its own, only when it is shown.
    pub(crate) fn append_raw_reasoning(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        if !self.show_raw_reasoning {
            return;
        }
        let index = self.streaming_cell(turn_id, &raw_key(item_id), raw_cell);
        self.revision += 1;
        self.cells[index].append_text(delta);
        self.grew(delta.len());
    }

    /// `item/plan/delta`: the proposed plan grows (the completed item replaces it).
    pub(crate) fn append_plan_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        let index = match self.index_of(turn_id, item_id) {
            Some(index) => index,
            None => {
                let plan = CellKind::ProposedPlan {
                    markdown: String::new(),
                    streaming: true,
                };
                self.push_plan(turn_id, item_id, plan)
            }
        };
        self.revision += 1;
        self.cells[index].append_text(delta);
        self.grew(delta.len());
    }

    /// A proposed plan comes in the model's order: the server starts the turn's message first
    /// and streams its start ("Here is my plan."), lifts the plan out, then streams the rest of
    /// the same message. So the part streamed so far is the preamble: it stays above the plan,
    /// finished, and whatever the message says after the plan gets a cell of its own below it
    /// (the item is bound to that cell from now on; `without_preamble` keeps the two apart).
    pub(super) fn push_plan(&mut self, turn_id: &str, item_id: &str, plan: CellKind) -> usize {
        let message = self.by_item.get(turn_id).and_then(|items| {
            items
                .iter()
                .filter(|(id, &i)| {
                    !id.starts_with(PREAMBLE)
                        && matches!(
                            self.cells[i].kind(),
                            CellKind::Agent {
                                streaming: true,
                                ..
                            }
                        )
                })
                .min_by_key(|(_, &i)| i)
                .map(|(id, &i)| (id.clone(), i))
        });
        if let Some((message_id, at)) = message {
            self.revision += 1;
            self.cells[at].settle();
            if let Some(items) = self.by_item.get_mut(turn_id) {
                items.remove(&message_id);
            }
            self.bind(turn_id, &preamble_key(&message_id), at);
        }
        let index = self.push(plan);
        self.bind(turn_id, item_id, index);
        index
    }

    /// `kind` for an item's cell, less the preamble shown above its plan (see `push_plan`):
    /// the server's snapshot and completed text hold the whole message. `None`: nothing of it
    /// goes below the plan (yet).
    pub(super) fn without_preamble(
        &mut self,
        turn_id: &str,
        item_id: &str,
        kind: CellKind,
    ) -> Option<CellKind> {
        let Some(at) = self.index_of(turn_id, &preamble_key(item_id)) else {
            return Some(kind);
        };
        let CellKind::Agent {
            markdown,
            streaming,
        } = &kind
        else {
            return Some(kind);
        };
        let CellKind::Agent {
            markdown: preamble, ..
        } = self.cells[at].kind()
        else {
            return Some(kind);
        };
        let whole = markdown.as_str();
        match whole.strip_prefix(preamble.as_str()) {
            Some(rest) => {
                let rest = rest.trim_start_matches(['\n', '\r']);
                (!rest.is_empty()).then(|| CellKind::Agent {
                    markdown: Box::new(MarkdownText::new(rest)),
                    streaming: *streaming,
                })
            }
            // Not the text streamed before the plan: the whole message stays where it began.
            None => {
                if !*streaming {
                    self.revision += 1;
                    self.cells[at].set_agent_text(whole, false);
                }
                None
            }
        }
    }

    /// The person's messages shown, oldest first: the turn each began (once the server echoed
    /// it), and its text.
    pub fn user_messages(&self) -> Vec<(String, String)> {
        let mut found: Vec<(usize, &str)> = self
            .by_item
            .iter()
            .flat_map(|(turn, items)| items.values().map(move |&i| (i, turn.as_str())))
            .filter(|(i, _)| matches!(self.cells[*i].kind(), CellKind::User { .. }))
            .collect();
        found.sort_unstable();
        found.dedup_by_key(|(i, _)| *i);
        found
            .into_iter()
            .filter_map(|(i, turn)| match self.cells[i].kind() {
                CellKind::User { text } => Some((turn.to_string(), text.clone())),
                _ => None,
            })
            .collect()
    }

    /// The latest checklist of a turn (`turn/plan/updated`).
    pub(crate) fn checklist(&self, turn_id: &str) -> Option<&[crate::protocol::PlanStep]> {
        let index = self.index_of(turn_id, PLAN_KEY)?;
        match self.cells[index].kind() {
            CellKind::Plan { steps, .. } => Some(steps),
            _ => None,
        }
    }

    /// What a turn did to files, as its cells show: the absolute paths its patches changed,
    /// and the commands it ran that may have written files (anything not known to only read,
    /// list or search).
    pub(crate) fn turn_activity(&self, turn_id: &str) -> (Vec<String>, Vec<String>) {
        let mut indices: Vec<usize> = self
            .by_item
            .get(turn_id)
            .map(|items| items.values().copied().collect())
            .unwrap_or_default();
        indices.sort_unstable();
        let (mut paths, mut commands) = (Vec::new(), Vec::new());
        for i in indices {
            match self.cells[i].kind() {
                CellKind::FileChange { changes, .. } => {
                    for change in changes {
                        paths.push(change.path.clone());
                        if let crate::protocol::PatchChangeKind::Update {
                            move_path: Some(to),
                        } = &change.kind
                        {
                            paths.push(to.clone());
                        }
                    }
                }
                CellKind::Command(command) if may_write(command) => {
                    commands.push(command.command.clone())
                }
                _ => {}
            }
        }
        (paths, commands)
    }
}

/// Raw reasoning is a cell of its own, bound under its item's id with this mark.
pub(super) fn raw_key(item_id: &str) -> String {
    format!("{item_id}\u{0}raw")
}

pub(super) fn raw_cell() -> CellKind {
    CellKind::Reasoning {
        text: raw_reasoning_text(""),
    }
}

/// Raw reasoning's text, titled so its collapsed line says what it is.
pub(super) fn raw_reasoning_text(raw: &str) -> String {
    format!("**Raw reasoning**\n\n{raw}")
}

/// A command that may have written files: anything but reads, listings and searches.
fn may_write(command: &CommandCell) -> bool {
    use crate::protocol::CommandAction;
    command.actions.is_empty()
        || command
            .actions
            .iter()
            .any(|a| matches!(a, CommandAction::Unknown { .. }))
}
