//! The ordered cells of one thread, with items found by (turn id, item id): the server reuses item
//! ids such as `msg_0` in every turn, so an item id alone is not unique.

use super::cell::{Cell, CellKind, CommandCell, NoticeLevel};
use super::item_cell::{ImageInfo, ItemCell};
use super::markdown_text::MarkdownText;
use super::output_cap::{cap, Capped};
use super::plan_tags::{filter_delta, strip_plan_tags};

mod plans_and_rewind;
use super::question::Record;
use super::turn_diffs::TurnDiffs;
use crate::protocol::{PlanUpdatedNotification, ThreadItem, Turn, UserInput};
use plans_and_rewind::{raw_cell, raw_key, raw_reasoning_text};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};

/// What a command cell says in place of the command until its item names it.
pub const UNNAMED_COMMAND: &str = "…";

#[derive(Debug, Default)]
pub struct Transcript {
    cells: Vec<Cell>,
    /// Cell index by turn id, then item id: found with the ids a notification carries, without
    /// building a key (a delta costs no allocation to route).
    by_item: HashMap<String, HashMap<String, usize>>,
    /// The cwd of the session, so command cells only mention a different one.
    session_cwd: Option<String>,
    /// Counts changes, so a view can tell whether anything arrived since it last looked.
    revision: u64,
    /// Each recent turn's latest whole-turn diff (`turn/diff/updated`).
    turn_diffs: TurnDiffs,
    /// User cells not bound to an item yet (the person's own messages, waiting for the
    /// server's echo): an echo is matched among these few, not by a scan of every cell.
    unbound_users: Vec<usize>,
    /// What was dropped from each long command output, by cell index (see `output_cap`).
    capped_outputs: HashMap<usize, Capped>,
    /// Turns that run a review (`enteredReviewMode` seen): their user message is the
    /// reviewer's prompt and their agent message repeats the review, so neither is shown.
    review_turns: HashSet<String>,
    /// The start of a line held back from a streaming message because it may become a
    /// `<proposed_plan>` tag line (see `plan_tags`), by "turn\0item"; only while holding.
    held_tags: HashMap<String, String>,
    /// Raw reasoning is shown (codex's `show_raw_agent_reasoning`, or tern's config).
    show_raw_reasoning: bool,
    /// Source bytes kept, an upper bound made exact when it passes the budget (see `budget`).
    source_bytes: usize,
    /// Cells before this one were looked at for dropping already.
    compacted_until: usize,
    /// Cells whose source was dropped to keep within the budget.
    dropped_cells: usize,
    /// Cells dropped from the top to keep their number bounded (see `cell_bound`).
    dropped_front: usize,
    /// The cells laid out, oldest first, with their source size: whose lines to forget.
    laid_order: RefCell<VecDeque<(usize, usize)>>,
    /// Source bytes of the cells in `laid_order`.
    laid_bytes: std::cell::Cell<usize>,
    /// Cells laid out (anew or brought up to date) since the transcript was made: what a
    /// frame cost, counted so tests can tell that a thread not on screen costs no layout.
    layouts: std::cell::Cell<u64>,
}

mod budget;
mod cell_bound;
mod notices;
pub use cell_bound::{CellsDropped, MAX_CELLS};
pub use notices::NOTICE_COLUMNS;

impl Transcript {
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn set_session_cwd(&mut self, cwd: Option<String>) {
        self.session_cwd = cwd;
    }

    pub fn session_cwd(&self) -> Option<&str> {
        self.session_cwd.as_deref()
    }

    pub fn turn_diffs(&self) -> &TurnDiffs {
        &self.turn_diffs
    }

    /// Keeps a turn's latest diff snapshot. Returns whether it differs from the one before.
    pub fn set_turn_diff(&mut self, turn_id: &str, diff: &str) -> bool {
        self.turn_diffs.set(turn_id, diff)
    }

    pub fn push(&mut self, kind: CellKind) -> usize {
        self.revision += 1;
        if matches!(kind, CellKind::User { .. }) {
            self.unbound_users.push(self.cells.len());
        }
        let bytes = kind.source_bytes();
        self.cells.push(Cell::new(kind));
        self.grew(bytes);
        self.cells.len() - 1
    }

