//! Which thread the session shows: starting a new one (`/new`), opening another (the picker,
//! `tern resume --last`), forking, and paging a resumed thread's older turns in from
//! `thread/turns/list`, newest first, as the person scrolls up.

use super::actions::fail;
use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, ListPurpose};
use crate::app::reply::Answer;
use crate::app::request::ClientRequest;
use crate::app::state::older_turns::OlderTurns;
use crate::app::state::{ConnState, Session, ThreadInfo, TurnPhase};
use crate::model::{NoticeLevel, Transcript};
use crate::protocol::{
    ThreadListParams, ThreadListResponse, ThreadResumeParams, ThreadSettings, ThreadStartResponse,
    ThreadTurnsListParams, ThreadTurnsListResponse, TurnStatus, SORT_UPDATED_AT,
};
use ratatui::layout::Rect;
use std::time::Instant;

/// Turns asked for per page of older turns.
pub const TURNS_PAGE: u32 = 10;
/// Older turns are asked for when the top of the view is this close to the first cell.
const LOAD_WITHIN_CELLS: usize = 8;

/// The directory the session works in.
pub fn current_cwd(state: &Session) -> String {
    state
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .or_else(|| state.config.settings.cwd.clone())
        .unwrap_or_default()
}

/// The settings for resuming or forking a thread: the person's flags, but the thread keeps its
/// own directory.
pub fn settings_for_existing(state: &Session) -> ThreadSettings {
    ThreadSettings {
        cwd: None,
        ..state.config.settings.clone()
    }
}

/// The resume request for `thread_id`.
pub fn resume_request(state: &Session, thread_id: String) -> ClientRequest {
    ClientRequest::ResumeThread(ThreadResumeParams {
        thread_id,
        settings: settings_for_existing(state),
        exclude_turns: true,
    })
}

/// `tern resume --last`: the newest thread of this directory.
pub fn find_last(state: &Session) -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::ListThreads {
        params: ThreadListParams {
            limit: Some(1),
            sort_key: Some(SORT_UPDATED_AT.into()),
            cwd: Some(current_cwd(state)),
            ..ThreadListParams::default()
        },
        purpose: ListPurpose::Last,
    })]
}

/// Forgets what was shown of the previous thread.
fn reset_session(state: &mut Session) {
    state.transcript = Transcript::default();
    state.scroll = Default::default();
    state.turn = TurnPhase::Idle;
    state.finished_turns.clear();
    state.usage = None;
    state.turn_tokens = None;
    state.older_turns = None;
    state.thread = None;
}

/// Refuses to leave a thread while its turn runs (its events would be lost to view).
fn busy(state: &mut Session, what: &str) -> bool {
    if state.turn_active() {
        state.transcript.notice(
            NoticeLevel::Warning,
            format!("A turn is running: interrupt it (Esc) or wait, then {what}."),
        );
        return true;
    }
    false
}

/// `/new`: a fresh thread; the old one stays resumable.
pub fn new_thread(state: &mut Session) -> Vec<Effect> {
    if busy(state, "start a new thread") {
        return vec![];
    }
    let previous = state.thread_id().map(str::to_string);
    reset_session(state);
    // Prompts typed meanwhile wait for the new thread.
    state.conn = ConnState::Connecting;
    if let Some(id) = previous {
        let hint = crate::render::resume_hint::resume_command(&id)
            .unwrap_or_else(|why| format!("tern resume (its id is not shown: {why})"));
        state.transcript.notice(
            NoticeLevel::Info,
            format!("New thread. The previous one stays: {hint}"),
        );
    }
    start_new(state)
}

/// Asks for a new thread (the session shows nothing until it is ready).
pub fn start_new(state: &Session) -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::StartThread(
        state.config.settings.clone(),
    ))]
}

/// `thread/resume` or `thread/fork` answered (outside a restart): show the thread, or say why
/// not where the request was made.
pub fn open_answered(
    state: &mut Session,
    answer: Answer<ThreadStartResponse>,
    forked: bool,
    now: Instant,
) -> Vec<Effect> {
    match answer {
        Ok(response) => opened(state, response, forked, now),
        Err(e) => refused(state, e.to_string()),
    }
}

/// A page of `thread/list`, for the picker or for `tern resume --last`.
pub fn on_list(
    state: &mut Session,
    purpose: &ListPurpose,
    result: Result<ThreadListResponse, String>,
) -> Vec<Effect> {
    match purpose {
        ListPurpose::Page { generation, fast } => {
            state.layer_events.push(LayerEvent::ThreadPage {
                generation: *generation,
                fast: *fast,
                result,
            });
            vec![]
        }
        ListPurpose::Search { generation } => {
            state.layer_events.push(LayerEvent::ThreadMatches {
                generation: *generation,
                result,
            });
            vec![]
        }
        ListPurpose::Last => match result.map(|r| r.data.into_iter().next()) {
            Ok(Some(thread)) => vec![Effect::Request(resume_request(state, thread.id))],
            Ok(None) => {
                state.transcript.notice(
                    NoticeLevel::Info,
                    "No earlier thread in this directory: started a new one.",
                );
                start_new(state)
            }
            Err(e) => {
                state.transcript.notice(
                    NoticeLevel::Warning,
                    format!("Could not list earlier threads ({e}): started a new one."),
                );
                start_new(state)
            }
        },
    }
}

