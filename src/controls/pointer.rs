//! The mouse's selection of the transcript: where a press started, how many clicks it counts
//! (a double click selects a word, a triple click a line), whether the pointer moved while
//! held (a plain click selects nothing), and the selection that stays drawn after release
//! until the next press.

use super::text_selection::{TextPoint, TextSelection, Unit};
use std::time::{Duration, Instant};

/// Presses closer than this, on the same place, count as one double or triple click (what
/// GTK and xterm use by default).
const MULTI_CLICK: Duration = Duration::from_millis(400);

#[derive(Debug, Default)]
pub(crate) struct PointerSelect {
    /// What is selected (drawn as a selection); stays after release.
    selection: Option<TextSelection>,
    /// The left button is down over the transcript.
    held: bool,
    /// The pointer moved since the press: a drag, not a click.
    moved: bool,
    /// The last press: when, where on screen, and how many presses in a row it counts.
    last_press: Option<(Instant, (u16, u16), u8)>,
    /// A drag copied already: only the first one says how.
    told: bool,
}

impl PointerSelect {
    /// The left button went down at screen (`x`, `y`), over `at` in the transcript: a new
    /// selection, by characters, words or lines as the clicks count. Returns the count.
    pub(crate) fn press(&mut self, at: TextPoint, screen: (u16, u16), now: Instant) -> u8 {
        let count = match self.last_press {
            Some((when, place, count))
                if place == screen && now.saturating_duration_since(when) <= MULTI_CLICK =>
            {
                count % 3 + 1
            }
            _ => 1,
        };
        self.last_press = Some((now, screen, count));
        let unit = match count {
            1 => Unit::Char,
            2 => Unit::Word,
            _ => Unit::Line,
        };
        self.selection = Some(TextSelection::new(at, unit));
        self.held = true;
        self.moved = false;
        count
    }

    /// The pointer moved to `at` with the button held.
    pub(crate) fn drag(&mut self, at: TextPoint) {
        if let (true, Some(selection)) = (self.held, &mut self.selection) {
            self.moved |= selection.head != at;
            selection.head = at;
        }
    }

    /// The button came up: the selection to copy, if the press selected anything (a drag, or a
    /// double or triple click); a plain click clears it.
    pub(crate) fn release(&mut self) -> Option<TextSelection> {
        if !std::mem::take(&mut self.held) {
            return None;
        }
        let selection = self.selection?;
        if self.moved || selection.unit != Unit::Char {
            Some(selection)
        } else {
            self.selection = None;
            None
        }
    }

    pub(crate) fn held(&self) -> bool {
        self.held
    }

    pub(crate) fn selection(&self) -> Option<&TextSelection> {
        self.selection.as_ref()
    }

    /// Forgets the selection (the transcript it pointed into changed).
    pub(crate) fn clear(&mut self) {
        *self = PointerSelect {
            told: self.told,
            ..PointerSelect::default()
        };
    }

    /// Whether this is the first copy by the mouse in the session (and marks it said).
    pub(crate) fn first_copy(&mut self) -> bool {
        !std::mem::replace(&mut self.told, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_count_on_one_place_in_quick_succession() {
        let mut p = PointerSelect::default();
        let at = TextPoint::new(0, 0, 3);
        let t0 = Instant::now();
        assert_eq!(p.press(at, (3, 1), t0), 1);
        assert_eq!(p.release(), None, "a plain click selects nothing");
        assert_eq!(p.press(at, (3, 1), t0 + Duration::from_millis(200)), 2);
        assert_eq!(p.release().map(|s| s.unit), Some(Unit::Word));
        assert_eq!(p.press(at, (3, 1), t0 + Duration::from_millis(400)), 3);
        assert_eq!(p.release().map(|s| s.unit), Some(Unit::Line));
        assert_eq!(
            p.press(at, (3, 1), t0 + Duration::from_secs(2)),
            1,
            "too slow"
        );
        p.release();
        assert_eq!(p.press(at, (4, 1), t0 + Duration::from_millis(2100)), 1);
    }

    #[test]
    fn a_drag_selects_from_the_press_to_the_pointer() {
        let mut p = PointerSelect::default();
        p.press(TextPoint::new(0, 1, 2), (2, 1), Instant::now());
        p.drag(TextPoint::new(1, 0, 4));
        let s = p.release().unwrap();
        assert_eq!(
            (s.anchor, s.head),
            (TextPoint::new(0, 1, 2), TextPoint::new(1, 0, 4))
        );
        assert!(p.selection().is_some(), "stays drawn after release");
        p.drag(TextPoint::new(2, 0, 0));
        assert_eq!(
            p.selection().unwrap().head,
            TextPoint::new(1, 0, 4),
            "not held"
        );
        assert!(p.first_copy() && !p.first_copy());
        p.clear();
        assert!(
            p.selection().is_none() && !p.first_copy(),
            "said once a session"
        );
    }
}
