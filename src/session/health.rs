//! Is the server answering? Told from `now` (the app reads no clock):
//! - a server that has not answered `initialize` within `Timeouts::initialize`;
//! - a server quiet for `Timeouts::silence` while a turn runs. Quiet is not stuck: a model may
//!   think for minutes before its first byte, and the server says nothing meanwhile (the
//!   official TUI just waits). So a quiet server is *checked*: it is sent a request it answers
//!   at once whatever the model does (`thread/loaded/list`, a list of ids in memory), and the
//!   runtime reads its process state (`Effect::InspectServer`). An answer — or any word — means
//!   the model is thinking: nothing is shown, and the check is made again after the next
//!   silence. Only a probe left unanswered for `Timeouts::probe` (`STOPPED_PROBE` when the
//!   process is seen stopped) shows the server-down box (`Health::down`) with the restart key.
//!
//! A word from the server takes a suspected box away again.

use crate::session::effect::Effect;
use crate::session::event::AppEvent;
use crate::session::request::ClientRequest;
use crate::session::state::health::{DownCause, Probe, ProcessState, ServerDown, STOPPED_PROBE};
use crate::session::state::{Session, TurnPhase};
use std::time::Instant;

/// Notes what `event` says about the server's health, before the event is handled.
pub(crate) fn observe(state: &mut Session, event: &AppEvent, now: Instant) {
    state.health.started.get_or_insert(now);
    let heard = match event {
        AppEvent::Notification(_) | AppEvent::ServerRequest { .. } => true,
        AppEvent::Reply(reply) => reply.heard(),
        _ => false,
    };
    if heard {
        state.health.last_heard = Some(now);
        // Whatever it said, it answers: the check (if one was out) is settled.
        state.health.probe = None;
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

/// On a tick: has a deadline passed? A quiet server gets its check here.
pub(crate) fn check(state: &mut Session, now: Instant) -> Vec<Effect> {
    if let Some(at) = initialize_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.initialize.as_secs();
            let binary = state.health.binary.clone();
            let remote = state.config.connected_to.clone();
            show(
                state,
                DownCause::NoAnswer {
                    secs,
                    binary,
                    remote,
                },
            );
        }
    }
    if let Some(at) = probe_deadline(state) {
        if now >= at {
            let health = &state.health;
            let stopped = match health.probe.as_ref().and_then(|p| p.process) {
                Some(ProcessState::Stopped { pid }) => Some(pid),
                _ => None,
            };
            let cause = DownCause::Silent {
                secs: health.timeouts.silence.as_secs(),
                probe_secs: now
                    .saturating_duration_since(health.probe.as_ref().map_or(now, |p| p.sent))
                    .as_secs(),
                pid: health.pid,
                stopped,
            };
            state.health.probe = None;
            show(state, cause);
        }
        return vec![];
    }
    if let Some(at) = silence_deadline(state) {
        if now >= at {
            return probe(state, now);
        }
    }
    vec![]
}

/// Sends the check on a quiet server: the request it must answer, and a look at its process.
fn probe(state: &mut Session, now: Instant) -> Vec<Effect> {
    state.health.probe = Some(Probe {
        sent: now,
        process: None,
    });
    let mut effects = vec![Effect::Request(ClientRequest::Ping)];
    if let Some(pid) = state.health.pid {
        effects.push(Effect::InspectServer { pid });
    }
    effects
}

/// The runtime's look at the process `pid` (`Effect::InspectServer`). Kept for the words of
/// the box, and a stopped process shortens the wait for the probe's answer.
pub(crate) fn inspected(state: &mut Session, pid: u32, process: ProcessState) {
    if state.health.pid != Some(pid) {
        return; // a server replaced since
    }
    if let Some(probe) = &mut state.health.probe {
        probe.process = Some(process);
    }
}

/// When `check` must run next, if ever.
pub(crate) fn next_deadline(state: &Session) -> Option<Instant> {
    let quiet = probe_deadline(state).or_else(|| silence_deadline(state));
    match (initialize_deadline(state), quiet) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Shows `cause` in the server-down box, in place of what it said before.
pub(crate) fn show(state: &mut Session, cause: DownCause) {
    state.health.down = Some(ServerDown::new(cause));
}

fn down_shown(state: &Session) -> bool {
    state.health.down.is_some()
}

/// `initialize` was sent and not answered yet.
fn initialize_deadline(state: &Session) -> Option<Instant> {
    let health = &state.health;
    // While a dropped link is dialled again, the redial's own schedule decides when to stop.
    if state.server.is_some()
        || health.closed
        || state.quitting
        || down_shown(state)
        || state.reconnect.is_some()
    {
        return None;
    }
    Some(health.started? + health.timeouts.initialize)
}

/// Whether the server owes us a word: a turn is running (or being started or interrupted) and
/// no question waits for the person. Returns since when.
fn owed_since(state: &Session) -> Option<Instant> {
    let health = &state.health;
    if health.closed
        || state.quitting
        // A parked question waits on the person too: the server owes nothing then.
        || state.questions.waiting_count() > 0
        || down_shown(state)
        || state.reconnect.is_some()
    {
        return None;
    }
    match &state.shown.turn {
        TurnPhase::Idle => None,
        TurnPhase::Starting { since }
        | TurnPhase::Running { since, .. }
        | TurnPhase::Interrupting { since, .. } => Some(*since),
    }
}

/// When a quiet server is checked: `silence` after its last word (or the turn's start).
fn silence_deadline(state: &Session) -> Option<Instant> {
    let since = owed_since(state)?;
    if state.health.probe.is_some() {
        return None;
    }
    let health = &state.health;
    let last = health.last_heard.map_or(since, |heard| heard.max(since));
    Some(last + health.timeouts.silence)
}

/// When an unanswered check makes the server stuck.
fn probe_deadline(state: &Session) -> Option<Instant> {
    owed_since(state)?;
    let probe = state.health.probe.as_ref()?;
    let wait = match probe.process {
        Some(ProcessState::Stopped { .. }) => STOPPED_PROBE.min(state.health.timeouts.probe),
        _ => state.health.timeouts.probe,
    };
    Some(probe.sent + wait)
}