    /// The newest cell that `matches`, to change in place (a repeated notice).
    pub fn newest_mut(&mut self, matches: impl Fn(&CellKind) -> bool) -> Option<&mut Cell> {
        let index = self.cells.iter().rposition(|cell| matches(cell.kind()))?;
        self.revision += 1;
        self.cells.get_mut(index)
    }

    /// Whether the item has a cell (late events for it still belong there).
    pub fn has_item(&self, turn_id: &str, item_id: &str) -> bool {
        self.index_of(turn_id, item_id).is_some()
    }

    /// The cell of an item, to read (`/ps` shows a background command's output from it). With
    /// no turn id (the server's terminal list names only the item), any turn's item of that id.
    pub fn item_cell(&self, turn_id: Option<&str>, item_id: &str) -> Option<&Cell> {
        let index = match turn_id {
            Some(turn_id) => self.index_of(turn_id, item_id),
            None => self
                .by_item
                .values()
                .find_map(|items| items.get(item_id).copied()),
        }?;
        self.cells.get(index)
    }

    /// The turn cell `index` belongs to: its item's turn, else the turn of the nearest cell
    /// above that has one (a turn's end or a notice sits after its turn's items). A walk of the
    /// item index: for a key press, not for every frame.
    pub fn turn_of(&self, index: usize) -> Option<&str> {
        let mut best: Option<(&str, usize)> = None;
        for (turn, items) in &self.by_item {
            for &at in items.values() {
                if at <= index && best.is_none_or(|(_, b)| at > b) {
                    best = Some((turn.as_str(), at));
                }
            }
        }
        best.map(|(turn, _)| turn)
    }

    fn index_of(&self, turn_id: &str, item_id: &str) -> Option<usize> {
        self.by_item.get(turn_id)?.get(item_id).copied()
    }

    fn bind(&mut self, turn_id: &str, item_id: &str, index: usize) {
        if let Some(at) = self.unbound_users.iter().rposition(|&i| i == index) {
            self.unbound_users.remove(at);
        }
        match self.by_item.get_mut(turn_id) {
            Some(items) => {
                items.insert(item_id.to_string(), index);
            }
            None => {
                let items = HashMap::from([(item_id.to_string(), index)]);
                self.by_item.insert(turn_id.to_string(), items);
            }
        }
    }

    /// Notes on an item's cell what the person answered when asked about it. Returns whether the
    /// item has a cell that shows it.
    pub fn record_decision(&mut self, turn_id: &str, item_id: &str, record: Record) -> bool {
        match self.cell_for_item(turn_id, item_id).map(Cell::kind_mut) {
            Some(CellKind::Command(cmd)) => {
                cmd.decision = Some(record);
                true
            }
            Some(CellKind::FileChange { decision, .. }) => {
                *decision = Some(record);
                true
            }
            _ => false,
        }
    }

    pub fn cell_for_item(&mut self, turn_id: &str, item_id: &str) -> Option<&mut Cell> {
        let index = self.index_of(turn_id, item_id)?;
        self.revision += 1;
        self.cells.get_mut(index)
    }

    /// The cell of an item that streams text, made if its deltas came before its
    /// `item/started` (rather than lose the text).
    fn streaming_cell(&mut self, turn_id: &str, item_id: &str, make: fn() -> CellKind) -> usize {
        match self.index_of(turn_id, item_id) {
            Some(index) => index,
            None => {
                let index = self.push(make());
                self.bind(turn_id, item_id, index);
                index
            }
        }
    }

    /// The user's own message is shown as soon as it is sent; when the server echoes it back as
    /// an item, the echo is bound to that cell instead of being shown twice.
    fn bind_echoed_user_message(&mut self, turn_id: &str, item_id: &str, text: &str) -> bool {
        let found = self
            .unbound_users
            .iter()
            .rev()
            .copied()
            .find(|&i| matches!(self.cells[i].kind(), CellKind::User { text: t } if t == text));
        match found {
            Some(index) => {
                self.bind(turn_id, item_id, index);
                true
            }
            None => false,
        }
    }

