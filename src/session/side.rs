//! `/side QUESTION` (`/btw`): a side conversation, answered from a fork of the current thread
//! while the main thread stays as it was. The fork (`thread/fork`, attached to its source so it
//! stays out of the ordinary thread lists) gets two items before the question
//! (`thread/inject_items`, `side_prompts`): the developer message saying it is a side
//! conversation and the boundary after which only the person's messages are instructions;
//! then the question goes as a turn of the fork. The fork's events fill its own thread model
//! (`server_events` keeps threads apart), which the side pane shows; the main thread's history
//! never sees the question.
//!
//! While the pane is open the composer sends to the side thread. Closing keeps it (to reopen
//! with `/side` alone) or archives it (`thread/archive`).

use super::side_prompts::{BOUNDARY, DEVELOPER};
use crate::model::NoticeLevel;
use crate::protocol::inject_items::message_item;
use crate::protocol::{
    ThreadForkParams, ThreadIdParams, ThreadInjectItemsParams, ThreadStartResponse,
    TurnInterruptParams, TurnStartParams, TurnStartResponse, UserInput,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::side::SideThread;
use crate::session::state::{Session, TurnPhase};
use std::time::Instant;

/// Why `/side` cannot start now, if it cannot.
fn refused(state: &Session) -> Option<&'static str> {
    if state.side.active() {
        return Some("A side conversation is already open: Esc or Ctrl+C closes it first.");
    }
    if state.thread_id().is_none() || !state.lifecycle.is_ready() {
        return Some("'/side' is unavailable until the main thread is ready.");
    }
    None
}

/// `/side QUESTION`: forks the current thread for the question.
pub(crate) fn start(state: &mut Session, question: &str) -> Vec<Effect> {
    if let Some(why) = refused(state) {
        state.shown.transcript.notice(NoticeLevel::Warning, why);
        return vec![];
    }
    let Some(main) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    state.side.starting = Some(question.to_string());
    vec![Effect::Request(ClientRequest::ForkSide {
        params: ThreadForkParams {
            thread_id: main,
            settings: Default::default(),
            exclude_turns: true,
            attach_to_source: true,
        },
        question: question.to_string(),
    })]
}

/// The fork answered: it is the side thread; its two items go in before the question.
pub(crate) fn forked(
    state: &mut Session,
    question: String,
    answer: Answer<ThreadStartResponse>,
) -> Vec<Effect> {
    let still_wanted = state.side.starting.as_deref() == Some(question.as_str());
    state.side.starting = None;
    state.layer_events.push(LayerEvent::SideChanged);
    let response = match answer {
        Ok(response) => response,
        Err(e) => {
            let e = e.to_string();
            let why = if e.contains("no rollout found") || e.contains("before first user message") {
                "'/side' is unavailable until the current conversation has started. Send a message first, then try /side again.".to_string()
            } else {
                format!("Failed to start side conversation: {e}")
            };
            state.shown.transcript.notice(NoticeLevel::Error, why);
            return vec![];
        }
    };
    let id = response.thread.id;
    state.side.earlier.push(SideThread {
        id: id.clone(),
        question: question.clone(),
    });
    if still_wanted {
        state.side.open = Some(id.clone());
    }
    state.threads.touch(&id);
    let items = vec![
        message_item("developer", DEVELOPER),
        message_item("user", BOUNDARY),
    ];
    vec![Effect::Request(ClientRequest::InjectSide {
        params: ThreadInjectItemsParams {
            thread_id: id,
            items,
        },
        question,
    })]
}

/// The items are in: the question goes as the side thread's first turn.
pub(crate) fn injected(
    state: &mut Session,
    thread_id: String,
    question: String,
    answer: Answer<()>,
    now: Instant,
) -> Vec<Effect> {
    if let Err(e) = answer {
        say(
            state,
            &thread_id,
            NoticeLevel::Error,
            format!("Could not prepare the side conversation: {e}"),
        );
        return vec![];
    }
    ask(state, &thread_id, &question, now)
}

