//! The server died, or the person gave up on a silent one: Ctrl+R starts a new app-server
//! (`Effect::RestartServer`, carried out by the runtime), `initialize`s it and resumes the same
//! thread with `thread/resume`; the transcript and the draft stay as they were.
//!
//! Prompts queued for the old server (`outbox`) are never sent behind the person's back:
//! while the server is down they stay listed above the composer as "not sent"; a restart moves
//! them into the composer, above the draft, so they can be read, edited and sent again with
//! Enter once the thread is back. Whatever is still unsent when tern
//! exits is printed after the terminal is restored (`outbox::unsent_text`).

use super::actions::fail;
use super::health;
use super::lifecycle;
use super::outbox;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::health::DownCause;
use crate::session::state::lifecycle::{Lifecycle, Open};
use crate::session::state::{Session, ThreadModel, TurnPhase};
use std::time::Instant;

/// The connection closed: say what happened (exit status or signal, the last stderr lines) and
/// offer the restart key. What the person typed stays.
pub(crate) fn on_disconnected(state: &mut Session, reason: String) -> Vec<Effect> {
    lost(state, reason, true)
}

/// A link whose server lives on could not be made good again (the redial gave up, or was
/// refused): the box, with words that do not say the server ended.
pub(crate) fn on_unreachable(state: &mut Session, reason: String) -> Vec<Effect> {
    lost(state, reason, false)
}

fn lost(state: &mut Session, reason: String, server_ended: bool) -> Vec<Effect> {
    if state.quitting {
        return vec![];
    }
    // The old server, on its way out because a new one was asked for.
    if matches!(state.lifecycle, Lifecycle::Restarting { .. }) {
        return vec![];
    }
    // Gone before it answered `initialize`: its last words (often about its config) are why.
    let at_startup = state.server.is_none();
    state.health.closed = true;
    // A reconnect by itself that gave up (or was refused) ends here too.
    state.reconnect = None;
    let pending = state.questions.clear().len();
    lose_turns(state);
    let unsent = state.outbox.queued.len();
    let mut message = format!("Lost the connection to codex: {reason}.");
    if pending > 0 {
        message.push_str(&format!(
            " {pending} approval request(s) were dropped unanswered."
        ));
    }
    if unsent > 0 {
        message.push_str(&format!(
            " {unsent} queued prompt(s) were not sent; they stay listed, and a restart puts them \
             back in the composer."
        ));
    }
    if !server_ended {
        message.push_str(
            " The server may still be running there with the thread. What you typed is kept; \
             Ctrl+R tries to connect again and resumes the thread.",
        );
    } else if state.config.connected_to.is_some() {
        // Over plain stdio (`ssh host codex app-server`) the server ends with its link, and
        // its running turn with it: nothing to rejoin, only the saved thread to resume.
        message.push_str(
            " The codex at the other end ended with the link, and any running turn with it \
             (connect with ?daemon, a websocket or the service's socket for work that survives \
             a drop). What you typed is kept; Ctrl+R connects again and resumes the thread.",
        );
    } else {
        message.push_str(" What you typed is kept; Ctrl+R restarts codex and resumes the thread.");
    }
    let detail = reason;
    health::show(
        state,
        if at_startup && server_ended {
            DownCause::ExitedAtStartup { detail }
        } else {
            DownCause::Exited { detail }
        },
    );
    fail(state, message)
}

/// Ctrl+R on the server-down box: the old server goes (killed if still running), a new one
/// starts. Pressed again while that is under way, it does nothing.
pub(crate) fn restart(state: &mut Session, _now: Instant) -> Vec<Effect> {
    match &mut state.health.down {
        Some(down) if down.restarting => return vec![],
        Some(down) => down.restarting = true,
        None => {}
    }
    let kill = if state.health.closed {
        None
    } else {
        state.health.pid
    };
    // Questions of the old server cannot be answered any more.
    state.questions.clear();
    lose_turns(state);
    outbox::keep_unsent(state);
    state.server = None;
    state.lifecycle = Lifecycle::Restarting {
        thread: state.shown.thread.as_ref().map(|t| t.id.clone()),
    };
    state.health.reset();
    vec![Effect::RestartServer { kill }]
}

/// The runtime started a new server (its pid), or could not: `initialize` it, then resume the
/// thread that was open (or open what the session was asked to, if none was yet).
pub(crate) fn on_restarted(
    state: &mut Session,
    result: Result<Option<u32>, String>,
    now: Instant,
) -> Vec<Effect> {
    let Lifecycle::Restarting { thread } = state.lifecycle.clone() else {
        return vec![];
    };
    match result {
        Ok(pid) => {
            state.health.pid = pid;
            state.health.started = Some(now);
            let then = match thread {
                Some(thread) => Open::Restore(thread),
                None => Open::first(&state.config.resume),
            };
            lifecycle::connect(state, then, true)
        }
        Err(detail) => {
            state.health.closed = true;
            health::show(
                state,
                DownCause::StartFailed {
                    detail: detail.clone(),
                },
            );
            fail(
                state,
                format!("Could not start codex app-server again: {detail}"),
            )
        }
    }
}

/// The running turns end with the server: their cells stop "running" (the shown thread's, and
/// any sub-agent's kept aside, which ran on the same server).
fn lose_turns(state: &mut Session) {
    if lose_turn(&mut state.shown) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "The running turn ended with the server.",
        );
    }
    for model in state.threads.models_mut() {
        lose_turn(model);
    }
    outbox::requeue_unanswered(state);
}

/// Ends `model`'s running turn, if any; returns whether there was one.
fn lose_turn(model: &mut ThreadModel) -> bool {
    let running = model.active_turn_id().map(str::to_string);
    if let Some(id) = &running {
        model.transcript.settle_turn(id, false);
        model.finished_turns.insert(id.clone());
    }
    model.turn = TurnPhase::Idle;
    model.turn_tokens = None;
    running.is_some()
}