    /// `item/started` and `item/completed` both carry the whole item: insert or replace it.
    pub fn upsert_item(&mut self, turn_id: &str, item: &ThreadItem, completed: bool) {
        let Some(item_id) = item.id() else {
            if let ThreadItem::Unknown { item_type, .. } = item {
                // No id to find it again by: one line, once.
                self.push(CellKind::Item(ItemCell::Unknown {
                    item_type: super::item_cell::bounded(item_type),
                }));
            }
            return;
        };
        if matches!(item, ThreadItem::EnteredReviewMode { .. }) {
            self.review_turns.insert(turn_id.to_string());
        }
        if self.review_turns.contains(turn_id)
            && matches!(
                item,
                ThreadItem::UserMessage { .. } | ThreadItem::AgentMessage { .. }
            )
        {
            return;
        }
        if let ThreadItem::UserMessage { content, .. } = item {
            let text = user_text(content);
            if self.index_of(turn_id, item_id).is_some()
                || self.bind_echoed_user_message(turn_id, item_id, &text)
            {
                return;
            }
        }
        if completed {
            self.held_tags.remove(&held_key(turn_id, item_id));
        }
        if let ThreadItem::Reasoning { content, .. } = item {
            if self.show_raw_reasoning && !content.is_empty() && completed {
                let raw = raw_reasoning_text(&content.join("\n\n"));
                let index = self.streaming_cell(turn_id, &raw_key(item_id), raw_cell);
                self.revision += 1;
                *self.cells[index].kind_mut() = CellKind::Reasoning { text: raw };
            }
        }
        let Some(kind) = self.kind_for(item, completed) else {
            return;
        };
        match self.index_of(turn_id, item_id) {
            Some(index) => {
                self.revision += 1;
                if matches!(&kind, CellKind::Command(c) if !c.output.is_empty()) {
                    // A whole output from the server replaces the one built from deltas.
                    self.capped_outputs.remove(&index);
                }
                let cell = &mut self.cells[index];
                match (cell.kind(), kind) {
                    // The completed text is authoritative; a snapshot shorter than what the
                    // deltas built while streaming is not.
                    (CellKind::Agent { markdown, .. }, CellKind::Agent { markdown: text, .. }) => {
                        if completed || markdown.as_str().len() < text.as_str().len() {
                            cell.set_agent_text(text.as_str(), !completed);
                        }
                    }
                    (_, kind) => merge(cell.kind_mut(), kind, completed),
                }
                self.cap_output(index);
                let bytes = self.cells[index].kind().source_bytes();
                self.grew(bytes);
            }
            None if matches!(kind, CellKind::ProposedPlan { .. }) => {
                self.push_plan(turn_id, item_id, kind);
            }
            None => {
                let index = self.push(kind);
                self.bind(turn_id, item_id, index);
                self.cap_output(index);
            }
        }
    }

    /// Keeps a command's output within its bound (head and tail, the rest counted).
    fn cap_output(&mut self, index: usize) {
        if let CellKind::Command(command) = self.cells[index].kind() {
            if command.output.len() <= super::output_cap::HEAD_BYTES {
                return;
            }
        } else {
            return;
        }
        let mut capped = self.capped_outputs.get(&index).copied();
        if let CellKind::Command(command) = self.cells[index].kind_mut() {
            cap(&mut command.output, &mut capped);
        }
        if let Some(capped) = capped {
            self.capped_outputs.insert(index, capped);
        }
    }

