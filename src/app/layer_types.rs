//! What every layer speaks, whatever it shows: the input it is offered, what it answers, where
//! it is drawn and the keys it lists. Data only, below everything else in `app`; the layer kinds
//! themselves are `layers::Layer`.

use crate::session::effect::Effect;
use crossterm::event::{KeyEvent, MouseEvent};

/// An event that layers compete for.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Key(KeyEvent),
    Paste(&'a str),
    Mouse(MouseEvent),
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

/// Where a layer is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// In place of the composer, between the transcript and the status line.
    Bottom,
    /// A box centred over the transcript.
    Popup,
    /// Everything above the status line.
    FullScreen,
}

pub use crate::controls::keys::Hint;
