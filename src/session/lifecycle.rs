//! The session's one lifecycle (`state::lifecycle::Lifecycle`, whose docs draw it): connecting,
//! opening a thread — new, resumed, forked, the newest of the directory, the picker's, the same
//! one after a restart — and ready. Each transition is a function here that moves the stage and
//! returns the requests it sends; every answer that opens a thread goes through one
//! [`adopt_thread`].

use super::actions::fail;
use super::health;
use super::threads::{ask_older, current_cwd, settings_for_existing};
use crate::model::NoticeLevel;
use crate::protocol::{
    InitializeParams, InitializeResponse, ThreadForkParams, ThreadListParams, ThreadListResponse,
    ThreadResumeParams, ThreadStartResponse, ThreadStatus, SORT_UPDATED_AT,
};
use crate::session::effect::Effect;
use crate::session::event::{LayerEvent, ListPurpose};
use crate::session::reply::{Answer, ReplyError};
use crate::session::request::ClientRequest;
use crate::session::state::health::DownCause;
use crate::session::state::lifecycle::{Lifecycle, Open};
use crate::session::state::older_turns::OlderTurns;
use crate::session::state::{Resume, Session, ThreadInfo};
use std::time::Instant;

/// How a thread came to be on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Adopted {
    /// `thread/start`: a new thread.
    Started,
    /// `thread/resume`: an existing thread, its older turns paged in afterwards.
    Resumed,
    /// `thread/fork`: a copy, opened in the original's place.
    Forked,
    /// `thread/resume` of the thread that was open, on a server started again.
    Restored,
}

/// The first thing a session does: `initialize`, then what it was asked to open.
pub fn start(state: &mut Session) -> Vec<Effect> {
    let then = Open::first(&state.config.resume);
    connect(state, then, false)
}

/// `initialize` (to a new server when `again`), then `then`.
pub(crate) fn connect(state: &mut Session, then: Open, again: bool) -> Vec<Effect> {
    state.server = None;
    state.lifecycle = Lifecycle::Connecting { then, again };
    vec![Effect::Request(ClientRequest::Initialize(
        InitializeParams::tern(),
    ))]
}

/// `initialize` answered: `initialized`, then what the session was connecting for.
pub fn initialized(state: &mut Session, answer: Answer<InitializeResponse>) -> Vec<Effect> {
    let (then, again) = match &state.lifecycle {
        Lifecycle::Connecting { then, again } => (then.clone(), *again),
        other => {
            tracing::warn!(?other, "an `initialize` answer while not connecting");
            return vec![];
        }
    };
    let server = match answer {
        Ok(server) => server,
        // Nothing in it is needed to go on (`codexHome` has a default): said, not fatal.
        Err(e @ ReplyError::Unreadable { .. }) => {
            let text = format!("{e} (going on without it)");
            state.shown.transcript.notice(NoticeLevel::Warning, text);
            InitializeResponse::default()
        }
        Err(e) if again => {
            return given_up(state, format!("the new server refused `initialize`: {e}"))
        }
        Err(e) => return fail(state, format!("codex refused to start: {e}")),
    };
    // Kept for what comes later (`codexHome` locates the exec-policy rules).
    state.server = Some(server);
    if again && !matches!(then, Open::Restore(_)) {
        // No thread was open yet: the new server starts the way the session was asked to.
        back(state);
        state.reconnect = None;
    }
    let mut effects = vec![Effect::Notify {
        method: crate::protocol::INITIALIZED,
        params: None,
    }];
    // The folder's trust first (once a session): a thread started before it keeps read-only.
    let step = super::trust::before_open(state, then);
    effects.extend(trust_step(state, step));
    effects
}

/// Where the folder-trust check leads (`trust`): more requests, or what waited opens.
pub(crate) fn trust_step(state: &mut Session, step: super::trust::TrustStep) -> Vec<Effect> {
    match step {
        super::trust::TrustStep::Wait(effects) => effects,
        super::trust::TrustStep::Open(then) => open(state, then),
    }
}

/// Opens `what`: the request that does it, and the stage that waits for its answer. The
/// thread shown until then stays until the answer comes.
pub fn open(state: &mut Session, what: Open) -> Vec<Effect> {
    let request = match &what {
        Open::New => ClientRequest::StartThread(super::review_tool::start_params(state)),
        Open::Resume(thread_id) | Open::Restore(thread_id) => {
            ClientRequest::ResumeThread(ThreadResumeParams {
                thread_id: thread_id.clone(),
                settings: settings_for_existing(state),
                exclude_turns: true,
            })
        }
        Open::Agent(thread_id) => ClientRequest::ResumeThread(ThreadResumeParams {
            thread_id: thread_id.clone(),
            settings: Default::default(),
            exclude_turns: true,
        }),
        Open::Fork(thread_id) => ClientRequest::ForkThread(ThreadForkParams {
            thread_id: thread_id.clone(),
            settings: settings_for_existing(state),
            exclude_turns: true,
            attach_to_source: false,
        }),
        Open::Last => ClientRequest::ListThreads {
            params: ThreadListParams {
                limit: Some(1),
                sort_key: Some(SORT_UPDATED_AT.into()),
                // No directory known (a remote URL without --cwd): the newest of all.
                cwd: Some(current_cwd(state)).filter(|cwd| !cwd.is_empty()),
                ..ThreadListParams::default()
            },
            purpose: ListPurpose::Last,
        },
        Open::Pick => {
            state.lifecycle = Lifecycle::Picking;
            state.layer_events.push(LayerEvent::PickerWanted);
            return vec![];
        }
    };
    state.lifecycle = Lifecycle::Opening(what);
    vec![Effect::Request(request)]
}

