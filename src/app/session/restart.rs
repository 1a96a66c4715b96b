//! The server died, or the person gave up on a silent one: Ctrl+R starts a new app-server
//! (`Effect::RestartServer`, carried out by the runtime), `initialize`s it and resumes the same
//! thread with `thread/resume`; the transcript and the draft stay as they were.
//!
//! Prompts queued for the old server (`outbox`) are never sent behind the person's back:
//! while the server is down they stay listed above the composer as "not sent"; a restart moves
//! them into the composer, above the draft, so they can be read, edited and sent again with
//! Enter once the thread is back. Whatever is still unsent when tern
//! exits is printed after the terminal is restored (`outbox::unsent_text`).

use super::actions::fail;
use super::health;
use super::outbox;
use crate::app::effect::Effect;
use crate::app::reply::{Answer, ReplyError};
use crate::app::state::health::{DownCause, Restart};
use crate::app::state::{ConnState, Session, ThreadInfo, TurnPhase};
use crate::model::NoticeLevel;
use crate::protocol::{InitializeResponse, ThreadStartResponse};
use std::time::Instant;

/// The connection closed: say what happened (exit status or signal, the last stderr lines) and
/// offer the restart key. What the person typed stays.
pub fn on_disconnected(state: &mut Session, reason: String) -> Vec<Effect> {
    if state.quitting {
        return vec![];
    }
    // The old server, on its way out because a new one was asked for.
    if matches!(state.health.restart, Some(Restart::Starting { .. })) {
        return vec![];
    }
    // Gone before it answered `initialize`: its last words (often about its config) are why.
    let at_startup = state.server.is_none();
    state.health.closed = true;
    state.health.restart = None;
    let pending = state.questions.clear().len();
    lose_turn(state);
    let unsent = state.outbox.queued.len();
    let mut message = format!("Lost the connection to codex: {reason}.");
    if pending > 0 {
        message.push_str(&format!(
            " {pending} approval request(s) were dropped unanswered."
        ));
    }
    if unsent > 0 {
        message.push_str(&format!(
            " {unsent} queued prompt(s) were not sent; they stay listed, and a restart puts them \
             back in the composer."
        ));
    }
    message.push_str(" What you typed is kept; Ctrl+R restarts codex and resumes the thread.");
    let detail = reason;
    health::show(
        state,
        if at_startup {
            DownCause::ExitedAtStartup { detail }
        } else {
            DownCause::Exited { detail }
        },
    );
    fail(state, message)
}

/// Ctrl+R on the server-down box: the old server goes (killed if still running), a new one
/// starts. Pressed again while that is under way, it does nothing.
pub fn restart(state: &mut Session, _now: Instant) -> Vec<Effect> {
    match &mut state.health.down {
        Some(down) if down.restarting => return vec![],
        Some(down) => down.restarting = true,
        None => {}
    }
    let kill = if state.health.closed {
        None
    } else {
        state.health.pid
    };
    // Questions of the old server cannot be answered any more.
    state.questions.clear();
    lose_turn(state);
    outbox::keep_unsent(state);
    state.server = None;
    state.conn = ConnState::Connecting;
    let health = &mut state.health;
    health.restart = Some(Restart::Starting {
        thread: state.thread.as_ref().map(|t| t.id.clone()),
    });
    health.started = None;
    health.last_heard = None;
    health.closed = false;
    vec![Effect::RestartServer { kill }]
}

/// The runtime started a new server (its pid), or could not.
pub fn on_restarted(
    state: &mut Session,
    result: Result<Option<u32>, String>,
    now: Instant,
) -> Vec<Effect> {
    let thread = match state.health.restart.take() {
        Some(Restart::Starting { thread }) => thread,
        other => {
            state.health.restart = other;
            return vec![];
        }
    };
    match result {
        Ok(pid) => {
            state.health.pid = pid;
            state.health.started = Some(now);
            state.health.restart = Some(Restart::Initializing { thread });
            super::actions::initialize()
        }
        Err(detail) => {
            state.health.closed = true;
            health::show(
                state,
                DownCause::StartFailed {
                    detail: detail.clone(),
                },
            );
            fail(
                state,
                format!("Could not start codex app-server again: {detail}"),
            )
        }
    }
}

