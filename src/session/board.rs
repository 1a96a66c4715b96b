//! The board (`/threads`): every thread loaded on the server, each with its state (running,
//! waiting for you, idle, failed), what it is doing, its tokens and the agents under it. The
//! list comes from `thread/loaded/list` (paged, bounded), the states from the server's
//! `thread/status/changed` news, what tern knows of the threads it follows (their kept models,
//! bounded by `threads::KEPT_THREADS`) and the questions waiting in the inbox. A listed thread
//! tern knows nothing of is read once (`thread/read`, a few at a time) for its status and
//! first message; while that read is on its way the row says "reading…", and a read the
//! server refused says so. Nothing here loads a thread: an idle thread costs a line.
//!
//! Rows are known by server and thread id (`thread_key`): the listing, the statuses and the
//! kept models are this connection's; a question waiting from another server's thread of the
//! same id is a row of its own, never merged into this server's.

use crate::protocol::{
    ThreadLoadedListParams, ThreadLoadedListResponse, ThreadReadParams, ThreadReadResponse,
    ThreadStatus,
};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::board::READS_AT_ONCE;
use crate::session::state::thread_key::ThreadKey;
use crate::session::state::{Session, ThreadModel};

/// How many thread ids a page asks for.
const PAGE: u32 = 100;
/// How many of a thread's agents a row names (the rest are counted).
pub(crate) const AGENT_NAMES: usize = 3;

/// Where a thread stands, as the board shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ThreadState {
    /// A question of it waits for this person (in the inbox or on screen), or the server says
    /// it waits on approval or input.
    WaitingForYou,
    Running,
    Idle,
    /// The server put it in `systemError`.
    Failed,
    /// Heard of, but the server says it is not loaded.
    NotLoaded,
    /// Loaded, but its status changed before this tern connected and tern follows it not:
    /// unknown until the server tells.
    Unknown,
    /// Unknown, and its `thread/read` is on its way.
    Reading,
    /// Unknown: its `thread/read` failed (the row says why).
    Unreadable,
}

impl ThreadState {
    pub(crate) fn words(self) -> &'static str {
        match self {
            ThreadState::WaitingForYou => "waiting for you",
            ThreadState::Running => "running",
            ThreadState::Idle => "idle",
            ThreadState::Failed => "failed",
            ThreadState::NotLoaded => "not loaded",
            ThreadState::Unknown => "loaded",
            ThreadState::Reading => "reading…",
            ThreadState::Unreadable => "read failed",
        }
    }
}

/// One thread on the board. Texts are the server's and the model's: the drawing sanitises.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardRow {
    /// Its server and its id there.
    pub(crate) key: ThreadKey,
    /// What the thread is called (the drawing says "(shown)" after it for the one shown).
    pub(crate) label: String,
    pub(crate) state: ThreadState,
    /// What it is doing now, when tern knows.
    pub(crate) activity: String,
    /// Tokens used in the thread so far, when tern followed it.
    pub(crate) tokens: Option<i64>,
    /// Sub-agents under it that tern knows of.
    pub(crate) agents: usize,
    /// The names of the first [`AGENT_NAMES`] of them, in the order they appeared.
    pub(crate) agent_names: Vec<String>,
    pub(crate) shown: bool,
}

/// `/threads`: asks for the first page of loaded threads.
pub(crate) fn list(state: &mut Session) -> Vec<Effect> {
    state.board.start_listing();
    vec![ask_page(None)]
}

fn ask_page(cursor: Option<String>) -> Effect {
    Effect::Request(ClientRequest::ListLoaded(ThreadLoadedListParams {
        cursor,
        limit: Some(PAGE),
    }))
}

/// A page of `thread/loaded/list` came: kept, and the next asked for while there is room.
pub(crate) fn listed(state: &mut Session, answer: Answer<ThreadLoadedListResponse>) -> Vec<Effect> {
    match answer {
        Ok(page) => {
            let room = state.board.add_page(page.data);
            match page.next_cursor.filter(|_| room) {
                Some(cursor) => vec![ask_page(Some(cursor))],
                None => {
                    state.board.listing = false;
                    read_unknown(state)
                }
            }
        }
        Err(error) => {
            state.board.listing = false;
            state.board.error = Some(error.to_string());
            vec![]
        }
    }
}

/// The listing is complete: the listed threads whose status tern does not know (no news
/// from the server, not followed, no question) are read, [`READS_AT_ONCE`] at a time.
fn read_unknown(state: &mut Session) -> Vec<Effect> {
    let unknown: Vec<String> = state
        .board
        .loaded
        .iter()
        .filter(|id| {
            row_state(state, &ThreadKey::new(&state.server_id, id)) == ThreadState::Unknown
        })
        .cloned()
        .collect();
    state.board.to_read = unknown.into();
    next_reads(state)
}

/// As many `thread/read`s as there is room for on the way.
fn next_reads(state: &mut Session) -> Vec<Effect> {
    let mut effects = Vec::new();
    while state.board.reading.len() < READS_AT_ONCE {
        let Some(id) = state.board.to_read.pop_front() else {
            break;
        };
        state.board.reading.push(id.clone());
        effects.push(Effect::Request(ClientRequest::ReadBoardThread(
            ThreadReadParams {
                thread_id: id,
                include_turns: false,
            },
        )));
    }
    effects
}

