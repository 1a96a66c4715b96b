//! What the composer's two finders — `@` for files (`files`), `$` for skills (`skills`) —
//! share: their keys (↑/↓ choose, Tab or Enter insert, Esc close, Backspace deletes back and
//! past the mark closes; typing goes into the query and the composer alike; any other key
//! closes the list and goes on to the composer), and how one sits in the composer's popup slot
//! while it is open. Each finder says only what it finds and what inserting puts in.

use crate::app::layer_types::Input;
use crate::app::layers::Outcome;
use crate::controls::composer::{ComposerPopup, FileFinder, SkillFinder};
use crate::controls::keys::{list_rows, Chord, Fate, KeyRow, Move, Rest};
use crate::session::effect::Effect;
use crate::session::state::Session;

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

/// A finder as the composer holds it.
pub(crate) trait Finder: Sized {
    /// Takes this finder out of the composer's popup slot, if it is the one open there.
    fn take_from(popup: &mut Option<ComposerPopup>) -> Option<Self>;
    fn into_popup(self) -> ComposerPopup;
}

/// A finder's place in the composer's popup slot: `ComposerPopup::$slot`.
macro_rules! finder_in {
    ($finder:ty, $slot:ident) => {
        impl Finder for $finder {
            fn take_from(popup: &mut Option<ComposerPopup>) -> Option<Self> {
                match popup.take() {
                    Some(ComposerPopup::$slot(finder)) => Some(finder),
                    other => {
                        *popup = other;
                        None
                    }
                }
            }

            fn into_popup(self) -> ComposerPopup {
                ComposerPopup::$slot(self)
            }
        }
    };
}

finder_in!(FileFinder, Files);
finder_in!(SkillFinder, Skills);

/// What a finder does with one input: effects and whether it stays open, or `None` when the
/// input goes on to the composer (the finder closed).
pub(crate) type OnInput<F> = fn(&mut F, &mut Session, &Input<'_>) -> Option<(Vec<Effect>, bool)>;

/// A finder's keys and pastes while it is open (the wheel scrolls the transcript): it is taken
/// out of the composer for `on_input`, and put back if it stays.
pub(crate) fn handle<F: Finder>(
    state: &mut Session,
    input: &Input<'_>,
    on_input: OnInput<F>,
) -> Option<Outcome> {
    if matches!(input, Input::Mouse(_)) {
        return None;
    }
    let mut finder = F::take_from(&mut state.composer.popup)?;
    let (effects, stays) = on_input(&mut finder, state, input)?;
    if stays {
        state.composer.popup = Some(finder.into_popup());
    }
    Some(Outcome::Consumed(effects))
}
