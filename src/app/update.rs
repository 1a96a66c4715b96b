//! The one entry point of the state machine.

use super::effect::Effect;
use super::event::{AppEvent, RequestTag};
use super::state::{AppState, ConnState, ThreadInfo, TurnPhase};
use super::{keys, server_events};
use crate::model::NoticeLevel;
use crate::protocol::{
    self, InitializeParams, ThreadResumeParams, ThreadStartResponse, TurnInterruptParams,
    TurnStartParams, TurnStartResponse, UserInput,
};
use serde_json::Value;
use std::time::Instant;

pub fn update(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<Effect> {
    let mut effects = match event {
        AppEvent::Key(key) => keys::on_key(state, key, now),
        AppEvent::Paste(text) => keys::on_paste(state, &text),
        AppEvent::Mouse(mouse) => keys::on_mouse(state, mouse),
        AppEvent::Resize(..) => vec![],
        AppEvent::Notification(n) => server_events::on_notification(state, n, now),
        AppEvent::ServerRequest { id, request } => {
            server_events::on_server_request(state, id, request, now)
        }
        AppEvent::Response { tag, result } => on_response(state, tag, result, now),
        AppEvent::Disconnected(reason) => on_disconnected(state, reason),
        AppEvent::Terminate => quit(state),
    };
    effects.push(Effect::Redraw);
    effects
}

/// The first thing the app asks for.
pub fn start(_state: &mut AppState) -> Vec<Effect> {
    vec![Effect::Request {
        tag: RequestTag::Initialize,
        method: protocol::INITIALIZE,
        params: serde_json::to_value(InitializeParams::tern()).expect("serializable"),
    }]
}

pub fn quit(state: &mut AppState) -> Vec<Effect> {
    state.quitting = true;
    vec![Effect::Quit]
}

fn on_response(
    state: &mut AppState,
    tag: RequestTag,
    result: Result<Value, String>,
    now: Instant,
) -> Vec<Effect> {
    match (tag, result) {
        (RequestTag::Initialize, Ok(_)) => {
            let mut effects = vec![Effect::Notify {
                method: protocol::INITIALIZED,
                params: None,
            }];
            let settings = state.config.settings.clone();
            effects.push(match &state.config.resume_thread {
                Some(thread_id) => Effect::Request {
                    tag: RequestTag::ResumeThread,
                    method: protocol::THREAD_RESUME,
                    params: serde_json::to_value(ThreadResumeParams {
                        thread_id: thread_id.clone(),
                        settings,
                    })
                    .expect("serializable"),
                },
                None => Effect::Request {
                    tag: RequestTag::StartThread,
                    method: protocol::THREAD_START,
                    params: serde_json::to_value(settings).expect("serializable"),
                },
            });
            effects
        }
        (RequestTag::StartThread | RequestTag::ResumeThread, Ok(value)) => {
            match serde_json::from_value::<ThreadStartResponse>(value) {
                Ok(response) => on_thread_ready(state, response, now),
                Err(e) => fail(
                    state,
                    format!("The server's thread response was unreadable: {e}"),
                ),
            }
        }
        (RequestTag::StartTurn { .. }, Ok(value)) => {
            if let Ok(TurnStartResponse { turn }) = serde_json::from_value(value) {
                if let TurnPhase::Starting { since } = state.turn {
                    if !state.finished_turns.contains(&turn.id) {
                        state.turn = TurnPhase::Running { id: turn.id, since };
                    }
                }
            }
            vec![]
        }
        (RequestTag::StartTurn { prompt }, Err(e)) => {
            state.turn = TurnPhase::Idle;
            state
                .transcript
                .notice(NoticeLevel::Error, format!("The prompt was not sent: {e}"));
            // Never lose what the person wrote: give it back unless they already typed more.
            if state.composer.is_empty() {
                state.composer.set_text(&prompt);
            }
            vec![]
        }
        (RequestTag::InterruptTurn, Ok(_)) => vec![],
        (RequestTag::InterruptTurn, Err(e)) => {
            state
                .transcript
                .notice(NoticeLevel::Error, format!("Could not interrupt: {e}"));
            vec![]
        }
        (RequestTag::Initialize, Err(e)) => fail(state, format!("codex refused to start: {e}")),
        (RequestTag::StartThread, Err(e)) => {
            fail(state, format!("codex could not start a thread: {e}"))
        }
        (RequestTag::ResumeThread, Err(e)) => fail(
            state,
            format!(
                "codex could not resume that thread: {e}. Check the id, or start a new session."
            ),
        ),
    }
}

fn on_thread_ready(
    state: &mut AppState,
    response: ThreadStartResponse,
    now: Instant,
) -> Vec<Effect> {
    let cwd = if response.cwd.is_empty() {
        response.thread.cwd.clone().unwrap_or_default()
    } else {
        response.cwd.clone()
    };
    state.transcript.set_session_cwd(Some(cwd.clone()));
    state.transcript.load_turns(&response.thread.turns);
    if !response.thread.turns.is_empty() {
        state.transcript.notice(
            NoticeLevel::Info,
            format!(
                "Resumed thread {} ({} earlier turns)",
                response.thread.id,
                response.thread.turns.len()
            ),
        );
    }
    state.thread = Some(ThreadInfo {
        id: response.thread.id,
        model: response.model,
        cwd,
    });
    state.conn = ConnState::Ready;
    send_next_queued(state, now)
}

fn fail(state: &mut AppState, message: String) -> Vec<Effect> {
    state.transcript.notice(NoticeLevel::Error, message.clone());
    state.conn = ConnState::Failed(message);
    vec![]
}

fn on_disconnected(state: &mut AppState, reason: String) -> Vec<Effect> {
    if state.quitting {
        return vec![];
    }
    let pending = state.approvals.clear().len();
    state.turn = TurnPhase::Idle;
    let mut message = format!("Lost the connection to codex: {reason}.");
    if pending > 0 {
        message.push_str(&format!(
            " {pending} approval request(s) were dropped unanswered."
        ));
    }
    message.push_str(" What you typed is kept; quit with Ctrl+C and start tern again.");
    fail(state, message)
}

/// Sends a prompt now, or queues it until the thread is ready and idle.
pub fn submit_prompt(state: &mut AppState, prompt: String, now: Instant) -> Vec<Effect> {
    let trimmed = prompt.trim();
    if let Some(command) = trimmed.strip_prefix('/') {
        let name = command.split_whitespace().next().unwrap_or("");
        match name {
            "quit" | "exit" | "q" => return quit(state),
            "copy" => return copy_last_answer(state),
            _ if !name.is_empty() && !name.contains('/') => {
                state.transcript.notice(
                    NoticeLevel::Warning,
                    format!("Unknown command /{name}. Available: /copy, /quit"),
                );
                state.composer.set_text(&prompt);
                return vec![];
            }
            _ => {}
        }
    }
    if let ConnState::Failed(_) = state.conn {
        state.composer.set_text(&prompt);
        state.transcript.notice(
            NoticeLevel::Error,
            "Not connected to codex: the prompt stays in the composer.",
        );
        return vec![];
    }
    state.scroll.to_bottom();
    state.queued.push_back(prompt);
    send_next_queued(state, now)
}

/// Copies the newest agent message to the clipboard, and keeps it to print after exit in case
/// the terminal ignores OSC 52.
fn copy_last_answer(state: &mut AppState) -> Vec<Effect> {
    let last = state
        .transcript
        .cells()
        .iter()
        .rev()
        .find_map(|c| match c.kind() {
            crate::model::CellKind::Agent { markdown, .. } if !markdown.is_empty() => {
                Some(markdown.as_str().to_string())
            }
            _ => None,
        });
    let Some(text) = last else {
        state.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to copy yet: no answer so far.",
        );
        return vec![];
    };
    state.transcript.notice(
        NoticeLevel::Info,
        format!(
            "Copied the last answer ({} line{}) to the clipboard; it is also printed when tern \
             exits, in case this terminal ignores clipboard requests (OSC 52).",
            text.lines().count(),
            if text.lines().count() == 1 { "" } else { "s" }
        ),
    );
    state.copied = Some(text.clone());
    vec![Effect::CopyToClipboard(text)]
}