/// The server would not open a thread: the picker that asked says so, if one is open.
fn refused(state: &mut Session, error: String) -> Vec<Effect> {
    state.layer_events.push(LayerEvent::OpenRefused { error });
    vec![]
}

/// A refusal no picker took: `tern resume ID` at startup, or a fork from the conversation.
pub fn refused_here(state: &mut Session, error: &str) -> Vec<Effect> {
    if state.thread.is_some() {
        state.transcript.notice(
            NoticeLevel::Error,
            format!("Could not open that thread: {error}"),
        );
        return vec![];
    }
    fail(
        state,
        format!(
            "codex could not resume that thread: {error}. Check the id, or start a new session."
        ),
    )
}

/// A resumed or forked thread is loaded: show it, and page its older turns in.
fn opened(
    state: &mut Session,
    response: ThreadStartResponse,
    forked: bool,
    now: Instant,
) -> Vec<Effect> {
    state.layer_events.push(LayerEvent::ThreadOpened);
    reset_session(state);
    let cwd = if response.cwd.is_empty() {
        response.thread.cwd.clone().unwrap_or_default()
    } else {
        response.cwd.clone()
    };
    state.transcript.set_session_cwd(Some(cwd.clone()));
    super::turn_settings::reported(state, &response);
    // A server that ignored `excludeTurns` sent them all: show them, there is nothing to page.
    let inline = !response.thread.turns.is_empty();
    state.transcript.load_turns(&response.thread.turns);
    let title = crate::model::thread_list::ThreadRow::from_thread(&response.thread);
    state.transcript.notice(
        NoticeLevel::Info,
        format!(
            "{} thread {} · {}",
            if forked { "Forked into" } else { "Resumed" },
            title.id,
            title.title()
        ),
    );
    state.older_turns = (!inline).then(|| OlderTurns {
        thread_id: response.thread.id.clone(),
        cursor: response.turns_backwards_cursor.clone(),
        more: true,
        loading: false,
        first: true,
    });
    state.thread = Some(ThreadInfo {
        id: response.thread.id,
        model: response.model,
        cwd,
    });
    state.conn = ConnState::Ready;
    let mut effects = ask_older(state);
    effects.extend(super::outbox::send_next(state, now));
    effects
}

/// Asks for the next page of older turns when the view of the transcript shown in
/// `transcript` is near the top of what is loaded (or the screen is not full yet).
pub fn load_older(state: &mut Session, transcript: Rect) -> Vec<Effect> {
    let Some(older) = &state.older_turns else {
        return vec![];
    };
    if !older.first {
        let top = state.scroll.top(&state.view_in(transcript));
        if top.cell >= LOAD_WITHIN_CELLS {
            return vec![];
        }
    }
    ask_older(state)
}

/// Asks for the next page of older turns, unless one is on its way or there are no more.
fn ask_older(state: &mut Session) -> Vec<Effect> {
    let Some(older) = &mut state.older_turns else {
        return vec![];
    };
    if older.loading || !older.more {
        return vec![];
    }
    older.loading = true;
    vec![Effect::Request(ClientRequest::ListTurns(
        ThreadTurnsListParams {
            thread_id: older.thread_id.clone(),
            cursor: older.cursor.clone(),
            limit: Some(TURNS_PAGE),
            sort_direction: Some("desc".into()),
            items_view: Some("full".into()),
        },
    ))]
}

/// A page of older turns of the shown thread.
pub fn on_turns(
    state: &mut Session,
    thread_id: &str,
    result: Result<ThreadTurnsListResponse, String>,
    now: Instant,
) -> Vec<Effect> {
    let Some(older) = &mut state.older_turns else {
        return vec![];
    };
    if older.thread_id != thread_id {
        return vec![];
    }
    older.loading = false;
    let first = std::mem::replace(&mut older.first, false);
    let response = match result {
        Ok(response) => response,
        Err(e) => {
            older.more = false;
            state.transcript.notice(
                NoticeLevel::Error,
                format!("Could not load the earlier turns: {e}"),
            );
            return vec![];
        }
    };
    older.more = response.next_cursor.is_some() && !response.data.is_empty();
    older.cursor = response.next_cursor;
    // A thread still running elsewhere: its turn goes on in place, live.
    if first {
        if let Some(newest) = response.data.first() {
            if newest.status == TurnStatus::InProgress {
                state.turn = TurnPhase::Running {
                    id: newest.id.clone(),
                    since: now,
                };
            }
        }
    }
    let mut turns = response.data;
    turns.reverse();
    let before = state.transcript.revision();
    let added = state.transcript.prepend_turns(&turns);
    let after = state.transcript.revision();
    state.scroll.cells_prepended(added, before, after);
    state.layer_events.push(LayerEvent::CellsPrepended(added));
    // The screen may still not be full: `update` asks for the next page after every event
    // until it is (or the older turns run out).
    vec![]
}

/// `/rename` answered with no picker open: the thread on screen was renamed, or not.
pub fn renamed_here(state: &mut Session, name: &str, result: &Result<(), String>) {
    let (level, text) = match result {
        Ok(()) => (NoticeLevel::Info, format!("Renamed this thread to {name}.")),
        Err(e) => (NoticeLevel::Error, format!("Could not rename: {e}")),
    };
    state.transcript.notice(level, text);
}
