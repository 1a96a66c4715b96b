//! The server-down box as a layer: what happened (`health::ServerDown`, kept in the session's
//! health and drawn in the composer's place) and one key, Ctrl+R, to start a new app-server and
//! resume the same thread. Every other key falls through to the composer, so typing goes on and
//! nothing typed is lost. (Ctrl+R rather than a letter: a person typing a draft must not
//! restart the server by accident.)

use super::{Hint, Input, Outcome};
use crate::app::health::ServerDown;
use crate::app::state::AppState;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

/// The box's keys: Ctrl+R restarts; the rest is not for it.
pub fn handle(state: &mut AppState, input: &Input<'_>, now: Instant) -> Outcome {
    match input {
        Input::Key(key)
            if key.code == KeyCode::Char('r') && key.modifiers.contains(KeyModifiers::CONTROL) =>
        {
            Outcome::Consumed(crate::app::restart::restart(state, now))
        }
        _ => Outcome::Ignored,
    }
}

pub fn hints(down: &ServerDown) -> Vec<Hint> {
    let mut hints = Vec::new();
    if !down.restarting {
        hints.push(Hint::new("Ctrl+R", "restart codex and resume the thread"));
    }
    hints.push(Hint::new("PgUp/PgDn", "scroll"));
    hints.push(Hint::new("Ctrl+C", "quit"));
    hints
}
