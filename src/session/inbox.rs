//! The inbox of waiting questions, as the session's operations: parking the question on
//! screen (`l` / Ctrl+T), where a new question goes (on screen when it is about what the person
//! looks at, else parked), and what quitting says of the questions still waiting. A parked
//! question answers nothing: its turn keeps waiting on the server, and its thread keeps
//! receiving its events (kept aside, `switch`) until the person answers it from the inbox.

use crate::model::{NoticeLevel, Question};
use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::Instant;

/// `l` / Ctrl+T on a question: it leaves the screen and waits in the inbox.
pub(crate) fn park(state: &mut Session, now: Instant) -> Vec<Effect> {
    if state
        .questions
        .front()
        .is_some_and(|q| q.question.is_local())
    {
        // tern's own question (the plan chooser) waits on nothing of the server's.
        return vec![];
    }
    if state.questions.park_front(now) {
        super::notices::repeated(
            state,
            NoticeLevel::Info,
            "Later: the question waits in the inbox (Ctrl+T or /inbox), its turn with it."
                .to_string(),
        );
    }
    vec![]
}

/// Whether a question of `thread_id` takes the screen: it is about the thread shown or one of
/// its agents (or no thread is shown yet). Any other thread's waits in the inbox, and the
/// person is called back (`attention`) without losing what they type.
pub(crate) fn shows(state: &Session, thread_id: &str) -> bool {
    match state.thread_id() {
        None => true,
        Some(shown) => {
            thread_id.is_empty() || shown == thread_id || state.agents.in_family(thread_id)
        }
    }
}

/// A question the server asked: on screen, or parked.
pub(crate) fn asked(state: &mut Session, question: Question, now: Instant) {
    if shows(state, question.thread_id()) {
        let server = state.server_id.clone();
        state.questions.ask(&server, question, now);
    } else {
        let server = state.server_id.clone();
        state.questions.ask_aside(&server, question, now);
    }
}

/// What quitting says of the questions still waiting (how many, and where), if any wait.
pub(crate) fn waiting_words(state: &Session) -> Option<String> {
    let parked = state.questions.parked().count();
    let shown = state.questions.len();
    match (shown, parked) {
        (0, 0) => None,
        (0, n) => Some(format!("{n} waiting in the inbox")),
        (s, 0) => Some(format!("{s} on screen")),
        (s, n) => Some(format!("{s} on screen, {n} in the inbox")),
    }
}

/// What thread `thread_id` is called: its title when it has one, an agent's name, else its id.
/// Unsanitised: the drawing sanitises.
pub(crate) fn thread_name(state: &Session, thread_id: &str) -> String {
    state
        .titles
        .name_of(thread_id)
        .map(str::to_string)
        .or_else(|| state.agents.get(thread_id).map(|agent| agent.name()))
        .unwrap_or_else(|| thread_id.to_string())
}

/// How the inbox and the board name thread `thread_id`: its title when it has one, an agent's
/// name, else its id; the thread on screen says so. Unsanitised: the drawing sanitises.
pub(crate) fn thread_label(state: &Session, thread_id: &str) -> String {
    let name = thread_name(state, thread_id);
    if state.thread_id() == Some(thread_id) {
        format!("{name} (shown)")
    } else {
        name
    }
}
