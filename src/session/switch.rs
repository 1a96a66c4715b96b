//! Which thread is on screen. One operation changes it: [`show_thread`] puts a thread's model
//! on screen — the one kept for it, or a new one if tern has heard nothing of it yet — and
//! keeps the one shown before aside with the others, where its events go on arriving. Entering
//! a sub-agent's thread and going back, opening a thread from the picker, and following a
//! thread another window also shows, all go through it.
//!
//! Switching sends nothing by itself: a thread tern did not open has no history loaded and is
//! not subscribed to; what opens it (`thread/resume`, then paging its older turns) is the
//! caller's, and its answer adopts the thread (`lifecycle::adopt_thread`).

use crate::model::NoticeLevel;
use crate::session::state::threads::KEPT_THREADS;
use crate::session::state::{Session, ThreadModel};

/// Puts thread `thread_id` on screen (nothing changes if it is there already).
pub fn show_thread(state: &mut Session, thread_id: &str) {
    if state.thread_id() == Some(thread_id) {
        return;
    }
    let model = state
        .threads
        .take(thread_id)
        .unwrap_or_else(|| ThreadModel::of(thread_id));
    show(state, model);
}

/// Puts `model` on screen; the one shown before is kept aside (the model of no thread, before
/// the first one opened, is let go).
pub(crate) fn show(state: &mut Session, model: ThreadModel) {
    let mut previous = std::mem::replace(&mut state.shown, model);
    // The person's waiting messages stay with the thread they were written for; those written
    // before any thread was open go to the one that opens.
    if previous.id.is_some() {
        previous.outbox = std::mem::take(&mut state.outbox);
        state.outbox = std::mem::take(&mut state.shown.outbox);
    }
    if let Some(dropped) = state.threads.park(previous) {
        let_go(state, &dropped);
    }
}

/// The model of no thread on screen: what `/new` shows until the new thread is there. The
/// screen is clean: inline mode writes a rule under what the scrollback holds.
pub(crate) fn show_no_thread(state: &mut Session) {
    show(state, ThreadModel::lobby());
    state.clean_screens += 1;
}

/// Thread `dropped` was let go to keep the bound: said once, then counted, on screen.
pub(crate) fn let_go(state: &mut Session, dropped: &str) {
    tracing::info!(
        thread = dropped,
        "let go of the model of a thread not shown"
    );
    super::notices::repeated(
        state,
        NoticeLevel::Info,
        format!(
            "tern keeps the {KEPT_THREADS} most recently active threads besides this one: an \
             older one was let go (/resume opens it again)."
        ),
    );
}