    fn kind_for(&self, item: &ThreadItem, completed: bool) -> Option<CellKind> {
        Some(match item {
            ThreadItem::UserMessage { content, .. } => CellKind::User {
                text: user_text(content),
            },
            ThreadItem::AgentMessage {
                text, moderation, ..
            } => CellKind::Agent {
                // A hidden or blocked answer shows only what stands in for it.
                markdown: MarkdownText::new(&strip_plan_tags(&crate::protocol::shown_text(
                    text,
                    moderation.as_ref(),
                ))),
                streaming: !completed,
            },
            ThreadItem::Reasoning { summary, .. } => CellKind::Reasoning {
                text: summary.join("\n\n"),
            },
            ThreadItem::Plan { text, .. } => CellKind::ProposedPlan {
                markdown: text.clone(),
                streaming: !completed,
            },
            ThreadItem::CommandExecution {
                command,
                cwd,
                status,
                command_actions,
                aggregated_output,
                exit_code,
                duration_ms,
                source,
                ..
            } => CellKind::Command(CommandCell {
                command: command.clone(),
                cwd: cwd
                    .clone()
                    .filter(|c| !c.is_empty() && Some(c) != self.session_cwd.as_ref()),
                actions: command_actions.clone(),
                output: aggregated_output.clone().unwrap_or_default(),
                exit_code: *exit_code,
                duration_ms: *duration_ms,
                running: !completed,
                status: status
                    .clone()
                    .filter(|s| s != "completed" && s != "inProgress"),
                decision: None,
                shell: source.as_deref() == Some("userShell"),
            }),
            ThreadItem::FileChange {
                changes, status, ..
            } => CellKind::FileChange {
                changes: changes.clone(),
                status: status.clone(),
                cwd: self.session_cwd.clone(),
                decision: None,
            },
            ThreadItem::McpToolCall {
                server,
                tool,
                status,
                ..
            } => CellKind::Tool {
                title: format!("{server}.{tool}"),
                status: status.clone(),
            },
            ThreadItem::WebSearch { query, .. } => CellKind::Tool {
                title: format!("Web search: {query}"),
                status: None,
            },
            ThreadItem::ContextCompaction { .. } => CellKind::Notice {
                level: NoticeLevel::Info,
                text: "Context compacted".into(),
            },
            ThreadItem::EnteredReviewMode { review, .. } => {
                CellKind::Item(ItemCell::ReviewStarted {
                    label: super::item_cell::bounded(review),
                })
            }
            // The whole review is kept (it is the result the person asked for); long reviews
            // are still only laid out where seen.
            ThreadItem::ExitedReviewMode { review, .. } => CellKind::Item(ItemCell::ReviewResult {
                review: review.clone(),
                cwd: self.session_cwd.clone(),
            }),
            ThreadItem::ImageView { path, .. } => CellKind::Item(ItemCell::ImageView {
                path: super::item_cell::bounded(path),
                info: None,
            }),
            ThreadItem::ImageGeneration(item) => CellKind::Item(ItemCell::image_generation(item)),
            ThreadItem::DynamicToolCall(call) => CellKind::Item(ItemCell::dynamic_tool(call)),
            ThreadItem::FunctionCallOutput(item) => CellKind::Item(ItemCell::function_output(item)),
            ThreadItem::HookPrompt { fragments, .. } => CellKind::Item(ItemCell::HookPrompt {
                texts: fragments
                    .iter()
                    .take(super::item_cell::LIST_ITEMS)
                    .map(|f| super::item_cell::bounded(&f.text))
                    .collect(),
            }),
            ThreadItem::Sleep {
                duration_ms,
                started_at_ms,
                completed_at_ms,
                ..
            } => CellKind::Item(ItemCell::Sleep {
                duration_ms: *duration_ms,
                running: !completed,
                slept_ms: match (started_at_ms, completed_at_ms) {
                    (Some(start), Some(end)) if end >= start => Some(end - start),
                    _ => None,
                },
            }),
            ThreadItem::Unknown { item_type, .. } => CellKind::Item(ItemCell::Unknown {
                item_type: super::item_cell::bounded(item_type),
            }),
            ThreadItem::CollabAgentToolCall { .. } | ThreadItem::SubAgentActivity { .. } => {
                CellKind::AgentCall(super::agent_call::AgentCall::from_item(item, completed)?)
            }
        })
    }

    /// `hook/started` or `hook/completed`: the run's cell, made or brought up to date.
    pub fn upsert_hook(&mut self, turn_id: Option<&str>, run: &crate::protocol::HookRun) {
        let turn = turn_id.unwrap_or("\u{0}thread");
        let key = format!("\u{0}hook:{}", run.id);
        let kind = CellKind::Item(ItemCell::hook(run));
        match self.cell_for_item(turn, &key) {
            Some(cell) => *cell.kind_mut() = kind,
            None => {
                let index = self.push(kind);
                self.bind(turn, &key, index);
            }
        }
    }

