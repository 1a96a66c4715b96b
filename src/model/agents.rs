//! The sub-agents of the main thread: who they are (nickname and role from `thread/read`,
//! the task from the spawn), where they stand (from the parent's collab items and from the
//! child's own events) and what they last said. Bounded: at most [`MAX_AGENTS`] are kept (the
//! oldest finished ones go first), and every text kept is cut to a few hundred bytes, so a
//! child streaming forever or a server inventing agents costs a fixed amount.
//!
//! A child thread never announces itself (no `thread/started`): it becomes known here only when
//! the parent links it, by a collab item naming it (`receiverThreadIds`, `agentThreadId`) or by
//! a child turn whose `rootTurnId` is one of the parent's turns. Events of any other thread are
//! not kept.

use crate::protocol::CollabAgentStatus;
use std::collections::HashMap;
use std::time::Instant;

/// The most agents kept.
pub const MAX_AGENTS: usize = 256;
/// The most bytes kept of a task, a result or a live line.
pub const TEXT_MAX: usize = 600;
/// The cells each agent keeps up to date (its newest ones).
const CELLS_PER_AGENT: usize = 8;

/// Where an agent stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentState {
    /// Spawned, its first turn not started yet.
    PendingInit,
    Running,
    Completed,
    Errored,
    Interrupted,
    /// Closed by its parent (or unloaded).
    Shutdown,
    NotFound,
}

impl AgentState {
    pub(crate) fn from_collab(status: CollabAgentStatus) -> Option<Self> {
        Some(match status {
            CollabAgentStatus::PendingInit => AgentState::PendingInit,
            CollabAgentStatus::Running => AgentState::Running,
            CollabAgentStatus::Interrupted => AgentState::Interrupted,
            CollabAgentStatus::Completed => AgentState::Completed,
            CollabAgentStatus::Errored => AgentState::Errored,
            CollabAgentStatus::Shutdown => AgentState::Shutdown,
            CollabAgentStatus::NotFound => AgentState::NotFound,
            CollabAgentStatus::Other => return None,
        })
    }

    /// Still working (or about to).
    pub fn is_live(self) -> bool {
        matches!(self, AgentState::PendingInit | AgentState::Running)
    }

    pub fn label(self) -> &'static str {
        match self {
            AgentState::PendingInit => "starting",
            AgentState::Running => "running",
            AgentState::Completed => "completed",
            AgentState::Errored => "errored",
            AgentState::Interrupted => "interrupted",
            AgentState::Shutdown => "shut down",
            AgentState::NotFound => "not found",
        }
    }
}

/// Whether the agent's name was asked for (`thread/read`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    NotAsked,
    Asked,
    Known,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Agent {
    pub thread_id: String,
    pub nickname: Option<String>,
    pub role: Option<String>,
    /// A v2 agent's task name (`/root/<task_name>`).
    pub path: Option<String>,
    /// What it was asked to do (the spawn's prompt; a v2 agent's is never sent to clients).
    pub task: Option<String>,
    pub model: Option<String>,
    pub effort: Option<String>,
    pub state: AgentState,
    /// Its last answer, or what a `wait` reported.
    pub result: Option<String>,
    /// The end of the answer it is writing now (bounded; see [`push_live`]).
    pub live_tail: String,
    pub since: Instant,
    /// When it last stopped working (for elapsed times that stop).
    pub ended: Option<Instant>,
    pub tokens: Option<i64>,
    /// Whether a turn may be sent to it directly (`thread/read`).
    pub direct_input: Option<bool>,
    pub naming: Naming,
    /// Known only from the parent's history (a resumed thread): its state is its thread's.
    pub historical: bool,
    /// The cells that show it, newest last (in its parent's transcript, or an ancestor's).
    pub(crate) cells: Vec<CellAt>,
}

