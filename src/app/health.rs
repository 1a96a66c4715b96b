//! Is the server answering? Two deadlines, told from `now` (the app reads no clock): a server
//! that has not answered `initialize` within `Timeouts::initialize`, and one that says nothing
//! for `Timeouts::silence` while a turn runs (stopped with SIGSTOP, or stuck). Either opens the
//! server-down layer with the restart key; a word from the server closes it again.

use super::event::AppEvent;
use super::layers::server_down::{self, Cause};
use super::layers::Layer;
use super::state::{AppState, TurnPhase};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    pub initialize: Duration,
    pub silence: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            initialize: Duration::from_secs(10),
            silence: Duration::from_secs(30),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Health {
    pub timeouts: Timeouts,
    /// The app-server's process id, when it is a child process.
    pub pid: Option<u32>,
    /// The binary run as `<binary> app-server`, for the hint when it does not answer.
    pub binary: Option<String>,
    /// When the current server was started (the session's first event, or the restart).
    pub started: Option<Instant>,
    /// The last message from the server.
    pub last_heard: Option<Instant>,
    /// The connection closed: the process is gone (and reaped), nothing to kill.
    pub closed: bool,
    /// A restart is under way (see `restart`).
    pub restart: Option<super::restart::Restart>,
    /// How many times the server was restarted this session.
    pub restarts: u32,
}

/// Notes what `event` says about the server's health, before the event is handled.
pub fn observe(state: &mut AppState, event: &AppEvent, now: Instant) {
    state.health.started.get_or_insert(now);
    let heard = match event {
        AppEvent::Notification(_) | AppEvent::ServerRequest { .. } => true,
        AppEvent::Response { result, .. } => result.is_ok(),
        _ => false,
    };
    if heard {
        state.health.last_heard = Some(now);
        // It was only slow, or stopped and continued: say nothing more about it.
        let suspected = state.layers.iter().any(|layer| {
            matches!(layer, Layer::ServerDown(down)
                if !down.restarting && matches!(down.cause, Cause::NoAnswer { .. } | Cause::Silent { .. }))
        });
        if suspected {
            server_down::close(state);
        }
    }
}

/// On a tick: has a deadline passed?
pub fn check(state: &mut AppState, now: Instant) {
    if let Some(at) = initialize_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.initialize.as_secs();
            let binary = state.health.binary.clone();
            server_down::open(state, Cause::NoAnswer { secs, binary });
        }
    }
    if let Some(at) = silence_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.silence.as_secs();
            let pid = state.health.pid;
            server_down::open(state, Cause::Silent { secs, pid });
        }
    }
}

/// When `check` must run next, if ever.
pub fn next_deadline(state: &AppState) -> Option<Instant> {
    match (initialize_deadline(state), silence_deadline(state)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn down_shown(state: &AppState) -> bool {
    state
        .layers
        .iter()
        .any(|layer| matches!(layer, Layer::ServerDown(_)))
}

/// `initialize` was sent and not answered yet.
fn initialize_deadline(state: &AppState) -> Option<Instant> {
    let health = &state.health;
    if state.server.is_some() || health.closed || state.quitting || down_shown(state) {
        return None;
    }
    Some(health.started? + health.timeouts.initialize)
}

/// A turn is running (or being started or interrupted) and no question waits for the person:
/// the server owes us a word.
fn silence_deadline(state: &AppState) -> Option<Instant> {
    let health = &state.health;
    if health.closed || state.quitting || !state.questions.is_empty() || down_shown(state) {
        return None;
    }
    let since = match &state.turn {
        TurnPhase::Idle => return None,
        TurnPhase::Starting { since }
        | TurnPhase::Running { since, .. }
        | TurnPhase::Interrupting { since, .. } => *since,
    };
    let last = health.last_heard.map_or(since, |heard| heard.max(since));
    Some(last + health.timeouts.silence)
}
