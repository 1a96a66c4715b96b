//! What every layer speaks, whatever it shows: the input it is offered, what it answers, where
//! it is drawn and the keys it lists. Data only, below everything else in `app`; the layer kinds
//! themselves are `layers::Layer`.

use crate::controls::keys::{Chord, Resolved};
use crate::controls::line_input::LineInput;
use crate::session::effect::Effect;
use crossterm::event::{KeyEvent, MouseEvent};

/// An event that layers compete for.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Key(KeyEvent),
    Paste(&'a str),
    Mouse(MouseEvent),
}

impl Input<'_> {
    /// For a view that may be writing a line (a review's comment): a paste goes into that line
    /// (nothing else there takes one) and the mouse is swallowed; a key is left to resolve.
    pub(crate) fn key_or_into(&self, line: &mut Option<LineInput>) -> Option<KeyEvent> {
        match self {
            Input::Key(key) => Some(*key),
            Input::Paste(text) => {
                if let Some(line) = line.as_mut() {
                    line.paste(text);
                }
                None
            }
            Input::Mouse(_) => None,
        }
    }
}

/// A typed key no row resolved goes into the line being written, if there is one.
pub(crate) fn type_into(line: &mut Option<LineInput>, key: &KeyEvent) {
    if let (Some(line), Some(c)) = (line.as_mut(), Chord::typed_char(key)) {
        line.type_char(c);
    }
}

/// What a layer makes of an event, and so of itself: only the router changes a stack, by what
/// handlers return. `L` is the layer kind (`layers::Layer`, whose `Outcome` names this one).
#[derive(Debug)]
pub enum Outcome<L> {
    /// Handled here; the layer stays.
    Consumed(Vec<Effect>),
    /// Not for this layer: the event goes on to the one below.
    Ignored,
    /// Handled, and the layer closes.
    Close(Vec<Effect>),
    /// The layer closes without handling the event, which goes on to the one below (helix's
    /// `Ignored(Some(close))`): a list whose items are gone hands the key back.
    CloseAndFallThrough,
    /// The layer gives its place to another.
    Replace(L, Vec<Effect>),
    /// Handled, and another layer opens on top.
    Open(L, Vec<Effect>),
}

impl<L> Outcome<L> {
    /// What a key does to a view: the action of the row that takes it, through `act`; with no
    /// row, what the table's rest says — passed on (ignored), or taken or swallowed here with
    /// nothing to do (consumed). The one place a view's `Resolved` becomes an `Outcome`.
    pub(crate) fn of_key<A>(resolved: Resolved<A>, act: impl FnOnce(A) -> Self) -> Self {
        Self::of_key_or_typed(resolved, |row| match row {
            Some(action) => act(action),
            None => Outcome::Consumed(vec![]),
        })
    }

    /// As [`Outcome::of_key`] for a view whose rest takes keys no row has (typing into a
    /// filter or a name, or any key ending what waits): `act` is given `None` for those.
    pub(crate) fn of_key_or_typed<A>(
        resolved: Resolved<A>,
        act: impl FnOnce(Option<A>) -> Self,
    ) -> Self {
        match resolved {
            Resolved::Row(action) => act(Some(action)),
            Resolved::Take => act(None),
            Resolved::Pass => Outcome::Ignored,
            Resolved::Swallow => Outcome::Consumed(vec![]),
        }
    }
}

/// Where a layer is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// In place of the composer, between the transcript and the status line.
    Bottom,
    /// A box centred over the transcript.
    Popup,
    /// Everything above the status line.
    FullScreen,
    /// Just above the composer, a list it opens from what is typed (`/`, `@`, `$`): in the
    /// stacks' popup slot, under the server-down box and every layer, one at a time; not a
    /// layer open over the conversation (`AppState::layer_open`), and what it lets through
    /// reaches the composer.
    OverComposer,
}

impl Placement {
    /// Drawn over the transcript (a box or the whole screen): larger than inline mode's live
    /// area, so there it opens in the alternate screen and comes back to the live area —
    /// every view the registry places so gets this by its placement alone.
    pub(crate) fn over_the_transcript(self) -> bool {
        matches!(self, Placement::Popup | Placement::FullScreen)
    }
}

pub use crate::controls::keys::Hint;