/// A turn of the side thread with `text`.
fn ask(state: &mut Session, thread_id: &str, text: &str, now: Instant) -> Vec<Effect> {
    let (model, _) = state.threads.touch(thread_id);
    model.turn = TurnPhase::Starting { since: now };
    vec![Effect::Request(ClientRequest::SideTurn(TurnStartParams {
        thread_id: thread_id.to_string(),
        input: vec![UserInput::text(text)],
        overrides: Default::default(),
    }))]
}

/// `turn/start` on the side thread answered.
pub(crate) fn turn_answered(
    state: &mut Session,
    thread_id: &str,
    answer: Answer<TurnStartResponse>,
) -> Vec<Effect> {
    let Some(model) = state.threads.get_mut(thread_id) else {
        return vec![];
    };
    match answer {
        Ok(response) => {
            if let TurnPhase::Starting { since } = model.turn {
                if !model.finished_turns.contains(&response.turn.id) {
                    model.turn = TurnPhase::Running {
                        id: response.turn.id,
                        since,
                    };
                }
            }
        }
        Err(e) => {
            model.turn = TurnPhase::Idle;
            model.transcript.notice(
                NoticeLevel::Error,
                format!("The side question was refused: {e}"),
            );
        }
    }
    vec![]
}

/// What the person wrote while the pane is open: a new question for the side thread. Given
/// back to the composer while the side thread cannot take it.
pub(crate) fn send(state: &mut Session, text: String, now: Instant) -> Vec<Effect> {
    let Some(id) = state.side.open.clone() else {
        state.composer.set_text(&text);
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "The side conversation is starting: send once it is open.",
        );
        return vec![];
    };
    if state.threads.get(&id).is_some_and(|m| m.turn_active()) {
        state.composer.set_text(&text);
        say(
            state,
            &id,
            NoticeLevel::Warning,
            "The side answer is still coming: send once it ends (Esc stops it).".into(),
        );
        return vec![];
    }
    ask(state, &id, &text, now)
}

/// Esc while the side answer runs: stops it.
pub(crate) fn interrupt(state: &mut Session, now: Instant) -> Vec<Effect> {
    let Some(id) = state.side.open.clone() else {
        return vec![];
    };
    let Some(model) = state.threads.get_mut(&id) else {
        return vec![];
    };
    let Some(turn_id) = model.active_turn_id().map(str::to_string) else {
        return vec![];
    };
    model.turn = TurnPhase::Interrupting {
        id: turn_id.clone(),
        since: now,
    };
    vec![Effect::Request(ClientRequest::InterruptTurn(
        TurnInterruptParams {
            thread_id: id,
            turn_id,
        },
    ))]
}

/// Whether the side thread in the pane is answering.
pub(crate) fn answering(state: &Session) -> bool {
    state
        .side
        .open
        .as_deref()
        .and_then(|id| state.threads.get(id))
        .is_some_and(|m| m.turn_active())
}

/// The pane closes: the composer goes back to the main thread. `archive` archives the side
/// thread (`thread/archive`); otherwise it stays, to reopen with `/side` alone. A side answer
/// still running is stopped first.
pub(crate) fn close(state: &mut Session, archive: bool, now: Instant) -> Vec<Effect> {
    let mut effects = interrupt(state, now);
    state.side.starting = None;
    let Some(id) = state.side.open.take() else {
        return effects;
    };
    if archive {
        state.side.earlier.retain(|s| s.id != id);
        effects.push(Effect::Request(ClientRequest::ArchiveSide(
            ThreadIdParams { thread_id: id },
        )));
    }
    effects
}

/// `/side` alone, then a pick: the earlier side conversation `id` back in the pane.
pub(crate) fn reopen(state: &mut Session, id: &str) {
    if state.side.earlier.iter().any(|s| s.id == id) {
        state.side.open = Some(id.to_string());
        state.threads.touch(id);
    }
}

/// `thread/archive` of a side thread answered.
pub(crate) fn archived(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    match answer {
        Ok(()) => state
            .shown
            .transcript
            .notice(NoticeLevel::Info, "Side conversation archived."),
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not archive the side conversation: {e}"),
        ),
    }
    vec![]
}

/// A notice in the side thread's own transcript (the pane shows it).
fn say(state: &mut Session, thread_id: &str, level: NoticeLevel, text: String) {
    let (model, _) = state.threads.touch(thread_id);
    model.transcript.notice(level, text);
}
