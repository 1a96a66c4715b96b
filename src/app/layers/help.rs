//! The `?` overlay: the keys of every layer on screen, top first, built from the same hints the
//! hint bar shows, so it cannot list a key that does nothing. A layer asks for it with an empty
//! `Help`; the router, which alone sees what is on screen, fills it as it opens.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Help {
    /// A title and its keys per layer, the one on top first, the base last.
    pub sections: Vec<(String, Vec<Hint>)>,
    /// Rows scrolled past, when the list is taller than the box.
    pub offset: usize,
    /// The whole reference (`/help`: every table, the shared keys, the commands), rather than
    /// the keys of what is on screen (`?`).
    pub full: bool,
}

impl Help {
    /// `/help`: every key and command, as `tern --keys` prints them.
    pub(crate) fn reference() -> Help {
        Help {
            full: true,
            ..Help::default()
        }
    }
}

impl Help {
    /// Rows of the whole list: a title per section, its keys, a blank line between sections.
    pub(crate) fn list_rows(&self) -> usize {
        self.sections
            .iter()
            .map(|(_, hints)| hints.len() + 1)
            .sum::<usize>()
            + self.sections.len().saturating_sub(1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HelpKey {
    Up,
    Down,
    Close,
}

pub(crate) static KEYS: KeyTable<Help, HelpKey> = KeyTable::new(
    "help",
    "Help",
    &[
        list_rows::up(HelpKey::Up, "scroll"),
        list_rows::down(HelpKey::Down, "scroll"),
        KeyRow::new(
            "close",
            &[Chord::ESC, Chord::ch('?'), Chord::ENTER, Chord::ch('q')],
            HelpKey::Close,
            "close help",
        )
        .bar_keys(2),
    ],
    Rest::SWALLOW,
);

impl LayerView for Help {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in whatever is below, not lost.
            return Outcome::Ignored;
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            match action {
                HelpKey::Close => return Outcome::Close(vec![]),
                HelpKey::Up => self.offset = self.offset.saturating_sub(1),
                HelpKey::Down => self.offset += 1,
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Help"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.list_rows()
    }
}
