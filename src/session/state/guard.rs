//! Type-ahead safety: a key answers a question only when the person could have meant it.
//!
//! A question becomes live only after a pause in typing: keys that arrive while it is not live are
//! typing and go to the draft, and each one starts the pause again. A live question still holds
//! every deciding key (a letter, Enter, Esc, Tab) for a moment: when another key follows that
//! fast, both were a paste without bracketed-paste markers, a held-down key or a fast typist,
//! and they go to the draft too. Key repeats reported by the terminal are always typing.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::{Duration, Instant};

/// How long typing must have paused before a question takes keys.
pub const QUIET: Duration = Duration::from_millis(700);
/// How long a deciding key is held to see whether another follows at typing speed. A terminal's
/// key repeat and a paste come faster than this; a person's separate decisions do not.
pub const HOLD: Duration = Duration::from_millis(60);

/// When the front question takes keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activation {
    quiet_since: Instant,
    quiet: Duration,
}

impl Activation {
    pub fn new(shown_at: Instant, quiet: Duration) -> Self {
        Activation {
            quiet_since: shown_at,
            quiet,
        }
    }

    pub fn live(&self, now: Instant) -> bool {
        now >= self.live_at()
    }

    pub(crate) fn live_at(&self) -> Instant {
        self.quiet_since + self.quiet
    }

    /// The person typed: the pause starts again.
    pub(crate) fn typed(&mut self, now: Instant) {
        self.quiet_since = self.quiet_since.max(now);
    }
}

/// A deciding key waiting to see whether another follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    pub key: KeyEvent,
    pub at: Instant,
}

impl Held {
    pub(crate) fn due(&self) -> Instant {
        self.at + HOLD
    }
}

/// What the gate makes of a key that arrives while a question is on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gate {
    /// Not for the question: these keys go to the draft below it, in order.
    Typing(Vec<KeyEvent>),
    /// Held until [`HOLD`] passes with no other key.
    Hold,
    /// Dropped: Esc typed before the question was live must not interrupt the turn either.
    Swallow,
    /// Goes to the question (and the layers opened from it) now: navigation keys, modified keys.
    Pass,
}

pub(crate) fn is_repeat(key: &KeyEvent) -> bool {
    key.kind == KeyEventKind::Repeat
}

/// Plain keys that can decide something.
pub(crate) fn is_deciding(key: &KeyEvent) -> bool {
    let modified = key.modifiers.intersects(
        KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER | KeyModifiers::META,
    );
    !modified
        && matches!(
            key.code,
            KeyCode::Char(_) | KeyCode::Enter | KeyCode::Esc | KeyCode::Tab | KeyCode::BackTab
        )
}
