//! Messages typed while a turn runs: Enter steers the running turn (`turn/steer`), Tab queues
//! the message for a new turn once this one ends. A steer the server refuses because the turn
//! just ended goes out as a new turn; nothing typed is lost.

use super::actions::send_next_queued;
use super::effect::Effect;
use super::event::RequestTag;
use super::request::ClientRequest;
use super::state::{AppState, ConnState, TurnPhase};
use crate::model::NoticeLevel;
use crate::protocol::{ThreadItem, TurnSteerParams, UserInput};
use serde_json::Value;
use std::time::Instant;

/// Shown under an answer the server dropped because a steer preempted it.
pub const CUT_OFF_BY_YOUR_STEER: &str =
    "↑ cut off by your steer — this part of the answer is not saved";
/// The same, when the steer came from elsewhere (another client on this thread).
pub const CUT_OFF_BY_A_STEER: &str = "↑ cut off by a steer — this part of the answer is not saved";

/// A steer sent and not yet seen in the turn.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingSteer {
    pub prompt: String,
    /// The server said yes; its echo (the user message in the turn) has not come yet.
    pub accepted: bool,
}

/// A prompt submitted with Enter (not a slash command): steers the running turn, or waits for
/// the thread to be ready and idle.
pub fn submit(state: &mut AppState, prompt: String, now: Instant) -> Vec<Effect> {
    if let (TurnPhase::Running { id, .. }, Some(thread_id)) = (&state.turn, state.thread_id()) {
        if state.conn == ConnState::Ready {
            let params = TurnSteerParams {
                thread_id: thread_id.to_string(),
                input: vec![UserInput::text(prompt.clone())],
                expected_turn_id: id.clone(),
            };
            state.steering.push(PendingSteer {
                prompt: prompt.clone(),
                accepted: false,
            });
            return vec![Effect::Request(ClientRequest::SteerTurn { params, prompt })];
        }
    }
    state.queued.push_back(prompt);
    send_next_queued(state, now)
}

/// Tab while a turn runs: the draft waits for a new turn.
pub fn queue_draft(state: &mut AppState, now: Instant) -> Vec<Effect> {
    // Folded pastes go out whole, as with Enter.
    let text = state.composer.expanded_text();
    if text.trim().is_empty() {
        return vec![];
    }
    let mut effects = super::composer_input::record_in_prompt_history(state, &text);
    state.composer.clear();
    // A command is not a message for the model: queued, its text would go out as a prompt.
    // It runs now, as Enter runs it.
    if let Some(ran) = super::commands::dispatch(state, &text, now) {
        effects.extend(ran);
        return effects;
    }
    state.queued.push_back(text);
    effects.extend(send_next_queued(state, now));
    effects
}

pub fn on_response(
    state: &mut AppState,
    tag: &RequestTag,
    result: &Result<Value, String>,
    now: Instant,
) -> Option<Vec<Effect>> {
    match tag {
        RequestTag::SteerTurn { prompt } => Some(steer_answered(state, prompt, result, now)),
        RequestTag::SearchFiles { generation } => Some(super::layers::file_finder::on_results(
            state,
            *generation,
            result,
        )),
        _ => None,
    }
}

fn steer_answered(
    state: &mut AppState,
    prompt: &str,
    result: &Result<Value, String>,
    now: Instant,
) -> Vec<Effect> {
    let index = state
        .steering
        .iter()
        .position(|s| s.prompt == prompt && !s.accepted);
    let Err(error) = result else {
        if let Some(index) = index {
            state.steering[index].accepted = true;
        }
        return vec![];
    };
    let Some(index) = index else {
        return vec![];
    };
    let steer = state.steering.remove(index);
    // It was meant for the turn running now, so it goes before anything queued after it.
    state.queued.push_front(steer.prompt);
    if matches!(state.conn, ConnState::Failed(_)) {
        return vec![];
    }
    let ended = error.contains("no active turn") || error.contains("expected active turn");
    let message = if ended {
        "The turn ended before your message reached it: it goes out as a new turn.".to_string()
    } else {
        format!("codex would not steer this turn ({error}): your message waits for the next turn.")
    };
    state.transcript.notice(NoticeLevel::Info, message);
    // Sent at once if the turn is over here too; otherwise when its `turn/completed` comes,
    // which a refusal for "no active turn" says is on its way.
    send_next_queued(state, now)
}

/// The turn ended with the server: a steer it never answered goes back to the front of the
/// queue (shown as not sent, moved into the composer by a restart, printed after exit), since
/// the old server's answer will never be read. One it accepted is in the thread already.
pub fn requeue_unanswered(state: &mut AppState) {
    for steer in std::mem::take(&mut state.steering).into_iter().rev() {
        if !steer.accepted {
            state.queued.push_front(steer.prompt);
        }
    }
}

/// An item started in a turn. A user message in the middle of a turn is a steer: the server
/// drops the answer it was streaming, so say so where that answer is shown.
pub fn on_item_started(state: &mut AppState, turn_id: &str, item: &ThreadItem) {
    let ThreadItem::UserMessage { content, .. } = item else {
        return;
    };
    let text: Vec<&str> = content
        .iter()
        .filter_map(|c| match c {
            UserInput::Text { text, .. } => Some(text.as_str()),
            UserInput::Other => None,
        })
        .collect();
    let text = text.join("\n");
    let ours = state.steering.iter().position(|s| s.prompt == text);
    if let Some(index) = ours {
        state.steering.remove(index);
    }
    let note = if ours.is_some() {
        CUT_OFF_BY_YOUR_STEER
    } else {
        CUT_OFF_BY_A_STEER
    };
    state.transcript.cut_off_streaming_answers(turn_id, note);
}

/// The turn ended: steers it accepted are in it, or nowhere.
pub fn turn_ended(state: &mut AppState) {
    state.steering.retain(|s| !s.accepted);
}

/// The turn was interrupted: messages queued for after it are not sent behind the person's
/// back (they stopped the agent), but move into the composer to send, edit or drop.
pub fn hold_queue_after_interrupt(state: &mut AppState) {
    let moved = super::restart::keep_unsent(state);
    if moved > 0 {
        state.transcript.notice(
            NoticeLevel::Info,
            format!(
                "{moved} queued message{} not sent after the interrupt: back in the composer.",
                if moved == 1 { " was" } else { "s were" }
            ),
        );
    }
}
