//! The person's side of the loop: the terminal's event stream, renewed around the external
//! editor, and its events turned into app events.

use crate::app::AppEvent;
use crossterm::event::{Event, MouseEventKind};
use futures::{Stream, StreamExt};
use std::io;

/// The terminal's input stream and how to make a new one.
pub struct Input<S> {
    /// `None` only for the instant between dropping the old stream and making the new one.
    stream: Option<S>,
    /// Makes a new stream. The external editor (Ctrl+G) reads the terminal while it runs, and a
    /// stream that read ahead in the background would take its keys; the terminal's stream
    /// (`tty_events`) reads only when polled, but a new one after the editor also starts with
    /// nothing the editor left. `None` where input is not the terminal.
    renew: Option<fn() -> S>,
    /// False once the stream ended or failed: it is not polled again.
    pub open: bool,
}

impl<S: Stream<Item = io::Result<Event>> + Unpin> Input<S> {
    pub fn new(stream: S, renew: Option<fn() -> S>) -> Self {
        Input {
            stream: Some(stream),
            renew,
            open: true,
        }
    }

    /// The next terminal event; `None` when the stream has ended.
    pub(crate) async fn next(&mut self) -> Option<io::Result<Event>> {
        self.stream.as_mut()?.next().await
    }

    /// Replaces the stream with a new one, if input is the terminal. The old stream goes first:
    /// dropping it wakes its thread out of its blocking read of the terminal, and making the new
    /// one takes crossterm's reader lock, so it returns only once that thread has let go and
    /// stopped reading. Made the other way round, tern hung until a key came, and that key was
    /// lost to the editor (see the git log of this line).
    pub(crate) fn renew(&mut self) {
        if let Some(renew) = self.renew {
            self.stream = None;
            self.stream = Some(renew());
        }
    }
}

/// The app's view of a terminal event; `None` for what it has no use for (mouse moves).
pub fn terminal_event(event: Event) -> Option<AppEvent> {
    match event {
        Event::Key(key) => Some(AppEvent::Key(key)),
        Event::Paste(text) => Some(AppEvent::Paste(text)),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Moved => None,
            _ => Some(AppEvent::Mouse(mouse)),
        },
        Event::Resize(w, h) => Some(AppEvent::Resize(w, h)),
        Event::FocusGained => Some(AppEvent::Focus(true)),
        Event::FocusLost => Some(AppEvent::Focus(false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    thread_local! {
        static LIVE_STREAMS: Cell<usize> = const { Cell::new(0) };
        static LIVE_WHEN_MADE: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// Counts the streams alive, as crossterm's reader lock would see them.
    struct Counted;

    impl Counted {
        fn make() -> Counted {
            LIVE_WHEN_MADE.set(Some(LIVE_STREAMS.get()));
            LIVE_STREAMS.set(LIVE_STREAMS.get() + 1);
            Counted
        }
    }

    impl Drop for Counted {
        fn drop(&mut self) {
            LIVE_STREAMS.set(LIVE_STREAMS.get() - 1);
        }
    }

    impl Stream for Counted {
        type Item = io::Result<Event>;
        fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            Poll::Pending
        }
    }

    #[test]
    fn the_old_stream_is_gone_before_the_new_one_is_made() {
        let mut input = Input::new(Counted::make(), Some(Counted::make));
        input.renew();
        assert_eq!(
            LIVE_WHEN_MADE.get(),
            Some(0),
            "the new stream was made while the old one still read the terminal"
        );
        assert_eq!(LIVE_STREAMS.get(), 1);
    }

    #[test]
    fn input_that_is_not_the_terminal_is_kept() {
        let mut input = Input::new(Counted::make(), None);
        input.renew();
        assert_eq!(LIVE_STREAMS.get(), 1);
    }
}
