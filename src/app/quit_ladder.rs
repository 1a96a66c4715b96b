//! Ctrl+C does the least drastic thing that applies: close the history search (as Esc does,
//! like bash's Ctrl+R), else interrupt the running turn, else clear the draft (Up brings it
//! back), else ask for a second press within two seconds to quit.

use super::actions::{cancel_questions, interrupt, quit};
use super::effect::Effect;
use super::layers::Layer;
use super::state::{AppState, TurnPhase};
use std::time::{Duration, Instant};

/// How long "Ctrl+C again to quit" waits for the second press.
pub const CONFIRM: Duration = Duration::from_secs(2);

pub fn ctrl_c(state: &mut AppState, now: Instant) -> Vec<Effect> {
    // A question only comes while a turn runs, so this is the interrupting step: every open
    // prompt is refused with `cancel` (no, and stop the turn) and the turn is interrupted. Nothing
    // is approved, and the session stays.
    if !state.questions.is_empty() {
        state.quit_armed_until = None;
        let mut effects = cancel_questions(state);
        effects.extend(interrupt(state));
        return effects;
    }
    // The search is abandoned and the composer left as it was: clearing the draft under it
    // would leave the search open, and its Esc "restoring" a draft that is gone.
    if matches!(state.layers.last(), Some(Layer::HistorySearch(_))) {
        state.layers.pop();
        state.quit_armed_until = None;
        return vec![];
    }
    if matches!(state.turn, TurnPhase::Running { .. }) {
        state.quit_armed_until = None;
        return interrupt(state);
    }
    if !state.composer.is_empty() {
        state.composer.clear_into_history();
        state.layers.retain(|layer| !layer.follows_draft());
        state.quit_armed_until = None;
        return vec![];
    }
    if armed(state, now) {
        return quit(state);
    }
    // Idle, or a turn still starting or being interrupted (a second press leaves even if the
    // server never answers).
    state.quit_armed_until = Some(now + CONFIRM);
    vec![]
}

/// "Ctrl+C again to quit" is showing.
pub fn armed(state: &AppState, now: Instant) -> bool {
    state.quit_armed_until.is_some_and(|until| now < until)
}

/// What the next Ctrl+C does, for the hint bar.
pub fn next_step(state: &AppState) -> &'static str {
    if !state.questions.is_empty() {
        "refuse and stop"
    } else if matches!(state.turn, TurnPhase::Running { .. }) {
        "interrupt"
    } else if !state.composer.is_empty() {
        "clear"
    } else {
        "quit"
    }
}
