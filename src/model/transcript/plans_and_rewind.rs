//! The transcript's side of Plan mode, reasoning and rewind (issue 20): proposed plans placed
//! above their turn's message, reasoning summaries in parts and raw reasoning when shown, and
//! what a rewind reads back (the person's messages by turn, what each turn did to files, the
//! running turn's checklist). A child of `transcript`, so it works on the same private state.

use super::{Cell, CellKind, CommandCell, Transcript, PLAN_KEY};

impl Transcript {
    /// Shows raw reasoning from now on (it is dropped otherwise).
    pub fn set_show_raw_reasoning(&mut self, show: bool) {
        self.show_raw_reasoning = show;
    }

    /// `item/reasoning/summaryPartAdded`: a later part of the summary starts on a block of
    /// its own.
    pub fn start_reasoning_part(&mut self, turn_id: &str, item_id: &str, index: i64) {
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
    pub fn append_raw_reasoning(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        if !self.show_raw_reasoning {
            return;
        }
        let index = self.streaming_cell(turn_id, &raw_key(item_id), raw_cell);
        self.revision += 1;
        self.cells[index].append_text(delta);
        self.grew(delta.len());
    }

    /// `item/plan/delta`: the proposed plan grows (the completed item replaces it).
    pub fn append_plan_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
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

    /// A proposed plan goes above its turn's message that is still streaming: the server starts
    /// that message first ("Here is my plan."), and the plan reads better before it, as the
    /// official TUI shows it.
    pub(super) fn push_plan(&mut self, turn_id: &str, item_id: &str, plan: CellKind) -> usize {
        let message = self.by_item.get(turn_id).and_then(|items| {
            items
                .values()
                .copied()
                .filter(|&i| {
                    matches!(
                        self.cells[i].kind(),
                        CellKind::Agent {
                            streaming: true,
                            ..
                        }
                    )
                })
                .min()
        });
        let index = match message {
            Some(at) => {
                self.insert_at(at, plan);
                at
            }
            None => self.push(plan),
        };
        self.bind(turn_id, item_id, index);
        index
    }

    /// Puts a cell at `at`, moving every index kept of the cells after it.
    fn insert_at(&mut self, at: usize, kind: CellKind) {
        self.revision += 1;
        self.cells.insert(at, Cell::new(kind));
        for index in self
            .by_item
            .values_mut()
            .flat_map(|items| items.values_mut())
            .chain(self.unbound_users.iter_mut())
        {
            if *index >= at {
                *index += 1;
            }
        }
        self.capped_outputs = std::mem::take(&mut self.capped_outputs)
            .into_iter()
            .map(|(i, c)| (if i >= at { i + 1 } else { i }, c))
            .collect();
        // The budget's bookkeeping names cells by index too.
        if self.compacted_until > at {
            self.compacted_until += 1;
        }
        for (index, _) in self.laid_order.get_mut().iter_mut() {
            if *index >= at {
                *index += 1;
            }
        }
        let bytes = self.cells[at].kind().source_bytes();
        self.grew(bytes);
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
    pub fn checklist(&self, turn_id: &str) -> Option<&[crate::protocol::PlanStep]> {
        let index = self.index_of(turn_id, PLAN_KEY)?;
        match self.cells[index].kind() {
            CellKind::Plan { steps, .. } => Some(steps),
            _ => None,
        }
    }

    /// What a turn did to files, as its cells show: the absolute paths its patches changed,
    /// and the commands it ran that may have written files (anything not known to only read,
    /// list or search).
    pub fn turn_activity(&self, turn_id: &str) -> (Vec<String>, Vec<String>) {
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
