//! What a row is shown as, and what becomes of the keys no row of a table takes: typed into
//! the view's input, swallowed, or passed on to what is below.

use super::chord::Chord;

/// Where a row is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// In the hint bar (while `bar_if` holds too) and in help.
    Bar,
    /// In `?` help and the reference, not the hint bar.
    Help,
    /// Only in the full reference (`tern --keys`, `/help`): editing keys everyone knows.
    Reference,
}

/// What becomes of a key no row takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// It goes on to what is below.
    Pass,
    /// It stops here and does nothing.
    Swallow,
    /// The view takes it: typed into its input, or ending what waits for a key — as the
    /// words say ("filter", "keeps it").
    Take(&'static str),
}

/// A table's rule for the keys none of its rows takes: characters typed without Ctrl, Alt
/// or Super; other keys with Ctrl, Alt or Super; and the plain keys left (arrows, Enter, Fn…).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rest {
    pub chars: Fate,
    pub modified: Fate,
    pub other: Fate,
}

impl Rest {
    /// Everything not in the table goes below.
    pub(crate) const PASS: Rest = Rest {
        chars: Fate::Pass,
        modified: Fate::Pass,
        other: Fate::Pass,
    };
    /// Everything not in the table stops here (views that cover the screen).
    pub(crate) const SWALLOW: Rest = Rest {
        chars: Fate::Swallow,
        modified: Fate::Swallow,
        other: Fate::Swallow,
    };

    /// Characters are typed into the view's input (`what` they do); the rest stops here.
    pub(crate) const fn typing(what: &'static str) -> Rest {
        Rest {
            chars: Fate::Take(what),
            modified: Fate::Swallow,
            other: Fate::Swallow,
        }
    }

    /// Every key ends what waits (`what`: "cancel", "keeps it").
    pub(crate) const fn any_key(what: &'static str) -> Rest {
        Rest {
            chars: Fate::Take(what),
            modified: Fate::Take(what),
            other: Fate::Take(what),
        }
    }

    pub fn fate(&self, chord: &Chord) -> Fate {
        if chord.is_modified() {
            self.modified
        } else if matches!(chord.code, crossterm::event::KeyCode::Char(_)) {
            self.chars
        } else {
            self.other
        }
    }
}
