//! A shared semaphore for the tests that run real processes in a pseudo-terminal (`pty/`,
//! `e2e/`): at most one such test per core runs at a time, whatever `--test-threads` says, so
//! tern, the fake server and codex get the CPU their hang guards assume, and a pile of
//! codex starts cannot starve a PTY test into a timeout. At the default thread count (one per
//! core) it never waits; with more threads, light tests go on beside the permitted ones.
//!
//! A `PtySession` takes a permit when it starts (every such test makes one) and gives it back
//! when it is dropped. Permits are per test thread: a second session of the same test takes
//! none, so a test never waits on itself.

use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::{Condvar, Mutex};

/// Permits in use, and the condition a waiting test sleeps on. Nothing panics while holding
/// the lock, so it is never poisoned; it is taken even so rather than failing later tests.
static IN_USE: Mutex<usize> = Mutex::new(0);
static FREED: Condvar = Condvar::new();

thread_local! {
    /// Sessions of this thread's test that hold its one permit.
    static HELD: Cell<usize> = const { Cell::new(0) };
}

fn capacity() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Held while a test's processes run. Not `Send`: it is counted for the thread that took it.
pub struct Permit {
    _thread_bound: PhantomData<*const ()>,
}

/// Waits until this test may run its processes (at once if it already holds a permit).
pub fn permit() -> Permit {
    if HELD.get() == 0 {
        let mut in_use = IN_USE.lock().unwrap_or_else(|e| e.into_inner());
        while *in_use >= capacity() {
            in_use = FREED.wait(in_use).unwrap_or_else(|e| e.into_inner());
        }
        *in_use += 1;
    }
    HELD.set(HELD.get() + 1);
    Permit {
        _thread_bound: PhantomData,
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        HELD.set(HELD.get() - 1);
        if HELD.get() == 0 {
            *IN_USE.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
            FREED.notify_one();
        }
    }
}
