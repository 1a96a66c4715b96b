//! Is the server answering? Two deadlines, told from `now` (the app reads no clock): a server
//! that has not answered `initialize` within `Timeouts::initialize`, and one that says nothing
//! for `Timeouts::silence` while a turn runs (stopped with SIGSTOP, or stuck). Either shows the
//! server-down box (`Health::down`, drawn in the composer's place with the restart key); a word
//! from the server takes it away again.

use crate::app::event::AppEvent;
use crate::app::state::health::{DownCause, ServerDown};
use crate::app::state::{Session, TurnPhase};
use std::time::Instant;

/// Notes what `event` says about the server's health, before the event is handled.
pub fn observe(state: &mut Session, event: &AppEvent, now: Instant) {
    state.health.started.get_or_insert(now);
    let heard = match event {
        AppEvent::Notification(_) | AppEvent::ServerRequest { .. } => true,
        AppEvent::Reply(reply) => reply.heard(),
        _ => false,
    };
    if heard {
        state.health.last_heard = Some(now);
        // It was only slow, or stopped and continued: say nothing more about it.
        let suspected = state.health.down.as_ref().is_some_and(|down| {
            !down.restarting
                && matches!(
                    down.cause,
                    DownCause::NoAnswer { .. } | DownCause::Silent { .. }
                )
        });
        if suspected {
            state.health.down = None;
        }
    }
}

/// On a tick: has a deadline passed?
pub fn check(state: &mut Session, now: Instant) {
    if let Some(at) = initialize_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.initialize.as_secs();
            let binary = state.health.binary.clone();
            show(state, DownCause::NoAnswer { secs, binary });
        }
    }
    if let Some(at) = silence_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.silence.as_secs();
            let pid = state.health.pid;
            show(state, DownCause::Silent { secs, pid });
        }
    }
}

/// When `check` must run next, if ever.
pub fn next_deadline(state: &Session) -> Option<Instant> {
    match (initialize_deadline(state), silence_deadline(state)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Shows `cause` in the server-down box, in place of what it said before.
pub fn show(state: &mut Session, cause: DownCause) {
    state.health.down = Some(ServerDown::new(cause));
}

fn down_shown(state: &Session) -> bool {
    state.health.down.is_some()
}

/// `initialize` was sent and not answered yet.
fn initialize_deadline(state: &Session) -> Option<Instant> {
    let health = &state.health;
    if state.server.is_some() || health.closed || state.quitting || down_shown(state) {
        return None;
    }
    Some(health.started? + health.timeouts.initialize)
}

/// A turn is running (or being started or interrupted) and no question waits for the person:
/// the server owes us a word.
fn silence_deadline(state: &Session) -> Option<Instant> {
    let health = &state.health;
    if health.closed || state.quitting || !state.questions.is_empty() || down_shown(state) {
        return None;
    }
    let since = match &state.shown.turn {
        TurnPhase::Idle => return None,
        TurnPhase::Starting { since }
        | TurnPhase::Running { since, .. }
        | TurnPhase::Interrupting { since, .. } => *since,
    };
    let last = health.last_heard.map_or(since, |heard| heard.max(since));
    Some(last + health.timeouts.silence)
}