/// A `thread/read` of a listed thread answered: its status (unless news came first), its
/// first message, where it works and its name are kept; the next read goes. A refusal is
/// kept, for its row to say.
pub(crate) fn read_answered(
    state: &mut Session,
    thread_id: &str,
    answer: Answer<Box<ThreadReadResponse>>,
) -> Vec<Effect> {
    state.board.reading.retain(|id| id != thread_id);
    match answer {
        Ok(read) => {
            let thread = read.thread;
            state.board.read(thread_id, thread.status, &thread.preview);
            state.board.read_place(thread_id, thread.cwd, thread.model);
            let named = thread.name.filter(|name| !name.trim().is_empty());
            if named.is_some() && state.titles.name_of(thread_id).is_none() {
                super::titles::named(state, thread_id, named);
            }
        }
        Err(error) => state.board.read_failed(thread_id, &error.to_string()),
    }
    next_reads(state)
}

/// The board's rows: the loaded threads, then the threads tern follows or has questions from
/// that the listing did not name (the shown one first among them), each known by its server
/// and id.
pub(crate) fn rows(state: &Session) -> Vec<BoardRow> {
    let here = &state.server_id;
    let mut keys: Vec<ThreadKey> = state
        .board
        .loaded
        .iter()
        .map(|id| ThreadKey::new(here, id))
        .collect();
    let mut add = |key: ThreadKey| {
        if !key.id.is_empty() && !keys.contains(&key) {
            keys.push(key);
        }
    };
    if let Some(shown) = state.thread_id() {
        add(ThreadKey::new(here, shown));
    }
    for id in state.threads.ids() {
        add(ThreadKey::new(here, id));
    }
    for queued in state.questions.waiting() {
        add(queued.key());
    }
    keys.iter().map(|key| row(state, key)).collect()
}

/// Thread `key`'s model, when it is this connection's and tern keeps one.
pub(crate) fn model_of<'s>(state: &'s Session, key: &ThreadKey) -> Option<&'s ThreadModel> {
    (key.server == state.server_id)
        .then(|| state.model(&key.id))
        .flatten()
}

/// What the server last said of thread `key`, when it is this connection's.
fn status_of<'s>(state: &'s Session, key: &ThreadKey) -> Option<&'s ThreadStatus> {
    (key.server == state.server_id)
        .then(|| state.board.status(&key.id))
        .flatten()
}

/// What thread `key` is called: as the inbox names it on this connection; another server's
/// by its id and where it is.
pub(crate) fn label_of(state: &Session, key: &ThreadKey) -> String {
    if key.server == state.server_id {
        super::inbox::thread_name(state, &key.id)
    } else {
        format!("{} on {}", key.id, key.server)
    }
}

/// Whether thread `key` is the one shown.
pub(crate) fn is_shown(state: &Session, key: &ThreadKey) -> bool {
    key.server == state.server_id && state.thread_id() == Some(key.id.as_str())
}

fn row(state: &Session, key: &ThreadKey) -> BoardRow {
    let model = model_of(state, key);
    let here = key.server == state.server_id;
    let (agents, agent_names) = if here {
        agents_under(state, &key.id)
    } else {
        (0, Vec::new())
    };
    BoardRow {
        key: key.clone(),
        label: label_of(state, key),
        state: row_state(state, key),
        activity: super::board_activity::activity(state, key),
        tokens: model
            .and_then(|m| m.usage.as_ref())
            .map(|u| u.total.total_tokens)
            .or_else(|| {
                here.then(|| state.agents.get(&key.id).and_then(|agent| agent.tokens))
                    .flatten()
            }),
        agents,
        agent_names,
        shown: is_shown(state, key),
    }
}

/// The agents under thread `id` (tern knows the agents of the thread the person opened):
/// how many, and the names of the first few.
fn agents_under(state: &Session, id: &str) -> (usize, Vec<String>) {
    if state.agents.root() != Some(id) {
        return (0, Vec::new());
    }
    let names = state
        .agents
        .iter()
        .take(AGENT_NAMES)
        .map(|agent| agent.name())
        .collect();
    (state.agents.len(), names)
}

/// Where thread `key` stands: a question of it waits, else what the server said, else what
/// its model shows, else where its `thread/read` is.
pub(crate) fn row_state(state: &Session, key: &ThreadKey) -> ThreadState {
    let model = model_of(state, key);
    let question = state.questions.waiting().into_iter().any(|q| q.of(key));
    let status = status_of(state, key);
    let server_waits = matches!(status, Some(ThreadStatus::Active { active_flags })
        if active_flags.waiting_on_person());
    let running = model.is_some_and(|m| m.turn_active());
    if question || server_waits {
        ThreadState::WaitingForYou
    } else {
        match status {
            Some(ThreadStatus::SystemError) => ThreadState::Failed,
            Some(ThreadStatus::Active { .. }) => ThreadState::Running,
            Some(ThreadStatus::NotLoaded) if !running => ThreadState::NotLoaded,
            _ if running => ThreadState::Running,
            None if model.is_none() => read_state(state, key),
            _ => ThreadState::Idle,
        }
    }
}

/// A thread tern knows nothing of: whether its `thread/read` is on its way or failed.
fn read_state(state: &Session, key: &ThreadKey) -> ThreadState {
    if key.server != state.server_id {
        ThreadState::Unknown
    } else if state.board.reading.contains(&key.id) {
        ThreadState::Reading
    } else if state.board.read_error(&key.id).is_some() {
        ThreadState::Unreadable
    } else {
        ThreadState::Unknown
    }
}
