//! The terminal's events without crossterm's `EventStream`. That stream keeps a thread blocked
//! in a read of the terminal holding crossterm's reader lock, and every time the loop polled it
//! for a key, its zero-timeout `poll` met that lock and spun in `sched_yield` until it gave up:
//! 13–30 % of tern's CPU while a stream scrolled (tests/bench/main.rs). Here the loop's own
//! runtime watches the terminal's file descriptor and the window-size signal, and crossterm is
//! asked for events only once one of them is ready, on the loop's thread: the lock is never
//! contended, nothing spins, and no thread reads the terminal behind the loop's back (the
//! external editor gets every key typed into it).
//!
//! crossterm still parses every byte (keys, the kitty keyboard, focus, mouse, paste) and keeps
//! what it read ahead of the event returned, which is why it is asked again, without waiting,
//! after each event until it says nothing is left.

use crossterm::event::Event;
use futures::Stream;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::unix::AsyncFd;
use tokio::signal::unix::{signal, Signal, SignalKind};

pub struct TtyEvents {
    /// What could not be watched, said once as the stream's error (the loop then ends the
    /// session with it) instead of a panic.
    watch: Result<Watch, Option<io::Error>>,
}

struct Watch {
    terminal: AsyncFd<TerminalFd>,
    resized: Signal,
    /// crossterm may hold events it read ahead, or the descriptor became ready: ask it before
    /// waiting again.
    ask: bool,
}

/// The descriptor crossterm reads: standard input when it is the terminal, else `/dev/tty`
/// (crossterm makes the same choice), kept open here only when opened here.
struct TerminalFd {
    fd: RawFd,
    _opened: Option<OwnedFd>,
}

impl AsRawFd for TerminalFd {
    fn as_raw_fd(&self) -> RawFd {
        self.fd
    }
}

impl TtyEvents {
    /// Needs the loop's runtime (for the descriptor's readiness and the signal).
    pub fn new() -> TtyEvents {
        TtyEvents {
            watch: Watch::new().map_err(Some),
        }
    }
}

impl Default for TtyEvents {
    fn default() -> Self {
        TtyEvents::new()
    }
}

impl Watch {
    fn new() -> io::Result<Watch> {
        let terminal = if unsafe { libc::isatty(libc::STDIN_FILENO) } == 1 {
            TerminalFd {
                fd: libc::STDIN_FILENO,
                _opened: None,
            }
        } else {
            let tty = std::fs::File::open("/dev/tty")?;
            TerminalFd {
                fd: tty.as_raw_fd(),
                _opened: Some(tty.into()),
            }
        };
        Ok(Watch {
            // SAFETY: the descriptor stays open while this watch lives: standard input for the
            // whole process, `/dev/tty` in `TerminalFd` itself.
            terminal: unsafe {
                AsyncFd::register_with_interest(terminal, tokio::io::Interest::READABLE)?
            },
            resized: signal(SignalKind::window_change())?,
            ask: true,
        })
    }
}

impl Stream for TtyEvents {
    type Item = io::Result<Event>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match &mut self.watch {
            Ok(watch) => watch.poll_next(cx),
            Err(failed) => Poll::Ready(failed.take().map(Err)),
        }
    }
}

impl Watch {
    fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<io::Result<Event>>> {
        loop {
            if self.ask {
                // The lock is free (nothing else reads the terminal), so this never waits.
                match crossterm::event::poll(Duration::ZERO) {
                    Ok(true) => return Poll::Ready(Some(crossterm::event::read())),
                    Ok(false) => self.ask = false,
                    Err(e) => return Poll::Ready(Some(Err(e))),
                }
            }
            // Both are registered before returning Pending, so either wakes the loop.
            let resized = self.resized.poll_recv(cx).is_ready();
            let readable = match self.terminal.poll_read_ready(cx) {
                Poll::Ready(Ok(mut guard)) => {
                    if guard.ready().is_read_closed() {
                        // The terminal hung up and crossterm has nothing left: input ended
                        // (a closed state stays ready, so waiting on it would spin).
                        return Poll::Ready(None);
                    }
                    // crossterm reads the bytes; readiness is cleared unless more came since.
                    guard.clear_ready();
                    true
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Some(Err(e))),
                Poll::Pending => false,
            };
            if !(resized || readable) {
                return Poll::Pending;
            }
            self.ask = true;
        }
    }
}
