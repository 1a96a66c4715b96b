//! The ordered cells of one thread, with items found by (turn id, item id): the server reuses item
//! ids such as `msg_0` in every turn, so an item id alone is not unique.

use super::cell::{Cell, CellKind, CommandCell};
use super::item_cell::{ImageInfo, ItemCell};
use super::output_cap::Capped;

mod plans_and_rewind;
use super::question::Record;
use super::turn_diffs::TurnDiffs;
use crate::protocol::{PlanUpdatedNotification, Turn, UserInput};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};

/// What a command cell says in place of the command until its item names it.
pub(crate) const UNNAMED_COMMAND: &str = "…";

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
mod items;
mod notices;
mod progress;
mod replay;
mod streaming;
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

    pub(crate) fn set_session_cwd(&mut self, cwd: Option<String>) {
        self.session_cwd = cwd;
    }

    pub(crate) fn session_cwd(&self) -> Option<&str> {
        self.session_cwd.as_deref()
    }

    pub fn turn_diffs(&self) -> &TurnDiffs {
        &self.turn_diffs
    }

    /// Keeps a turn's latest diff snapshot. Returns whether it differs from the one before.
    pub(crate) fn set_turn_diff(&mut self, turn_id: &str, diff: &str) -> bool {
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
    pub(crate) fn newest_mut(&mut self, matches: impl Fn(&CellKind) -> bool) -> Option<&mut Cell> {
        let index = self.cells.iter().rposition(|cell| matches(cell.kind()))?;
        self.revision += 1;
        self.cells.get_mut(index)
    }

    /// Whether the item has a cell (late events for it still belong there).
    pub(crate) fn has_item(&self, turn_id: &str, item_id: &str) -> bool {
        self.index_of(turn_id, item_id).is_some()
    }

    /// The cell of an item, to read (`/ps` shows a background command's output from it). With
    /// no turn id (the server's terminal list names only the item), any turn's item of that id.
    pub(crate) fn item_cell(&self, turn_id: Option<&str>, item_id: &str) -> Option<&Cell> {
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
    pub(crate) fn turn_of(&self, index: usize) -> Option<&str> {
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
    pub(crate) fn record_decision(&mut self, turn_id: &str, item_id: &str, record: Record) -> bool {
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

    /// The turn and item a cell shows, when it shows one.
    pub(crate) fn item_at(&self, index: usize) -> Option<(String, String)> {
        self.by_item.iter().find_map(|(turn, items)| {
            items
                .iter()
                .find(|(_, &i)| i == index)
                .map(|(item, _)| (turn.clone(), item.clone()))
        })
    }

    /// Notes on a command's cell that its output went to the agent as tool output, and how.
    pub(crate) fn record_evidence(&mut self, turn_id: &str, item_id: &str, how: String) -> bool {
        match self.cell_for_item(turn_id, item_id).map(Cell::kind_mut) {
            Some(CellKind::Command(cmd)) => {
                cmd.evidence = Some(how);
                true
            }
            _ => false,
        }
    }

    pub(crate) fn cell_for_item(&mut self, turn_id: &str, item_id: &str) -> Option<&mut Cell> {
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

    pub(crate) fn upsert_hook(&mut self, turn_id: Option<&str>, run: &crate::protocol::HookRun) {
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

    /// An auto-review started or ended: its cell, updated in place by review id.
    pub(crate) fn upsert_review(&mut self, n: &crate::protocol::AutoReviewNotification) {
        let turn = n.turn_id.as_deref().unwrap_or("\u{0}thread");
        let key = format!("\u{0}review:{}", n.review_id.as_deref().unwrap_or(""));
        let kind = CellKind::Item(super::auto_review::cell(n));
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
    pub(crate) fn update_goal(&mut self, goal: Option<&crate::protocol::ThreadGoal>) {
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
    pub(crate) fn set_image_info(&mut self, path: &str, info: ImageInfo) {
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

    pub(crate) fn update_plan(&mut self, plan: &PlanUpdatedNotification) {
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

    /// Puts older turns (oldest first) above everything shown. Returns how many cells were
    /// added, so a view anchored to a cell can move with it.
    /// Turns it already shows (a thread followed live before its history was paged in) are
    /// left out.
    pub(crate) fn prepend_turns(&mut self, turns: &[Turn]) -> usize {
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
            replay::load_turn(self, turn);
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
pub(crate) fn user_text(content: &[UserInput]) -> String {
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
pub(crate) fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string())
}
