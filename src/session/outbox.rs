//! The person's messages on their way out: sent as a turn, steered into the running turn
//! (`turn/steer`), or queued for a new turn once this one ends, and never lost. A steer the
//! server refuses because the turn just ended goes out as a new turn; messages queued when the
//! turn is interrupted or the server is lost are not sent behind the person's back but moved
//! back into the composer; whatever is still unsent when tern exits is printed.
//!
//! Whether a submitted text is a command is decided before it reaches this module
//! (`composer_input::submit`): everything here is a message for the model.

use crate::model::{CellKind, NoticeLevel};
use crate::protocol::{TurnStartParams, TurnSteerParams, UserInput};
use crate::session::effect::Effect;
use crate::session::request::ClientRequest;
use crate::session::state::outbox::{Message, PendingSteer};
use crate::session::state::{Session, TurnPhase};
use std::time::Instant;

/// Shown under an answer the server dropped because a steer preempted it.
pub const CUT_OFF_BY_YOUR_STEER: &str =
    "↑ cut off by your steer — this part of the answer is not saved";
/// The same, when the steer came from elsewhere (another client on this thread).
pub(crate) const CUT_OFF_BY_A_STEER: &str =
    "↑ cut off by a steer — this part of the answer is not saved";

/// Enter: steers the running turn, or goes out as a new turn once the thread is ready and idle.
pub(crate) fn send(state: &mut Session, prompt: String, now: Instant) -> Vec<Effect> {
    send_message(state, Message::from(prompt), now)
}

/// The inputs of a message: its text (when it has any), then each image as a `localImage`.
pub(crate) fn inputs(message: &Message) -> Vec<UserInput> {
    let mut inputs = Vec::new();
    if !message.text.is_empty() || message.images.is_empty() {
        inputs.push(UserInput::text(message.text.clone()));
    }
    inputs.extend(message.images.iter().map(UserInput::local_image));
    inputs
}

/// [`send`] with the images attached to the message.
pub(crate) fn send_message(state: &mut Session, message: Message, now: Instant) -> Vec<Effect> {
    let Message {
        text: prompt,
        images,
    } = message;
    if state.lifecycle.failure().is_some() {
        state.composer.images.extend(images);
        state.composer.set_text(&prompt);
        state.shown.transcript.notice(
            NoticeLevel::Error,
            "Not connected to codex: the prompt stays in the composer.",
        );
        return vec![];
    }
    state.shown.scroll.to_bottom();
    let message = Message::new(prompt, images);
    // An image still on its way to a remote server: the message waits for it in the queue.
    if state.outbox.waits_for_upload(&message) {
        return queue_message(state, message, now);
    }
    let Message {
        text: prompt,
        images,
    } = message;
    if let (TurnPhase::Running { id, .. }, Some(thread_id)) = (&state.shown.turn, state.thread_id())
    {
        if state.lifecycle.is_ready() {
            let message = Message::new(prompt.clone(), images.clone());
            let params = TurnSteerParams {
                thread_id: thread_id.to_string(),
                input: super::skills::with_skills(state, inputs(&message), &prompt),
                expected_turn_id: id.clone(),
            };
            state.outbox.steering.push(PendingSteer {
                prompt: prompt.clone(),
                images,
                accepted: false,
            });
            return vec![Effect::Request(ClientRequest::SteerTurn { params, prompt })];
        }
    }
    queue_message(state, Message::new(prompt, images), now)
}

/// Tab while a turn runs: the message (with its images) waits for a new turn.
pub(crate) fn queue_message(state: &mut Session, message: Message, now: Instant) -> Vec<Effect> {
    state.outbox.queued.push_back(message);
    send_next(state, now)
}

/// Starts a turn with the first queued message, when the thread is ready and idle.
pub(crate) fn send_next(state: &mut Session, now: Instant) -> Vec<Effect> {
    if state.turn_active() || !state.lifecycle.is_ready() {
        return vec![];
    }
    // Not signed in (or not known yet), or a refused turn is being taken back first.
    if super::gate::holds_turns(state) {
        return vec![];
    }
    if let Some(effects) = super::auth_refusal::revert_first(state) {
        return effects;
    }
    // The first message holds an image still on its way to the server: all wait for it.
    if let Some(first) = state.outbox.queued.front() {
        if state.outbox.waits_for_upload(first) {
            return vec![];
        }
    }
    let (Some(thread_id), Some(message)) = (
        state.thread_id().map(str::to_string),
        state.outbox.queued.pop_front(),
    ) else {
        return vec![];
    };
    let input = super::skills::with_skills(state, inputs(&message), &message.text);
    // Shown as the server will echo it (images named on a line of their own), so the echo
    // binds to this cell.
    state.shown.transcript.push(CellKind::User {
        text: crate::model::transcript::user_text(&input),
    });
    state.shown.turn = TurnPhase::Starting { since: now };
    state.outbox.starting_images = message.images;
    let params = TurnStartParams {
        thread_id,
        input,
        // The person's overrides, and the collaboration mode once one is known.
        overrides: super::turn_mode::turn_overrides(state),
    };
    vec![Effect::Request(ClientRequest::StartTurn {
        params,
        prompt: message.text,
    })]
}