impl Agent {
    fn new(thread_id: &str, now: Instant) -> Self {
        Agent {
            thread_id: thread_id.to_string(),
            nickname: None,
            role: None,
            path: None,
            task: None,
            model: None,
            effort: None,
            state: AgentState::PendingInit,
            result: None,
            live_tail: String::new(),
            since: now,
            ended: None,
            tokens: None,
            direct_input: None,
            naming: Naming::NotAsked,
            historical: false,
            cells: Vec::new(),
        }
    }

    /// What the agent is called on screen (unsanitised): its nickname, else its v2 task name,
    /// else the start of its thread id.
    pub fn name(&self) -> String {
        if let Some(nick) = self.nickname.as_deref().filter(|n| !n.trim().is_empty()) {
            return nick.to_string();
        }
        if let Some(path) = self.path.as_deref().filter(|p| !p.is_empty()) {
            return path.rsplit('/').next().unwrap_or(path).to_string();
        }
        short_id(&self.thread_id)
    }

    /// The first line of its task.
    pub(crate) fn task_line(&self) -> Option<&str> {
        first_line(self.task.as_deref()?)
    }

    /// The line to show for what it has to say: its live line while it works, else the first
    /// line of its result.
    pub fn last_line(&self) -> Option<&str> {
        if self.state.is_live() {
            if let Some(line) = last_line(&self.live_tail) {
                return Some(line);
            }
        }
        self.result.as_deref().and_then(first_line)
    }

    /// How long it has been (or was) at work.
    pub(crate) fn elapsed(&self, now: Instant) -> std::time::Duration {
        self.ended
            .unwrap_or(now)
            .saturating_duration_since(self.since)
    }

    pub(crate) fn set_state(&mut self, state: AgentState, now: Instant) {
        if state == self.state {
            return;
        }
        if state.is_live() && !self.state.is_live() {
            self.since = now;
            self.ended = None;
        } else if !state.is_live() && self.ended.is_none() {
            self.ended = Some(now);
        }
        self.state = state;
    }

    /// Notes a cell that shows this agent.
    pub(crate) fn shown_in(&mut self, at: CellAt) {
        if self.cells.contains(&at) {
            return;
        }
        if self.cells.len() == CELLS_PER_AGENT {
            self.cells.remove(0);
        }
        self.cells.push(at);
    }
}

/// What [`Agents::live_mut`] lets change of an agent.
pub(crate) struct LiveMut<'a> {
    pub live_tail: &'a mut String,
    pub tokens: &'a mut Option<i64>,
}

/// Where a cell is: the thread whose transcript holds it, its turn and its item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CellAt {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
}

/// The agents of the main thread (the one the person opened, shown or not while they look at
/// one of its agents), in the order they appeared — its agents' own agents too.
#[derive(Debug, Default)]
pub struct Agents {
    /// The main thread: the thread the person opened, whose agents these are.
    root: Option<String>,
    list: Vec<Agent>,
    index: HashMap<String, usize>,
    /// Counts every hand-out of an agent to change (and every agent added or let go), so the
    /// app can tell in O(1) that the strip may have changed; [`Agents::live_mut`] is the one
    /// way to change an agent that does not count (its live line and tokens, which only the
    /// `/agents` list shows).
    revision: u64,
}

impl Agents {
    /// The main thread, once one is open.
    pub(crate) fn root(&self) -> Option<&str> {
        self.root.as_deref()
    }

    /// Whether `thread_id` is the main thread or one of its agents.
    pub(crate) fn in_family(&self, thread_id: &str) -> bool {
        self.root.as_deref() == Some(thread_id) || self.contains(thread_id)
    }

    /// A thread that is not one of this family's was opened: its agents, none yet, replace
    /// these.
    pub(crate) fn rooted_at(&mut self, thread_id: &str) {
        self.clear();
        self.root = Some(thread_id.to_string());
    }

