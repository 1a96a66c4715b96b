//! The server died, or the person gave up on a silent one: Ctrl+R starts a new app-server
//! (`Effect::RestartServer`, carried out by the runtime), `initialize`s it and resumes the same
//! thread with `thread/resume`; the transcript and the draft stay as they were.
//!
//! Prompts queued for the old server (`state.queued`) are never sent behind the person's back:
//! while the server is down they stay listed above the composer as "not sent"; a restart moves
//! them into the composer, above the draft, so they can be read, edited and sent again with
//! Enter once the thread is back. Whatever is still unsent when tern
//! exits is printed after the terminal is restored (`unsent_text`).

use super::actions::{fail, send_next_queued};
use super::effect::Effect;
use super::event::RequestTag;
use super::layers::server_down::{self, Cause};
use super::state::{AppState, ConnState, ThreadInfo, TurnPhase};
use crate::model::NoticeLevel;
use crate::protocol::{InitializeResponse, ThreadStartResponse};
use serde_json::Value;
use std::time::Instant;

/// Where a restart stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Restart {
    /// The runtime is starting the new server; the thread to resume after, if any.
    Starting { thread: Option<String> },
    /// `initialize` was sent to the new server.
    Initializing { thread: Option<String> },
    /// `thread/resume` was sent to the new server.
    Resuming { thread: String },
}

/// The connection closed: say what happened (exit status or signal, the last stderr lines) and
/// offer the restart key. What the person typed stays.
pub fn on_disconnected(state: &mut AppState, reason: String) -> Vec<Effect> {
    if state.quitting {
        return vec![];
    }
    // The old server, on its way out because a new one was asked for.
    if matches!(state.health.restart, Some(Restart::Starting { .. })) {
        return vec![];
    }
    state.health.closed = true;
    state.health.restart = None;
    let pending = state.questions.clear().len();
    lose_turn(state);
    let unsent = state.queued.len();
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
    server_down::open(state, Cause::Exited { detail: reason });
    fail(state, message)
}

/// Ctrl+R on the server-down layer: the old server goes (killed if still running), a new one
/// starts.
pub fn restart(state: &mut AppState, _now: Instant) -> Vec<Effect> {
    let kill = if state.health.closed {
        None
    } else {
        state.health.pid
    };
    // Questions of the old server cannot be answered any more.
    state.questions.clear();
    lose_turn(state);
    keep_unsent(state);
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
    state: &mut AppState,
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
            super::responses::start(state)
        }
        Err(detail) => {
            state.health.closed = true;
            server_down::open(
                state,
                Cause::StartFailed {
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

/// Answers to `initialize` and `thread/resume` during a restart. `None` for everything else.
pub fn on_response(
    state: &mut AppState,
    tag: &RequestTag,
    result: &Result<Value, String>,
    now: Instant,
) -> Option<Vec<Effect>> {
    let restart = state.health.restart.clone()?;
    match (restart, tag, result) {
        (Restart::Initializing { thread }, RequestTag::Initialize, Ok(value)) => {
            state.server = Some(serde_json::from_value(value.clone()).unwrap_or_else(|e| {
                tracing::warn!("initialize response unreadable: {e}");
                InitializeResponse::default()
            }));
            let initialized = Effect::Notify {
                method: crate::protocol::INITIALIZED,
                params: None,
            };
            let Some(thread) = thread else {
                // No thread was open yet: start the way the session was asked to.
                state.health.restart = None;
                state.health.restarts += 1;
                server_down::close(state);
                return None;
            };
            state.health.restart = Some(Restart::Resuming {
                thread: thread.clone(),
            });
            Some(vec![
                initialized,
                Effect::Request(super::threads::resume_request(state, thread)),
            ])
        }
        (Restart::Initializing { .. }, RequestTag::Initialize, Err(e)) => Some(given_up(
            state,
            format!("the new server refused `initialize`: {e}"),
        )),
        (Restart::Resuming { thread }, RequestTag::ResumeThread, Ok(value)) => {
            match serde_json::from_value::<ThreadStartResponse>(value.clone()) {
                Ok(response) => Some(resumed(state, response, now)),
                Err(e) => Some(given_up(
                    state,
                    format!("its answer to resuming thread {thread} was unreadable: {e}"),
                )),
            }
        }
        (Restart::Resuming { thread }, RequestTag::ResumeThread, Err(e)) => Some(given_up(
            state,
            format!("the new server could not resume thread {thread}: {e}"),
        )),
        _ => None,
    }
}

/// The thread is back: the session goes on where it was.
fn resumed(state: &mut AppState, response: ThreadStartResponse, now: Instant) -> Vec<Effect> {
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
    server_down::close(state);
    send_next_queued(state, now)
}

fn given_up(state: &mut AppState, why: String) -> Vec<Effect> {
    state.health.restart = None;
    server_down::open(
        state,
        Cause::StartFailed {
            detail: why.clone(),
        },
    );
    fail(state, format!("Could not restart codex app-server: {why}"))
}

/// The running turn ends with the server: its cells stop "running".
fn lose_turn(state: &mut AppState) {
    if let Some(id) = state.active_turn_id().map(str::to_string) {
        state.transcript.settle_turn(&id, false);
        state.finished_turns.insert(id);
        state.transcript.notice(
            NoticeLevel::Warning,
            "The running turn ended with the server.",
        );
    }
    super::steer::requeue_unanswered(state);
    state.turn = TurnPhase::Idle;
    state.turn_tokens = None;
}

/// Moves queued prompts into the composer, above the draft. Returns how many moved.
pub fn keep_unsent(state: &mut AppState) -> usize {
    let moved = state.queued.len();
    if moved == 0 {
        return 0;
    }
    let mut parts: Vec<String> = state.queued.drain(..).collect();
    if !state.composer.is_empty() {
        parts.push(state.composer.expanded_text());
    }
    state.composer.set_text(&parts.join("\n\n"));
    moved
}

/// Everything typed and not sent (queued prompts, then the draft), to print after exit.
pub fn unsent_text(state: &AppState) -> Option<String> {
    let mut parts: Vec<String> = state.queued.iter().cloned().collect();
    if !state.composer.is_empty() {
        parts.push(state.composer.expanded_text());
    }
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}

/// Steers sent into the running turn that the server had neither accepted nor refused when tern
/// exited, to print after exit: they may or may not have reached the turn.
pub fn unconfirmed_steers(state: &AppState) -> Option<String> {
    let parts: Vec<&str> = state
        .steering
        .iter()
        .filter(|s| !s.accepted)
        .map(|s| s.prompt.as_str())
        .collect();
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}