/// The server answered a steer: accepted (its echo comes in the turn), or refused, and then it
/// goes out as a new turn, before anything queued after it.
pub(crate) fn steer_answered(
    state: &mut Session,
    prompt: &str,
    result: &Result<(), String>,
    now: Instant,
) -> Vec<Effect> {
    let steering = &mut state.outbox.steering;
    let index = steering
        .iter()
        .position(|s| s.prompt == prompt && !s.accepted);
    let Err(error) = result else {
        if let Some(index) = index {
            steering[index].accepted = true;
        }
        return vec![];
    };
    let Some(index) = index else {
        return vec![];
    };
    let steer = steering.remove(index);
    // It was meant for the turn running now, so it goes before anything queued after it.
    state
        .outbox
        .queued
        .push_front(Message::new(steer.prompt, steer.images));
    if state.lifecycle.failure().is_some() {
        return vec![];
    }
    let ended = error.contains("no active turn") || error.contains("expected active turn");
    let message = if ended {
        "The turn ended before your message reached it: it goes out as a new turn.".to_string()
    } else {
        format!("codex would not steer this turn ({error}): your message waits for the next turn.")
    };
    state.shown.transcript.notice(NoticeLevel::Info, message);
    // Sent at once if the turn is over here too; otherwise when its `turn/completed` comes,
    // which a refusal for "no active turn" says is on its way.
    send_next(state, now)
}

/// The server refused a new turn: the message goes back to the composer unless the person
/// already typed more.
pub(crate) fn turn_refused(state: &mut Session, prompt: &str, error: &str) {
    state.shown.turn = TurnPhase::Idle;
    state.shown.transcript.notice(
        NoticeLevel::Error,
        format!("The prompt was not sent: {error}"),
    );
    let images = std::mem::take(&mut state.outbox.starting_images);
    if state.composer.is_empty() {
        state.composer.set_text(prompt);
        state.composer.images.extend(images);
    }
}

/// The turn ended: steers it accepted are in it, or nowhere; the next queued message goes out.
pub(crate) fn turn_ended(state: &mut Session, now: Instant) -> Vec<Effect> {
    state.outbox.steering.retain(|s| !s.accepted);
    send_next(state, now)
}

/// The turn ended with the server: a steer it never answered goes back to the front of the
/// queue (shown as not sent, moved into the composer by a restart, printed after exit), since
/// the old server's answer will never be read. One it accepted is in the thread already.
pub(crate) fn requeue_unanswered(state: &mut Session) {
    for steer in std::mem::take(&mut state.outbox.steering).into_iter().rev() {
        if !steer.accepted {
            state
                .outbox
                .queued
                .push_front(Message::new(steer.prompt, steer.images));
        }
    }
}

/// The turn was interrupted: messages queued for after it are not sent behind the person's
/// back (they stopped the agent), but move into the composer to send, edit or drop.
pub(crate) fn hold_after_interrupt(state: &mut Session) {
    let moved = keep_unsent(state);
    if moved > 0 {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!(
                "{moved} queued message{} not sent after the interrupt: back in the composer.",
                if moved == 1 { " was" } else { "s were" }
            ),
        );
    }
}

/// Moves queued messages into the composer, above the draft. Returns how many moved.
pub(crate) fn keep_unsent(state: &mut Session) -> usize {
    let moved = state.outbox.queued.len();
    if moved == 0 {
        return 0;
    }
    let mut parts: Vec<String> = Vec::new();
    for message in state.outbox.queued.drain(..) {
        state.composer.images.extend(message.images);
        parts.push(message.text);
    }
    if !state.composer.is_empty() {
        parts.push(state.composer.expanded_text());
    }
    state.composer.set_text(&parts.join("\n\n"));
    moved
}

/// Everything typed and not sent (queued messages, then the draft), to print after exit.
pub fn unsent_text(state: &Session) -> Option<String> {
    // Messages waiting for threads not shown (an agent's, the main thread's) first.
    let mut parts: Vec<String> = state
        .threads
        .models()
        .flat_map(|m| m.outbox.queued.iter().map(|m| m.text.clone()))
        .collect();
    parts.extend(state.outbox.queued.iter().map(|m| m.text.clone()));
    if !state.composer.is_empty() {
        parts.push(state.composer.expanded_text());
    }
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}

/// Steers sent into the running turn that the server had neither accepted nor refused when tern
/// exited, to print after exit: they may or may not have reached the turn.
pub fn unconfirmed_steers(state: &Session) -> Option<String> {
    let parts: Vec<&str> = state
        .outbox
        .steering
        .iter()
        .filter(|s| !s.accepted)
        .map(|s| s.prompt.as_str())
        .collect();
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}