    /// The threads one can move between, in order: the main thread, then its agents as they
    /// appeared.
    pub(crate) fn order(&self) -> Vec<&str> {
        self.root
            .as_deref()
            .into_iter()
            .chain(self.list.iter().map(|a| a.thread_id.as_str()))
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Agent> {
        self.list.iter()
    }

    pub fn get(&self, thread_id: &str) -> Option<&Agent> {
        self.index.get(thread_id).map(|&i| &self.list[i])
    }

    pub(crate) fn get_mut(&mut self, thread_id: &str) -> Option<&mut Agent> {
        self.revision += 1;
        self.index.get(thread_id).map(|&i| &mut self.list[i])
    }

    /// The agent, to change only what the strip and the cells do not show: its live line and
    /// its tokens (not counted in [`Agents::revision`]).
    pub(crate) fn live_mut(&mut self, thread_id: &str) -> Option<LiveMut<'_>> {
        let agent = self.index.get(thread_id).map(|&i| &mut self.list[i])?;
        Some(LiveMut {
            live_tail: &mut agent.live_tail,
            tokens: &mut agent.tokens,
        })
    }

    /// Changes at least as often as anything the strip or an agent's cell shows of the agents.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn contains(&self, thread_id: &str) -> bool {
        self.index.contains_key(thread_id)
    }

    /// How many are still at work.
    pub fn live(&self) -> usize {
        self.list.iter().filter(|a| a.state.is_live()).count()
    }

    /// The agent with this thread id, added if new. Past the bound the oldest finished agent
    /// (else the oldest) makes room.
    pub(crate) fn link(&mut self, thread_id: &str, now: Instant) -> &mut Agent {
        self.revision += 1;
        if let Some(&i) = self.index.get(thread_id) {
            return &mut self.list[i];
        }
        if self.list.len() >= MAX_AGENTS {
            let gone = self
                .list
                .iter()
                .position(|a| !a.state.is_live())
                .unwrap_or(0);
            self.list.remove(gone);
            self.reindex();
        }
        self.list.push(Agent::new(thread_id, now));
        self.index
            .insert(thread_id.to_string(), self.list.len() - 1);
        self.list.last_mut().expect("just pushed")
    }

    fn reindex(&mut self) {
        self.index = self
            .list
            .iter()
            .enumerate()
            .map(|(i, a)| (a.thread_id.clone(), i))
            .collect();
    }

    /// Forgets every agent (another thread is shown).
    pub(crate) fn clear(&mut self) {
        self.revision += 1;
        self.list.clear();
        self.index.clear();
    }
}

/// `text` cut to [`TEXT_MAX`] bytes at a char boundary.
pub(crate) fn bounded(text: &str) -> String {
    if text.len() <= TEXT_MAX {
        return text.to_string();
    }
    let mut end = TEXT_MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The first line of `text` that is not blank, trimmed.
pub(crate) fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| !l.is_empty())
}

/// A command's first line as shown in a list, a title or a notice: what runs, with control
/// characters as visible marks (a `\r` must not hide the start of the command behind its end).
pub(crate) fn command_first_line(command: &str) -> String {
    crate::text::sanitize::visible_line(first_line(command).unwrap_or(""))
}

/// A thread id shortened for a label: its last 8 characters (ids are UUIDv7, whose start is a
/// timestamp that agents spawned together share).
pub(crate) fn short_id(id: &str) -> String {
    let count = id.chars().count();
    if count <= 9 {
        return id.to_string();
    }
    let tail: String = id.chars().skip(count - 8).collect();
    format!("…{tail}")
}

/// Keeps the end of a streamed answer within the bound: `tail` gets `delta`, and past twice the
/// bound only its last [`TEXT_MAX`] bytes stay (so each byte is moved a bounded number of times).
pub(crate) fn push_live(tail: &mut String, delta: &str) {
    tail.push_str(delta);
    if tail.len() > 2 * TEXT_MAX {
        let mut start = tail.len() - TEXT_MAX;
        while !tail.is_char_boundary(start) {
            start += 1;
        }
        tail.drain(..start);
    }
}

/// The last line of `text` that is not blank, trimmed.
pub fn last_line(text: &str) -> Option<&str> {
    text.lines().rev().map(str::trim).find(|l| !l.is_empty())
}