    /// The thread's goal changed (`None`: cleared). A goal that only used more tokens updates
    /// its line in place rather than adding one per model response.
    pub fn update_goal(&mut self, goal: Option<&crate::protocol::ThreadGoal>) {
        use super::item_cell::bounded;
        let kind = match goal {
            Some(goal) => ItemCell::Goal {
                objective: Some(bounded(&goal.objective)),
                status: bounded(&goal.status),
                tokens_used: goal.tokens_used.max(0),
                token_budget: goal.token_budget.map(|b| b.max(0)),
            },
            None => ItemCell::Goal {
                objective: None,
                status: String::new(),
                tokens_used: 0,
                token_budget: None,
            },
        };
        let same = |shown: &CellKind| match (shown, &kind) {
            (
                CellKind::Item(ItemCell::Goal {
                    objective: a,
                    status: s,
                    ..
                }),
                ItemCell::Goal {
                    objective: b,
                    status: t,
                    ..
                },
            ) => a == b && s == t,
            _ => false,
        };
        // Only the newest goal line is a candidate, and only when nothing came after it that
        // the person would lose sight of: the goal's cell is the last of its kind.
        let newest_goal = self
            .cells
            .iter()
            .rposition(|c| matches!(c.kind(), CellKind::Item(ItemCell::Goal { .. })));
        match newest_goal {
            Some(index) if same(self.cells[index].kind()) => {
                self.revision += 1;
                *self.cells[index].kind_mut() = CellKind::Item(kind);
            }
            // Cleared twice (every resume clears): one line is enough.
            Some(index)
                if goal.is_none()
                    && matches!(
                        self.cells[index].kind(),
                        CellKind::Item(ItemCell::Goal {
                            objective: None,
                            ..
                        })
                    ) => {}
            None if goal.is_none() => {}
            _ => {
                self.push(CellKind::Item(kind));
            }
        }
    }

    /// The runtime read an image file that cells show: its size goes on each of them.
    pub fn set_image_info(&mut self, path: &str, info: ImageInfo) {
        for cell in &mut self.cells {
            let shows =
                matches!(cell.kind(), CellKind::Item(item) if item.image_path() == Some(path));
            if shows {
                if let CellKind::Item(
                    ItemCell::ImageView { info: slot, .. }
                    | ItemCell::ImageGeneration { info: slot, .. },
                ) = cell.kind_mut()
                {
                    *slot = Some(info);
                }
                self.revision += 1;
            }
        }
    }

