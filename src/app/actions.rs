//! What the person (or the server) can make happen, shared by the layers and the server-event
//! handlers: send a prompt, interrupt, copy, quit.

use super::effect::Effect;
use super::request::ClientRequest;
use super::state::{AppState, ConnState, TurnPhase};
use crate::model::{CellKind, NoticeLevel};
use crate::protocol::{Decision, TurnInterruptParams, TurnStartParams, UserInput};
use std::time::Instant;

/// Leaves the session. Prompts still open are answered `cancel`, so the server never waits for
/// an answer that will not come.
pub fn quit(state: &mut AppState) -> Vec<Effect> {
    state.quitting = true;
    let mut effects = cancel_questions(state);
    effects.push(Effect::Quit);
    effects
}

/// Answers every open prompt `cancel` (no, and stop the turn).
pub fn cancel_questions(state: &mut AppState) -> Vec<Effect> {
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
pub fn fail(state: &mut AppState, message: String) -> Vec<Effect> {
    state.transcript.notice(NoticeLevel::Error, message.clone());
    state.conn = ConnState::Failed(message);
    vec![]
}

/// Sends a prompt now, or queues it until the thread is ready and idle.
pub fn submit_prompt(state: &mut AppState, prompt: String, now: Instant) -> Vec<Effect> {
    // Slash text goes to the command table; everything else is a prompt.
    if let Some(effects) = super::commands::dispatch(state, &prompt, now) {
        return effects;
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
    super::steer::submit(state, prompt, now)
}

/// Copies the newest agent message to the clipboard, and keeps it to print after exit in case
/// the terminal ignores OSC 52.
pub fn copy_last_answer(state: &mut AppState) -> Vec<Effect> {
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
    // What may be pasted into a shell: printable text only (no escape sequence can end a
    // bracketed paste and run what follows).
    let Some(text) = last.map(|t| crate::text::sanitize::copyable_text(&t)) else {
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
            "Copied the last answer ({lines} line{}) to the clipboard. This terminal may ignore \
             clipboard requests (OSC 52): tern says what it copied when it exits, and prints it \
             too with --print-copied (or print_copied = true in its config).",
            if lines == 1 { "" } else { "s" }
        ),
    );
    state.copied = Some(text.clone());
    vec![Effect::CopyToClipboard(text)]
}

pub fn send_next_queued(state: &mut AppState, now: Instant) -> Vec<Effect> {
    if state.turn_active() || state.conn != ConnState::Ready {
        return vec![];
    }
    let (Some(thread_id), Some(prompt)) = (
        state.thread_id().map(str::to_string),
        state.queued.pop_front(),
    ) else {
        return vec![];
    };
    state.transcript.push(CellKind::User {
        text: prompt.clone(),
    });
    state.turn = TurnPhase::Starting { since: now };
    let params = TurnStartParams {
        thread_id,
        input: vec![UserInput::text(prompt.clone())],
        overrides: state.turn_settings.chosen.clone(),
    };
    vec![Effect::Request(ClientRequest::StartTurn { params, prompt })]
}

pub fn turn_finished(state: &mut AppState, now: Instant) -> Vec<Effect> {
    state.turn = TurnPhase::Idle;
    super::steer::turn_ended(state);
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
    vec![Effect::Request(ClientRequest::InterruptTurn(
        TurnInterruptParams {
            thread_id,
            turn_id: id,
        },
    ))]
}