fn send_next_queued(state: &mut AppState, now: Instant) -> Vec<Effect> {
    if state.turn_active() || state.conn != ConnState::Ready {
        return vec![];
    }
    let (Some(thread_id), Some(prompt)) = (
        state.thread_id().map(str::to_string),
        state.queued.pop_front(),
    ) else {
        return vec![];
    };
    state.transcript.push(crate::model::CellKind::User {
        text: prompt.clone(),
    });
    state.turn = TurnPhase::Starting { since: now };
    let params = TurnStartParams {
        thread_id,
        input: vec![UserInput::text(prompt.clone())],
    };
    vec![Effect::Request {
        tag: RequestTag::StartTurn { prompt },
        method: protocol::TURN_START,
        params: serde_json::to_value(params).expect("serializable"),
    }]
}

pub fn turn_finished(state: &mut AppState, now: Instant) -> Vec<Effect> {
    state.turn = TurnPhase::Idle;
    send_next_queued(state, now)
}

pub fn interrupt(state: &mut AppState) -> Vec<Effect> {
    let (TurnPhase::Running { id, since }, Some(thread_id)) =
        (state.turn.clone(), state.thread_id().map(str::to_string))
    else {
        return vec![];
    };
    state.turn = TurnPhase::Interrupting {
        id: id.clone(),
        since,
    };
    vec![Effect::Request {
        tag: RequestTag::InterruptTurn,
        method: protocol::TURN_INTERRUPT,
        params: serde_json::to_value(TurnInterruptParams {
            thread_id,
            turn_id: id,
        })
        .expect("serializable"),
    }]
}
