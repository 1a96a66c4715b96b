//! What a panic must not take with it. tern prints the unsent text (queued prompts, the draft,
//! steers not confirmed) after its screen is gone; a panic unwinds past the loop that would
//! print it, but it drops the state on the way: the state's destructor, seeing a panic in
//! progress, leaves what is unsent here, and `main` prints it once the terminal is restored.
//! Data only: nothing here does IO.

use super::outbox::{unconfirmed_steers, unsent_text};
use crate::session::state::Session;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

/// What a session left when it ended by a panic.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Leftovers {
    pub thread_id: Option<String>,
    pub copied: Option<String>,
    pub unsent: Option<String>,
    pub unconfirmed: Option<String>,
}

static LEFT_BY_PANIC: Mutex<Option<Leftovers>> = Mutex::new(None);

/// What the last state dropped during a panic left, taken once.
pub(crate) fn take_left_by_panic() -> Option<Leftovers> {
    LEFT_BY_PANIC
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take()
}

impl Drop for Session {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        // The state may be half-way through the update that panicked: reading it may panic
        // again, which must not turn the unwinding into an abort.
        let state = AssertUnwindSafe(&*self);
        let Ok(left) = catch_unwind(move || Leftovers {
            thread_id: state.thread_id().map(str::to_string),
            copied: state.copied.clone(),
            unsent: unsent_text(&state),
            unconfirmed: unconfirmed_steers(&state),
        }) else {
            return;
        };
        *LEFT_BY_PANIC
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(left);
    }
}