/// `/new`: a fresh thread; the old one stays resumable.
pub(crate) fn new_thread(state: &mut Session) -> Vec<Effect> {
    if super::threads::busy(state, "start a new thread") {
        return vec![];
    }
    let previous = state.thread_id().map(str::to_string);
    // The old thread is kept aside (its late events still reach it) until it is let go.
    super::switch::show_no_thread(state);
    if let Some(id) = previous {
        let hint = crate::render::resume_hint::resume_command(&id)
            .unwrap_or_else(|why| format!("tern resume (its id is not shown: {why})"));
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("New thread. The previous one stays: {hint}"),
        );
    }
    // Prompts typed meanwhile wait for the new thread.
    open(state, Open::New)
}

/// `thread/list` for `tern resume --last` answered: the newest thread, or a new one.
pub(crate) fn last_listed(
    state: &mut Session,
    result: Result<ThreadListResponse, String>,
) -> Vec<Effect> {
    match result.map(|r| r.data.into_iter().next()) {
        Ok(Some(thread)) => open(state, Open::Resume(thread.id)),
        Ok(None) => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                "No earlier thread in this directory: started a new one.",
            );
            open(state, Open::New)
        }
        Err(e) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("Could not list earlier threads ({e}): started a new one."),
            );
            open(state, Open::New)
        }
    }
}

/// `thread/start`, `thread/resume` or `thread/fork` answered: the thread is adopted, or the
/// refusal is said where the request was made.
pub(crate) fn thread_answered(
    state: &mut Session,
    answer: Answer<ThreadStartResponse>,
    how: Adopted,
    now: Instant,
) -> Vec<Effect> {
    let error = match answer {
        Ok(response) => return adopt_thread(state, response, how, now),
        Err(error) => error,
    };
    match how {
        Adopted::Started => fail(state, format!("codex could not start a thread: {error}")),
        Adopted::Restored if !has_messages(state) => {
            // A thread nothing was said in yet is not saved ("no rollout found"), and a server
            // may forget it once its window is gone: a new one loses nothing.
            state.reconnect = None;
            back(state);
            // The same model (its notices) becomes the new thread's (`adopt_thread`).
            state.shown.id = None;
            state.shown.thread = None;
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!("The empty thread could not be resumed ({error}): started a new one."),
            );
            open(state, Open::New)
        }
        Adopted::Restored => {
            let thread = match &state.lifecycle {
                Lifecycle::Opening(Open::Restore(thread)) => thread.clone(),
                _ => state.thread_id().unwrap_or_default().to_string(),
            };
            given_up(
                state,
                format!("the new server could not resume thread {thread}: {error}"),
            )
        }
        Adopted::Resumed | Adopted::Forked => {
            // Back where the person was: the thread still shown, or the startup picker (which
            // says why); with neither, `threads::refused_here` ends the session.
            if state.shown.thread.is_some() {
                state.lifecycle = Lifecycle::Ready;
            } else if state.config.resume == Resume::Pick {
                state.lifecycle = Lifecycle::Picking;
            }
            let error = error.to_string();
            state.layer_events.push(LayerEvent::OpenRefused { error });
            vec![]
        }
    }
}

