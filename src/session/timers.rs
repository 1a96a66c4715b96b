//! Time in the session: every part that acts, or changes its look, at a moment of its own
//! names that moment here and acts here when it comes — one line a part. The app reads no
//! clock: the runtime asks `AppState::next_tick` when to wake it, and sends `AppEvent::Tick`
//! then. A key held at a question is the router's to route when its moment comes
//! (`router::tick`); its moment is the questions' line here.

use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::session::{first_run, health};
use std::time::Instant;

/// The earliest moment some part of the session waits for, if any.
pub(crate) fn next_deadline(session: &Session, now: Instant) -> Option<Instant> {
    let each = [
        // A key held at a question decides, or the front question becomes live.
        session.questions.next_deadline(now),
        // The server is late: `initialize` unanswered, or silent while a turn runs.
        health::next_deadline(session),
        // "Ctrl+C again to quit" goes.
        session.quit_armed_until.filter(|until| *until > now),
        // "Esc again to rewind" goes.
        session.rewind.armed_until.filter(|until| *until > now),
        // The config box tries codex's config file again by itself.
        first_run::next_deadline(session),
        // A call back put off while the person typed is due.
        session.attention.owed,
        // A layer's own moment (the picker's debounced server search); cleared when it comes.
        session.layer_timer,
    ];
    each.into_iter().flatten().min()
}

/// A moment named by `next_deadline` came: each part whose moment it is acts.
pub(crate) fn tick(session: &mut Session, now: Instant) -> Vec<Effect> {
    // The server is late: the box, or first a look at its process (`health`).
    let mut effects = health::check(session, now);
    // The config box's retry.
    effects.extend(first_run::tick(session, now));
    // A layer's moment: the layers hear of it, and the one waiting acts.
    if session.layer_timer.is_some_and(|at| at <= now) {
        session.layer_timer = None;
        session.layer_events.push(LayerEvent::LayerTimer);
    }
    effects
}
