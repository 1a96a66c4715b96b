//! What the composer's two finders — `@` for files (`file_finder`), `$` for skills
//! (`skill_finder`) — share: their keys (↑/↓ choose, Tab or Enter insert, Esc close, Backspace
//! deletes back and past the mark closes; typing goes into the query and the composer alike;
//! any other key closes the list and goes on to the composer), and what one answers as a
//! layer. Each finder says only what it finds and what inserting puts in.

use super::Outcome;
use crate::app::layer_types::Input;
use crate::controls::keys::{list_rows, Chord, Fate, KeyRow, Move, Rest};
use crate::session::effect::Effect;

/// A finder's key, whichever finder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FinderKey {
    Move(Move),
    Insert,
    Backspace,
    Close,
}

const INSERT: &[Chord] = &[Chord::TAB, Chord::ENTER];

/// A finder's rows: `insert` is what Tab or Enter does (few words, then the sentence), `back`
/// what Backspace does, in help's words.
pub(crate) const fn rows<S>(
    insert: (&'static str, &'static str),
    back: &'static str,
) -> [KeyRow<S, FinderKey>; 5] {
    [
        list_rows::up(FinderKey::Move(Move::Up), "choose"),
        list_rows::down(FinderKey::Move(Move::Down), "choose"),
        KeyRow::new("insert", INSERT, FinderKey::Insert, insert.0).explained(insert.1),
        list_rows::close(FinderKey::Close, "close, keep the text"),
        list_rows::filter_back(FinderKey::Backspace).explained(back),
    ]
}

/// Typing goes into the query (and the composer); any other key closes the list and goes to
/// the composer.
pub(crate) const REST: Rest = Rest {
    chars: Fate::Take(""),
    modified: Fate::Pass,
    other: Fate::Pass,
};

/// What a finder made of one input — effects and whether it stays open, or `None` when the
/// input goes on to the composer (the finder closed) — as the layer's outcome. The wheel
/// scrolls the transcript under it.
pub(crate) fn outcome(
    input: &Input<'_>,
    done: impl FnOnce() -> Option<(Vec<Effect>, bool)>,
) -> Outcome {
    if matches!(input, Input::Mouse(_)) {
        return Outcome::Ignored;
    }
    match done() {
        Some((effects, true)) => Outcome::Consumed(effects),
        Some((effects, false)) => Outcome::Close(effects),
        None => Outcome::CloseAndFallThrough,
    }
}
