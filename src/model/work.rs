//! A count of the steps views take, so tests can say a view's work is linear in what it shows
//! (the @ finder's highlighting, the resume picker's merging of search hits): a thread-local
//! counter the inner loops bump, read by tests, costing a thread-local add otherwise.

use std::cell::Cell;

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
}

/// Counts `n` steps.
pub(crate) fn step(n: usize) {
    STEPS.with(|s| s.set(s.get().saturating_add(n as u64)));
}

/// The steps counted on this thread since the last call, and starts over.
pub fn take() -> u64 {
    STEPS.with(|s| s.replace(0))
}
