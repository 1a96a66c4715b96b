//! Moving between the main thread and its sub-agents: entering an agent puts its own thread on
//! screen (its transcript, its turn, followed live), and the way back is the same move. Every
//! move is a `thread/resume` without the person's settings (`Open::Agent`; an agent keeps its
//! own model), whose answer shows the thread's kept model and pages in its older turns
//! (`lifecycle::adopt_thread`, `switch::show_thread`) — what the official TUI sends too.
//!
//! The person's waiting messages stay with the thread they were written for (`switch`). A
//! message on its way (a turn starting, a steer not yet answered) holds the move back until
//! codex has taken it, since those answers apply to the thread on screen.

use super::lifecycle;
use crate::model::agents::Agent;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::lifecycle::{Lifecycle, Open};
use crate::session::state::{Session, TurnPhase};

/// Shows thread `thread_id`, one of the main thread's family (an agent, or the main thread).
pub(crate) fn enter(state: &mut Session, thread_id: &str) -> Vec<Effect> {
    if state.thread_id() == Some(thread_id) {
        return vec![];
    }
    if !state.agents.in_family(thread_id) {
        tracing::warn!(thread = thread_id, "not one of the main thread's agents");
        return vec![];
    }
    if let Some(why) = held_back(state) {
        state.shown.transcript.notice(NoticeLevel::Warning, why);
        return vec![];
    }
    lifecycle::open(state, Open::Agent(thread_id.to_string()))
}

/// Alt+← / Alt+→: the previous or next of the main thread and its agents (in the order they
/// appeared), round the ends.
pub(crate) fn step(state: &mut Session, forward: bool) -> Vec<Effect> {
    let order = state.agents.order();
    if order.len() < 2 {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "No sub-agents in this thread yet: Alt+←/→ move between the main thread and its agents.",
        );
        return vec![];
    }
    // From a thread outside the family (none should be shown): the main thread.
    let here = state
        .thread_id()
        .and_then(|id| order.iter().position(|t| *t == id));
    let next = match here {
        None => 0,
        Some(i) if forward => (i + 1) % order.len(),
        Some(i) => (i + order.len() - 1) % order.len(),
    };
    let target = order[next].to_string();
    enter(state, &target)
}

/// Why the shown thread cannot be left just now, if it cannot.
fn held_back(state: &Session) -> Option<&'static str> {
    if !state.lifecycle.is_ready() {
        return Some(match state.lifecycle {
            Lifecycle::Opening(_) => "A thread is opening: switch once it is on screen.",
            _ => "Not connected to codex: nothing to switch to.",
        });
    }
    if matches!(state.shown.turn, TurnPhase::Starting { .. })
        || state.outbox.steering.iter().any(|s| !s.accepted)
    {
        return Some("Your message is on its way to this thread: switch once codex has taken it.");
    }
    None
}

/// The agent on screen, when the person entered one.
pub(crate) fn watching(state: &Session) -> Option<&Agent> {
    let id = state.thread_id()?;
    if state.agents.root() == Some(id) {
        return None;
    }
    state.agents.get(id)
}

/// Whether the composer's messages go to the thread on screen: everywhere but an agent that
/// said it takes no direct turns (`canAcceptDirectInput: false`).
pub(crate) fn takes_messages(state: &Session) -> bool {
    watching(state).is_none_or(|a| a.direct_input != Some(false))
}
