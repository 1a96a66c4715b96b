//! What the person (or the server) can make happen, shared by the layers and the server-event
//! handlers: send a prompt, interrupt, copy, quit.

use crate::app::effect::Effect;
use crate::app::request::ClientRequest;
use crate::app::state::{ConnState, Session, TurnPhase};
use crate::model::{CellKind, NoticeLevel};
use crate::protocol::{Decision, InitializeParams, ModelListParams, TurnInterruptParams};
use std::time::Instant;

/// Leaves the session. Prompts still open are answered `cancel`, so the server never waits for
/// an answer that will not come.
pub fn quit(state: &mut Session) -> Vec<Effect> {
    state.quitting = true;
    let mut effects = cancel_questions(state);
    effects.push(Effect::Quit);
    effects
}

/// Answers every open prompt `cancel` (no, and stop the turn).
pub fn cancel_questions(state: &mut Session) -> Vec<Effect> {
    state
        .questions
        .clear()
        .into_iter()
        .map(|prompt| Effect::Respond {
            id: prompt.id,
            result: Decision::Cancel.response(),
        })
        .collect()
}

/// The session cannot go on: say why, and keep everything the person typed.
pub fn fail(state: &mut Session, message: String) -> Vec<Effect> {
    state.transcript.notice(NoticeLevel::Error, message.clone());
    state.conn = ConnState::Failed(message);
    vec![]
}

/// Copies the newest agent message to the clipboard, and keeps it to print after exit in case
/// the terminal ignores OSC 52.
pub fn copy_last_answer(state: &mut Session) -> Vec<Effect> {
    let last = state
        .transcript
        .cells()
        .iter()
        .rev()
        .find_map(|c| match c.kind() {
            CellKind::Agent { markdown, .. } if !markdown.is_empty() => {
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
    let lines = text.lines().count();
    state.transcript.notice(
        NoticeLevel::Info,
        format!(
            "Copied the last answer ({lines} line{}) to the clipboard; it is also printed when tern \
             exits, in case this terminal ignores clipboard requests (OSC 52).",
            if lines == 1 { "" } else { "s" }
        ),
    );
    state.copied = Some(text.clone());
    vec![Effect::CopyToClipboard(text)]
}

/// The turn is over: the next queued message goes out.
pub fn turn_finished(state: &mut Session, now: Instant) -> Vec<Effect> {
    state.turn = TurnPhase::Idle;
    super::outbox::turn_ended(state, now)
}

pub fn interrupt(state: &mut Session) -> Vec<Effect> {
    let (TurnPhase::Running { id, since }, Some(thread_id)) =
        (state.turn.clone(), state.thread_id().map(str::to_string))
    else {
        return vec![];
    };
    state.turn = TurnPhase::Interrupting {
        id: id.clone(),
        since,
    };
    vec![Effect::Request(ClientRequest::InterruptTurn(
        TurnInterruptParams {
            thread_id,
            turn_id: id,
        },
    ))]
}

/// The first thing asked of a server: `initialize`.
pub fn initialize() -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::Initialize(
        InitializeParams::tern(),
    ))]
}

/// Asks for the models `/model` offers (the answer fills its picker).
pub fn list_models() -> Effect {
    Effect::Request(ClientRequest::ListModels(ModelListParams {
        cursor: None,
        limit: Some(100),
    }))
}

/// `/vim`: vim keys in the composer, on (in insert mode) or off.
pub fn toggle_vim(state: &mut Session) -> Vec<Effect> {
    let text = match state.composer.vim.take() {
        Some(_) => "Vim keys off.".to_string(),
        None => {
            state.composer.vim = Some(crate::app::composer::vim::Vim::new(
                &state.config.vim_escape,
            ));
            let escape = match state.config.vim_escape.as_str() {
                "" => String::new(),
                seq => format!(" (or {})", crate::text::sanitize::sanitize_line(seq)),
            };
            format!(
                "Vim keys on: Esc{escape} for normal mode, i to type; Enter sends in either mode, Ctrl+C interrupts."
            )
        }
    };
    state
        .transcript
        .notice(crate::model::NoticeLevel::Info, text);
    vec![]
}
