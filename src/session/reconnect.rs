//! A dropped link to a server that lives on (a websocket, the local service's socket, an ssh
//! proxy to a remote service; protocol notes §1.4): tern dials it again by itself on the
//! backoff schedule, shows "connection lost — reconnecting (attempt n)" in the status line
//! instead of the server-down box, and once the link is back runs `initialize` and
//! `thread/resume` and picks the thread up where it is.
//!
//! Nothing is given up meanwhile: the draft and the queued messages stay (they go out once the
//! thread is back and idle). The line says only that the link broke: a server that lived on
//! still runs the turn, one that had stopped (nobody listened to the redials) ended it, and
//! `rejoin` says which once it answers. A running turn on a server that lived on goes on (its
//! later deltas arrive for items whose start tern saw before the drop, or never saw, and are
//! built lazily), and the open questions stay on screen. A question cannot be answered while
//! the link is down: its request id belonged to the lost connection. After `thread/resume` the
//! server asks a pending question again with a new id; it is matched to the one on screen by its
//! item (`questions::QuestionQueue::ask`), so the person keeps their place in it. What happens
//! once the thread is back is `rejoin`'s.

use super::restart;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::lifecycle::Lifecycle;
use crate::session::state::reconnect::{Reconnect, LOST_NOTICE};
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::time::Instant;

/// The link dropped and the server lives on: dial again (the runtime's restart path redials a
/// remote in the background), keeping everything. A drop before any link was ever made good,
/// or while a reconnect is still getting its `initialize` answered (the redial gave up, or
/// was refused), is a lost connection like any other: the server-down box and Ctrl+R.
pub(crate) fn on_link_dropped(state: &mut Session, reason: String, now: Instant) -> Vec<Effect> {
    if state.quitting {
        return vec![];
    }
    let resumable = match &state.lifecycle {
        Lifecycle::Ready | Lifecycle::Opening(_) | Lifecycle::Picking | Lifecycle::Trusting(_) => {
            true
        }
        Lifecycle::Connecting { again, .. } => !again,
        Lifecycle::Restarting { .. } | Lifecycle::Failed(_) => false,
    };
    if !resumable {
        return restart::on_unreachable(state, reason);
    }
    let running = state.shown.active_turn_id().map(str::to_string);
    // Only what is known: the link broke. Whether the server (and a running turn) lives on
    // is said once it answers again (`rejoin`).
    state.shown.transcript.notice(
        NoticeLevel::Warning,
        format!(
            "{LOST_NOTICE}{}. Reconnecting by itself; your draft and queued messages are kept.",
            sanitize_line(&reason).trim().trim_end_matches('.')
        ),
    );
    state.reconnect = Some(Reconnect::new(now, reason, running));
    // Their ids belonged to the lost connection; the server asks again after the resume.
    let server = state.server_id.clone();
    state.questions.mark_stale(&server);
    state.server = None;
    state.lifecycle = Lifecycle::Restarting {
        thread: state.shown.thread.as_ref().map(|t| t.id.clone()),
    };
    state.health.reset();
    // Reconnecting by itself says so in the status line, not in the box.
    state.health.down = None;
    vec![Effect::RestartServer { kill: None }]
}

/// An attempt to dial failed; another follows. Shown in the status line while reconnecting by
/// itself; after Ctrl+R (the server-down box is up) said once in the transcript, counted.
pub(crate) fn on_redialing(
    state: &mut Session,
    attempt: u32,
    why: String,
    nobody_listens: bool,
) -> Vec<Effect> {
    match &mut state.reconnect {
        Some(reconnect) => {
            reconnect.attempt = attempt.saturating_add(1);
            reconnect.why = why;
            reconnect.server_was_down |= nobody_listens;
        }
        None => super::notices::repeated(
            state,
            NoticeLevel::Warning,
            format!("connection lost — reconnecting, waiting longer each time: {why}"),
        ),
    }
    vec![]
}
