//! The board (`/threads`): every thread loaded on the server, each with its state (running,
//! waiting for you, idle, failed), what it is doing, its tokens and the agents under it. The
//! list comes from `thread/loaded/list` (paged, bounded), the states from the server's
//! `thread/status/changed` news, what tern knows of the threads it follows (their kept models,
//! bounded by `threads::KEPT_THREADS`) and the questions waiting in the inbox. Nothing here
//! loads a thread: an idle thread costs a line.

use crate::protocol::{ThreadLoadedListParams, ThreadLoadedListResponse, ThreadStatus};
use crate::render::question_summary::summary;
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::{Session, TurnPhase};

/// How many thread ids a page asks for.
const PAGE: u32 = 100;

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
        }
    }
}

/// One thread on the board. Texts are the server's and the model's: the drawing sanitises.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardRow {
    pub(crate) thread_id: String,
    pub(crate) label: String,
    pub(crate) state: ThreadState,
    /// What it is doing now, when tern knows.
    pub(crate) activity: String,
    /// Tokens used in the thread so far, when tern followed it.
    pub(crate) tokens: Option<i64>,
    /// Sub-agents under it that tern knows of.
    pub(crate) agents: usize,
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
                    vec![]
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

/// The board's rows: the loaded threads, then the threads tern follows or has questions from
/// that the listing did not name (the shown one first among them).
pub(crate) fn rows(state: &Session) -> Vec<BoardRow> {
    let mut ids: Vec<String> = state.board.loaded.clone();
    let mut add = |id: &str| {
        if !id.is_empty() && !ids.iter().any(|known| known == id) {
            ids.push(id.to_string());
        }
    };
    if let Some(shown) = state.thread_id() {
        add(shown);
    }
    for id in state.threads.ids() {
        add(id);
    }
    for queued in state.questions.waiting() {
        add(queued.question.thread_id());
    }
    ids.iter().map(|id| row(state, id)).collect()
}

fn row(state: &Session, id: &str) -> BoardRow {
    let model = state.model(id);
    let question = state
        .questions
        .waiting()
        .into_iter()
        .find(|q| q.question.thread_id() == id);
    let status = state.board.status(id);
    let server_waits = matches!(status, Some(ThreadStatus::Active { active_flags })
        if active_flags.waiting_on_person());
    let running = model.is_some_and(|m| m.turn_active());
    let state_now = if question.is_some() || server_waits {
        ThreadState::WaitingForYou
    } else {
        match status {
            Some(ThreadStatus::SystemError) => ThreadState::Failed,
            Some(ThreadStatus::Active { .. }) => ThreadState::Running,
            Some(ThreadStatus::NotLoaded) if !running => ThreadState::NotLoaded,
            _ if running => ThreadState::Running,
            None if model.is_none() => ThreadState::Unknown,
            _ => ThreadState::Idle,
        }
    };
    let activity = match (question, model.map(|m| &m.turn)) {
        (Some(q), _) => format!("asks to {}", summary(&q.question)),
        (None, Some(TurnPhase::Starting { .. })) => "starting a turn".to_string(),
        (None, Some(TurnPhase::Running { .. })) => "working".to_string(),
        (None, Some(TurnPhase::Interrupting { .. })) => "being interrupted".to_string(),
        _ => String::new(),
    };
    let agents = if state.agents.root() == Some(id) {
        state.agents.len()
    } else {
        0
    };
    BoardRow {
        thread_id: id.to_string(),
        label: super::inbox::thread_label(state, id),
        state: state_now,
        activity,
        tokens: model
            .and_then(|m| m.usage.as_ref())
            .map(|u| u.total.total_tokens),
        agents,
        shown: state.thread_id() == Some(id),
    }
}
