//! A screen of choices that takes no text (the sign-in's ways in): a key picks only when the
//! person could have meant it, by the questions' type-ahead rule (`guard`). A secret typed or
//! pasted as the sign-in appeared once went to the draft under it and out to the model on the
//! next Enter; now it goes nowhere, and none of it picks or moves a choice. A view that takes
//! no text declares its gate (`LayerView::type_ahead`), and the router applies it before the
//! view sees a key; the view takes the held key when its moment comes.
//!
//! The screen takes keys only after a pause in typing (the questions' quiet time, from when
//! it was shown); a key that arrives earlier is refused and starts the pause again. A key
//! that may be taken is held for [`HOLD`]: when another key follows that fast, both were a
//! burst (a paste without bracketed-paste markers, a held key, a fast typist) and are
//! refused whole — so an Enter right after a burst picks nothing either. Key repeats and
//! pastes are always refused.

use super::guard::{is_repeat, Activation, Held, HOLD};
use crossterm::event::KeyEvent;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceGate {
    activation: Activation,
    quiet: Duration,
    held: Option<Held>,
    last_key: Option<Instant>,
    /// Typing or a paste was refused since the last key taken: the screen says so.
    pub refused: bool,
}

/// What the gate makes of a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gated {
    /// Typing: dropped, and the pause starts again.
    Refused,
    /// Held until this moment; taken then if no other key came.
    Held(Instant),
}

impl ChoiceGate {
    /// The screen shown at `now`: it takes keys after `quiet` without typing.
    pub fn new(now: Instant, quiet: Duration) -> ChoiceGate {
        ChoiceGate {
            activation: Activation::new(now, quiet),
            quiet,
            held: None,
            last_key: None,
            refused: false,
        }
    }

    /// The screen is shown again (back from another screen): read it first.
    pub(crate) fn shown(&mut self, now: Instant) {
        *self = ChoiceGate {
            refused: self.refused,
            ..ChoiceGate::new(now, self.quiet)
        };
    }

    pub(crate) fn key(&mut self, key: KeyEvent, now: Instant) -> Gated {
        let previous = self.last_key.replace(now);
        let burst = self.held.take().is_some()
            || is_repeat(&key)
            || !self.activation.live(now)
            || previous.is_some_and(|p| now.saturating_duration_since(p) < HOLD);
        if burst {
            self.refuse(now);
            return Gated::Refused;
        }
        let held = Held { key, at: now };
        self.held = Some(held);
        Gated::Held(held.due())
    }

    /// A paste: refused whole, with a key held just before it.
    pub(crate) fn paste(&mut self, now: Instant) {
        self.held = None;
        self.last_key = Some(now);
        self.refuse(now);
    }

    /// The held key, once its moment passed with no other key: it was meant.
    pub(crate) fn take_due(&mut self, now: Instant) -> Option<KeyEvent> {
        match self.held {
            Some(held) if now >= held.due() => {
                self.held = None;
                self.refused = false;
                Some(held.key)
            }
            _ => None,
        }
    }

    /// When the held key is taken, if one is held.
    pub(crate) fn due(&self) -> Option<Instant> {
        self.held.map(|h| h.due())
    }

    fn refuse(&mut self, now: Instant) {
        self.activation.typed(now);
        self.refused = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    const QUIET: Duration = Duration::from_millis(700);

    #[test]
    fn a_burst_is_refused_whole_and_the_next_key_waits_for_a_pause() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        let mut gate = ChoiceGate::new(t0, QUIET);
        // Before the pause: refused, and the pause starts again.
        assert_eq!(gate.key(key('2'), ms(100)), Gated::Refused);
        assert_eq!(gate.key(key('2'), ms(750)), Gated::Refused);
        // After it, a lone key is held, then taken.
        assert_eq!(gate.key(key('2'), ms(1500)), Gated::Held(ms(1560)));
        assert_eq!(gate.take_due(ms(1540)), None);
        assert_eq!(gate.take_due(ms(1560)), Some(key('2')));
        // A key followed fast by another: both refused, and the Enter after them too.
        assert!(matches!(gate.key(key('s'), ms(3000)), Gated::Held(_)));
        assert_eq!(gate.key(key('k'), ms(3010)), Gated::Refused);
        assert_eq!(gate.take_due(ms(3100)), None);
        let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(gate.key(enter, ms(3300)), Gated::Refused);
        assert!(gate.refused);
    }

    #[test]
    fn pastes_and_repeats_are_refused() {
        let t0 = Instant::now();
        let mut gate = ChoiceGate::new(t0, Duration::ZERO);
        let later = t0 + Duration::from_secs(1);
        assert!(matches!(gate.key(key('1'), later), Gated::Held(_)));
        gate.paste(later + Duration::from_millis(10));
        assert_eq!(gate.take_due(later + Duration::from_secs(1)), None);
        let mut repeat = key('j');
        repeat.kind = KeyEventKind::Repeat;
        assert_eq!(
            gate.key(repeat, t0 + Duration::from_secs(5)),
            Gated::Refused
        );
    }
}
