//! Ctrl+C does the least drastic thing that applies: refuse the questions waiting and stop the
//! turn; else close the history search (as Esc does, like bash's Ctrl+R; the router's step, as
//! it closes a layer); else interrupt the running turn, else clear the draft (Up brings it
//! back), else ask for a second press within two seconds to quit.

use super::actions::{cancel_shown_questions, interrupt, quit};
use crate::session::effect::Effect;
use crate::session::state::{Session, TurnPhase};
use std::time::{Duration, Instant};

/// How long "Ctrl+C again to quit" waits for the second press.
pub(crate) const CONFIRM: Duration = Duration::from_secs(2);

/// The steps after the questions and the history search (see the router).
pub(crate) fn ctrl_c(state: &mut Session, now: Instant) -> Vec<Effect> {
    // A question only comes while a turn runs, so this is the interrupting step: every question
    // on screen is refused with `cancel` (no, and stop the turn) and the turn is interrupted.
    // Nothing is approved, and the session stays. A parked question is never refused here: the
    // person put it aside to answer later.
    if !state.questions.is_empty() {
        state.quit_armed_until = None;
        let mut effects = cancel_shown_questions(state);
        effects.extend(interrupt(state));
        return effects;
    }
    if matches!(state.shown.turn, TurnPhase::Running { .. }) {
        state.quit_armed_until = None;
        return interrupt(state);
    }
    if !state.composer.is_empty() {
        state.composer.clear_into_history();
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

/// What "Ctrl+C again to quit" says: the questions still waiting (quitting refuses them), how
/// many and where.
pub(crate) fn armed_words(state: &Session) -> String {
    match super::inbox::waiting_words(state) {
        Some(waiting) => format!("Ctrl+C again to quit and refuse the questions ({waiting})"),
        None => "Ctrl+C again to quit".to_string(),
    }
}

/// "Ctrl+C again to quit" is showing.
pub(crate) fn armed(state: &Session, now: Instant) -> bool {
    state.quit_armed_until.is_some_and(|until| now < until)
}

/// What the next Ctrl+C does, for the hint bar.
pub(crate) fn next_step(state: &Session) -> &'static str {
    if !state.questions.is_empty() {
        "refuse and stop"
    } else if matches!(state.shown.turn, TurnPhase::Running { .. }) {
        "interrupt"
    } else if !state.composer.is_empty() {
        "clear"
    } else {
        "quit"
    }
}