/// A thread the server opened goes on screen, the one way for every opening: its model (the
/// one kept for it, or the one shown while it was being started), its directory and settings,
/// any turns sent inline, a line saying what happened, the paging of its older turns, and the
/// person's waiting messages sent.
pub(crate) fn adopt_thread(
    state: &mut Session,
    response: ThreadStartResponse,
    how: Adopted,
    now: Instant,
) -> Vec<Effect> {
    // Back after a reconnect by itself (not a new server): the thread picks up where it is.
    let reconnected = match how {
        Adopted::Restored => state.reconnect.take(),
        _ => None,
    };
    let status = response.thread.status.clone();
    let thread = &response.thread;
    match how {
        // The model shown while it was started (the notices of the start) becomes its own.
        Adopted::Started if state.shown.id.is_none() => {
            state.threads.take(&thread.id);
            state.shown.id = Some(thread.id.clone());
        }
        // The model kept for it, if any (a sub-agent's, built from its events): older turns
        // paged in later skip the turns it already shows.
        _ => super::switch::show_thread(state, &thread.id),
    }
    if matches!(how, Adopted::Resumed | Adopted::Forked) {
        state.layer_events.push(LayerEvent::ThreadOpened);
        state.pointer.clear();
    }
    let cwd = if response.cwd.is_empty() {
        thread.cwd.clone().unwrap_or_default()
    } else {
        response.cwd.clone()
    };
    super::turn_settings::reported(state, &response);
    let state_inline = state.config.inline;
    let shown = &mut state.shown;
    shown.transcript.set_session_cwd(Some(cwd.clone()));
    // A server that ignored `excludeTurns` sent them all: shown, with nothing left to page.
    let inline = !thread.turns.is_empty();
    shown.transcript.load_turns(&thread.turns);
    if state_inline && crate::model::scrollback::only_last_turns(&shown.transcript) {
        shown.transcript.notice(
            NoticeLevel::Info,
            "Earlier turns are not in the scrollback: /history writes them here.",
        );
    }
    let notice = match how {
        Adopted::Started if inline => Some(format!(
            "Resumed thread {} ({} earlier turns)",
            short(&thread.id),
            thread.turns.len()
        )),
        Adopted::Started => None,
        // Entering one of the main thread's agents, or coming back: said by `agents`.
        Adopted::Resumed if state.agents.in_family(&thread.id) => None,
        Adopted::Resumed | Adopted::Forked => {
            let title = crate::model::thread_list::ThreadRow::from_thread(thread);
            let verb = if how == Adopted::Forked {
                "Forked into"
            } else {
                "Resumed"
            };
            // The title is the thread's name or its first message, which may be a long paste:
            // the notice names it in a few words (the conversation itself follows).
            Some(format!(
                "{verb} thread {} · {}",
                short(&title.id),
                short(title.title())
            ))
        }
        Adopted::Restored if reconnected.is_some() => None,
        Adopted::Restored => Some(format!(
            "codex app-server restarted{}; thread {} resumed.",
            state
                .health
                .pid
                .map(|p| format!(" (pid {p})"))
                .unwrap_or_default(),
            short(&thread.id)
        )),
    };
    let shown = &mut state.shown;
    if let Some(notice) = notice {
        shown.transcript.notice(NoticeLevel::Info, notice);
    }
    if thread.status == Some(ThreadStatus::SystemError) {
        super::notices::system_error(&mut shown.transcript);
    }
    match how {
        Adopted::Resumed | Adopted::Forked if !inline => {
            shown.older_turns = Some(OlderTurns {
                thread_id: thread.id.clone(),
                cursor: response.turns_backwards_cursor.clone(),
                more: true,
                loading: false,
                first: true,
                to_first: false,
            });
        }
        // The same server: what it said before the drop still holds.
        Adopted::Restored if reconnected.is_some() => back(state),
        Adopted::Restored => {
            // Late events of old turns came from the old server only; the new one may even
            // reuse their ids. A page asked of the old server will not come.
            shown.finished_turns.clear();
            if let Some(older) = &mut shown.older_turns {
                older.loading = false;
            }
            back(state);
        }
        _ => {}
    }
    // The main thread's sub-agents stay while one of them is entered; another thread has its own.
    let agents = super::agents::adopted(state, &response.thread.id, &response.thread.turns, now);
    state.shown.thread = Some(ThreadInfo {
        id: response.thread.id,
        model: response.model,
        cwd,
    });
    state.lifecycle = Lifecycle::Ready;
    let mut effects = match reconnected {
        Some(reconnect) => super::rejoin::resumed(state, reconnect, status.as_ref(), now),
        None => vec![],
    };
    effects.extend(ask_older(state));
    effects.extend(agents);
    effects.extend(super::outbox::send_next(state, now));
    effects
}

/// Whether the person has said anything in the shown thread (a message of theirs is on screen).
fn has_messages(state: &Session) -> bool {
    state
        .shown
        .transcript
        .cells()
        .iter()
        .any(|c| matches!(c.kind(), crate::model::CellKind::User { .. }))
}

/// The new server is up (and the thread back, if one was open): the box goes.
pub(crate) fn back(state: &mut Session) {
    state.health.restarts += 1;
    state.health.down = None;
}

/// The new server could not take over: said in the box and the transcript.
pub(crate) fn given_up(state: &mut Session, why: String) -> Vec<Effect> {
    state.reconnect = None;
    health::show(
        state,
        DownCause::StartFailed {
            detail: why.clone(),
        },
    );
    fail(state, format!("Could not restart codex app-server: {why}"))
}

/// The most columns a thread's id or title takes in a notice.
const TITLE_COLUMNS: usize = 60;

/// A thread's id or title as a few words of one line.
fn short(text: &str) -> String {
    crate::text::one_line::one_line(text, TITLE_COLUMNS)
}