/// `initialize` answered while a restart waits for it: `initialized`, then `thread/resume` of
/// the thread that was open. Gives the answer back when it is not a restart's (or no thread was
/// open yet, and the session starts the way it was asked to).
pub fn initialized(
    state: &mut Session,
    answer: Answer<InitializeResponse>,
) -> Result<Vec<Effect>, Answer<InitializeResponse>> {
    let Some(Restart::Initializing { thread }) = state.health.restart.clone() else {
        return Err(answer);
    };
    let server = match answer {
        Ok(server) => server,
        Err(e @ ReplyError::Unreadable { .. }) => {
            state
                .transcript
                .notice(NoticeLevel::Warning, format!("{e} (going on without it)"));
            InitializeResponse::default()
        }
        Err(e) => {
            return Ok(given_up(
                state,
                format!("the new server refused `initialize`: {e}"),
            ))
        }
    };
    let Some(thread) = thread else {
        // No thread was open yet: start the way the session was asked to.
        state.health.restart = None;
        state.health.restarts += 1;
        state.health.down = None;
        return Err(Ok(server));
    };
    state.server = Some(server);
    state.health.restart = Some(Restart::Resuming {
        thread: thread.clone(),
    });
    Ok(vec![
        Effect::Notify {
            method: crate::protocol::INITIALIZED,
            params: None,
        },
        Effect::Request(super::threads::resume_request(state, thread)),
    ])
}

/// A restart waits for its `thread/resume`.
pub fn resuming(state: &Session) -> bool {
    matches!(state.health.restart, Some(Restart::Resuming { .. }))
}

/// `thread/resume` answered during a restart.
pub fn resumed_answer(
    state: &mut Session,
    answer: Answer<ThreadStartResponse>,
    now: Instant,
) -> Vec<Effect> {
    let thread = match &state.health.restart {
        Some(Restart::Resuming { thread }) => thread.clone(),
        _ => String::new(),
    };
    match answer {
        Ok(response) => resumed(state, response, now),
        Err(e) => given_up(
            state,
            format!("the new server could not resume thread {thread}: {e}"),
        ),
    }
}

/// The thread is back: the session goes on where it was.
fn resumed(state: &mut Session, response: ThreadStartResponse, now: Instant) -> Vec<Effect> {
    state.health.restart = None;
    state.health.restarts += 1;
    let cwd = if response.cwd.is_empty() {
        response.thread.cwd.clone().unwrap_or_default()
    } else {
        response.cwd.clone()
    };
    state.transcript.notice(
        NoticeLevel::Info,
        format!(
            "codex app-server restarted{}; thread {} resumed.",
            state
                .health
                .pid
                .map(|p| format!(" (pid {p})"))
                .unwrap_or_default(),
            response.thread.id
        ),
    );
    if response.thread.status == Some(crate::protocol::ThreadStatus::SystemError) {
        super::notices::system_error(state);
    }
    state.thread = Some(ThreadInfo {
        id: response.thread.id,
        model: response.model,
        cwd,
    });
    // Late events of old turns came from the old server only; the new one may even reuse
    // their ids.
    state.finished_turns.clear();
    // A page of history asked of the old server will not come.
    if let Some(older) = &mut state.older_turns {
        older.loading = false;
    }
    state.conn = ConnState::Ready;
    state.health.down = None;
    outbox::send_next(state, now)
}

fn given_up(state: &mut Session, why: String) -> Vec<Effect> {
    state.health.restart = None;
    health::show(
        state,
        DownCause::StartFailed {
            detail: why.clone(),
        },
    );
    fail(state, format!("Could not restart codex app-server: {why}"))
}

/// The running turn ends with the server: its cells stop "running".
fn lose_turn(state: &mut Session) {
    if let Some(id) = state.active_turn_id().map(str::to_string) {
        state.transcript.settle_turn(&id, false);
        state.finished_turns.insert(id);
        state.transcript.notice(
            NoticeLevel::Warning,
            "The running turn ended with the server.",
        );
    }
    outbox::requeue_unanswered(state);
    state.turn = TurnPhase::Idle;
    state.turn_tokens = None;
}
