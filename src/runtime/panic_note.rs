//! That a panic happened somewhere in tern: the panic hook (`terminal`) notes it on whichever
//! thread panicked, and the loop, woken, ends the session as a panic of its own would
//! (`crash`). Apart from both, so the hook needs nothing of the loop.

use std::sync::atomic::{AtomicBool, Ordering};

static PANICKED: AtomicBool = AtomicBool::new(false);
static PANIC_NOTICE: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// Called by the panic hook, on whichever thread panicked: the loop ends at its next wake.
pub(crate) fn note_panic() {
    PANICKED.store(true, Ordering::SeqCst);
    PANIC_NOTICE.notify_one();
}

/// Ready once a panic happened anywhere in tern; the loop then panics on its own thread, which
/// ends the session as a panic in the loop does (the unsent text printed).
pub(crate) async fn panicked_elsewhere() {
    while !PANICKED.load(Ordering::SeqCst) {
        PANIC_NOTICE.notified().await;
    }
}