    pub fn append_agent_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        if self.review_turns.contains(turn_id) {
            return;
        }
        let index = self.streaming_cell(turn_id, item_id, || CellKind::Agent {
            markdown: MarkdownText::default(),
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

    pub fn append_reasoning_delta(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        let index = self.streaming_cell(turn_id, item_id, || CellKind::Reasoning {
            text: String::new(),
        });
        self.revision += 1;
        self.cells[index].append_text(delta);
        self.grew(delta.len());
    }

    /// A command's output. A command whose `item/started` never came (it began before tern
    /// joined the thread) gets a cell from its first output; its `item/completed` names it.
    pub fn append_command_output(&mut self, turn_id: &str, item_id: &str, delta: &str) {
        let index = self.streaming_cell(turn_id, item_id, || {
            CellKind::Command(CommandCell {
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
            })
        });
        if let Some(cell) = self.cell_for_item(turn_id, item_id) {
            if let CellKind::Command(command) = cell.kind_mut() {
                command.output.push_str(delta);
            }
        }
        self.cap_output(index);
        self.grew(delta.len());
    }

    pub fn update_plan(&mut self, plan: &PlanUpdatedNotification) {
        let kind = CellKind::Plan {
            explanation: plan.explanation.clone(),
            steps: plan.plan.clone(),
        };
        match self.cell_for_item(&plan.turn_id, PLAN_KEY) {
            Some(cell) => *cell.kind_mut() = kind,
            None => {
                let index = self.push(kind);
                self.bind(&plan.turn_id, PLAN_KEY, index);
            }
        }
    }

    /// Marks everything of a turn that was still streaming or running as finished; running
    /// commands stay running when `commands_go_on` (they finish after the turn).
    pub fn settle_turn(&mut self, turn_id: &str, commands_go_on: bool) {
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
    pub fn cut_off_streaming_answers(&mut self, turn_id: &str, note: &str) {
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

    /// Puts older turns (oldest first) above everything shown. Returns how many cells were
    /// added, so a view anchored to a cell can move with it.
    /// Turns it already shows (a thread followed live before its history was paged in) are
    /// left out.
    pub fn prepend_turns(&mut self, turns: &[Turn]) -> usize {
        let mut older = Transcript {
            session_cwd: self.session_cwd.clone(),
            ..Transcript::default()
        };
        let unseen: Vec<Turn> = turns
            .iter()
            .filter(|turn| !self.by_item.contains_key(&turn.id))
            .cloned()
            .collect();
        older.load_turns(&unseen);
        let added = older.cells.len();
        if added == 0 {
            return 0;
        }
        for index in self
            .by_item
            .values_mut()
            .flat_map(|items| items.values_mut())
            .chain(self.unbound_users.iter_mut())
        {
            *index += added;
        }
        // The cells keeping their lines moved down too: the oldest laid out go first still.
        for (index, _) in self.laid_order.get_mut() {
            *index += added;
        }
        // Into the cells' own buffer, which grows by doubling: moving every cell into a new
        // buffer per page page-faulted one the size of the whole thread each time (a third of
        // tern's CPU paging a 5,000-turn thread back to turn 1).
        self.cells.splice(0..0, older.cells);
        older.unbound_users.append(&mut self.unbound_users);
        self.unbound_users = older.unbound_users;
        let capped = std::mem::take(&mut self.capped_outputs);
        self.capped_outputs = older.capped_outputs;
        self.capped_outputs
            .extend(capped.into_iter().map(|(i, c)| (i + added, c)));
        for (turn, items) in older.by_item {
            self.by_item.entry(turn).or_default().extend(items);
        }
        self.revision += 1;
        added
    }

    /// Rebuilds the cells of a resumed thread from its stored turns, with the decisions and
    /// the ends the server recorded (see `replay`).
    pub fn load_turns(&mut self, turns: &[Turn]) {
        for turn in turns {
            super::replay::load_turn(self, turn);
        }
    }
}

/// The item key a turn's checklist (`turn/plan/updated`, which has no item) is bound under.
const PLAN_KEY: &str = "\u{0}plan";

fn held_key(turn_id: &str, item_id: &str) -> String {
    format!("{turn_id}\u{0}{item_id}")
}

/// A user message as shown: its text, then a line naming each image it carries (the same for
/// the cell tern shows when sending and the server's echo, so the two are matched).
pub fn user_text(content: &[UserInput]) -> String {
    let mut parts: Vec<String> = content
        .iter()
        .filter_map(|c| match c {
            UserInput::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    let images: Vec<String> = content
        .iter()
        .filter_map(|c| match c {
            UserInput::LocalImage { path } => Some(file_name(path)),
            UserInput::Image { .. } => Some("inline image".to_string()),
            _ => None,
        })
        .enumerate()
        .map(|(i, name)| format!("[image {}: {name}]", i + 1))
        .collect();
    if !images.is_empty() {
        parts.push(images.join(" "));
    }
    parts.join("\n")
}

/// The last part of a path (the whole path when it has none).
pub fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string())
}

/// Applies a later snapshot of an item to the cell shown so far. Command output streamed by
/// deltas is kept when the completed item carries none.
fn merge(cell: &mut CellKind, new: CellKind, completed: bool) {
    match (cell, new) {
        (CellKind::Command(old), CellKind::Command(mut new)) => {
            if new.output.is_empty() {
                new.output = std::mem::take(&mut old.output);
            }
            new.decision = new.decision.or(old.decision.take());
            *old = new;
        }
        // The decision recorded on the cell outlives the item's updates.
        (
            CellKind::FileChange {
                changes,
                status,
                cwd,
                ..
            },
            CellKind::FileChange {
                changes: new_changes,
                status: new_status,
                cwd: new_cwd,
                ..
            },
        ) => {
            *changes = new_changes;
            *status = new_status;
            *cwd = new_cwd;
        }
        (CellKind::Reasoning { text }, CellKind::Reasoning { text: new }) => {
            if completed && !new.is_empty() {
                *text = new;
            }
        }
        // The completed plan is authoritative; a snapshot shorter than the deltas is not.
        (
            CellKind::ProposedPlan {
                markdown,
                streaming,
            },
            CellKind::ProposedPlan {
                markdown: new,
                streaming: new_streaming,
            },
        ) => {
            if completed || new.len() > markdown.len() {
                *markdown = new;
            }
            *streaming = new_streaming;
        }
        (cell, new) => *cell = new,
    }
}
