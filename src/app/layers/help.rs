//! The `?` overlay: the keys of every layer on screen, top first, built from the same hints the
//! hint bar shows, so it cannot list a key that does nothing. A layer asks for it with an empty
//! `Help`; the router, which alone sees what is on screen, fills it as it opens.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Help {
    /// A title and its keys per layer, the one on top first, the base last.
    pub sections: Vec<(String, Vec<Hint>)>,
    /// Rows scrolled past, when the list is taller than the box.
    pub offset: usize,
}

impl Help {
    /// Rows of the whole list: a title per section, its keys, a blank line between sections.
    pub fn list_rows(&self) -> usize {
        self.sections
            .iter()
            .map(|(_, hints)| hints.len() + 1)
            .sum::<usize>()
            + self.sections.len().saturating_sub(1)
    }
}

impl LayerView for Help {
    fn handle(&mut self, input: &Input<'_>, _cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in whatever is below, not lost.
            return Outcome::Ignored;
        };
        match key.code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?') | KeyCode::Char('q') => {
                Outcome::Close(vec![])
            }
            KeyCode::Up => {
                self.offset = self.offset.saturating_sub(1);
                Outcome::Consumed(vec![])
            }
            KeyCode::Down => {
                self.offset += 1;
                Outcome::Consumed(vec![])
            }
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Help"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![Hint::new("↑/↓", "scroll"), Hint::new("Esc/?", "close help")]
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.list_rows()
    }
}
