//! A panic in the loop (a bug) ends tern, but not what the person typed: the panic hook
//! restores the terminal, the unwinding state leaves its unsent text behind
//! (`app::leftovers`), and [`run_catching`] prints it as a normal exit would. A panic anywhere
//! else (a spawned task, which tokio would catch and forget; a blocking thread) ends tern the
//! same way: the hook notes it (`panic_note`), and the loop, woken by it, panics in turn on its
//! own thread. Without that, tern would go on drawing on a terminal the hook had
//! already given back. Also the test hook that panics on purpose (`TERN_TEST_PANIC_ON_F12`),
//! read only in debug builds, so nothing a server sends can reach it.

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
pub(crate) const PANIC_STATUS: u8 = 101;

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
                conversation: None,
            };
            let text = farewell_with(&outcome, demo, print_copied);
            print!("{}", text.stdout);
            eprint!("{}", text.stderr);
            ExitCode::from(PANIC_STATUS)
        }
    }
}

/// Where the test hook panics when F12 is pressed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum PanicOnF12 {
    /// On the loop's own thread (`TERN_TEST_PANIC_ON_F12=1`).
    Loop,
    /// In a task spawned on the loop's runtime (`=task`).
    Task,
    /// On a thread of the blocking pool (`=blocking`).
    Blocking,
}

/// Whether the test hook is on, and where it panics. Debug builds only.
fn panic_on_f12() -> Option<PanicOnF12> {
    static ON: OnceLock<Option<PanicOnF12>> = OnceLock::new();
    *ON.get_or_init(|| {
        if !cfg!(debug_assertions) {
            return None;
        }
        match std::env::var("TERN_TEST_PANIC_ON_F12").ok()?.as_str() {
            "1" => Some(PanicOnF12::Loop),
            "task" => Some(PanicOnF12::Task),
            "blocking" => Some(PanicOnF12::Blocking),
            _ => None,
        }
    })
}

/// The terminal's input stream, which panics on F12 when the test hook says so. The loop polls
/// it on its own thread, so the panic unwinds through the loop as a bug in `update` or a draw
/// would; a key (not a timer) makes the test's order of events certain.
pub struct Input<S> {
    inner: S,
    panic_on_f12: Option<PanicOnF12>,
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
        if let Some(place) = self.panic_on_f12 {
            if let Poll::Ready(Some(Ok(Event::Key(key)))) = &next {
                if key.code == KeyCode::F(12) && key.kind != crossterm::event::KeyEventKind::Release
                {
                    let on_purpose = || panic!("TERN_TEST_PANIC_ON_F12: a panic on purpose");
                    match place {
                        PanicOnF12::Loop => on_purpose(),
                        PanicOnF12::Task => drop(tokio::spawn(async move { on_purpose() })),
                        PanicOnF12::Blocking => drop(tokio::task::spawn_blocking(on_purpose)),
                    }
                }
            }
        }
        next
    }
}
