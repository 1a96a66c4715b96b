//! A panic in the loop (a bug) ends tern, but not what the person typed: the panic hook
//! restores the terminal, the unwinding state leaves its unsent text behind
//! (`app::leftovers`), and [`run_catching`] prints it as a normal exit would. Also the test hook
//! that panics on purpose (`TERN_TEST_PANIC_ON_F12`), on the loop's own thread, inside it.

use super::event_loop::LoopOutcome;
use super::farewell::farewell_with;
use crate::session::leftovers::take_left_by_panic;
use crossterm::event::{Event, KeyCode};
use futures::Stream;
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::task::{Context, Poll};

/// The exit status of a session ended by a panic, as Rust's own for a panicking main.
pub const PANIC_STATUS: u8 = 101;

/// Runs the session; if it panics, prints what it left unsent (after the hook restored the
/// terminal) and ends with status 101.
pub fn run_catching(
    demo: bool,
    print_copied: bool,
    session: impl FnOnce() -> ExitCode,
) -> ExitCode {
    match catch_unwind(AssertUnwindSafe(session)) {
        Ok(code) => code,
        Err(_) => {
            super::terminal::restore();
            let left = take_left_by_panic().unwrap_or_default();
            let outcome = LoopOutcome {
                thread_id: left.thread_id,
                failure: Some("tern stopped on an internal error (a bug; see above)".into()),
                frames_drawn: 0,
                copied: left.copied,
                unsent: left.unsent,
                unconfirmed: left.unconfirmed,
            };
            let text = farewell_with(&outcome, demo, print_copied);
            print!("{}", text.stdout);
            eprint!("{}", text.stderr);
            ExitCode::from(PANIC_STATUS)
        }
    }
}

/// Whether the test hook is on: `TERN_TEST_PANIC_ON_F12=1` makes F12 panic.
fn panic_on_f12() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TERN_TEST_PANIC_ON_F12").is_some_and(|v| v == "1"))
}

/// The terminal's input stream, which panics on F12 when the test hook says so. The loop polls
/// it on its own thread, so the panic unwinds through the loop as a bug in `update` or a draw
/// would; a key (not a timer) makes the test's order of events certain.
pub struct Input<S> {
    inner: S,
    panic_on_f12: bool,
}

impl<S> Input<S> {
    pub fn new(inner: S) -> Self {
        Input {
            inner,
            panic_on_f12: panic_on_f12(),
        }
    }
}

impl<S: Stream<Item = io::Result<Event>> + Unpin> Stream for Input<S> {
    type Item = S::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let next = Pin::new(&mut self.inner).poll_next(cx);
        if self.panic_on_f12 {
            if let Poll::Ready(Some(Ok(Event::Key(key)))) = &next {
                if key.code == KeyCode::F(12) {
                    panic!("TERN_TEST_PANIC_ON_F12: a panic on purpose");
                }
            }
        }
        next
    }
}
