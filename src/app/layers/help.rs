//! The `?` overlay: the keys of every layer on screen, top first, built from the same hints the
//! hint bar shows, so it cannot list a key that does nothing.

use super::{on_screen, Entry, Hint, Input, Outcome};
use crate::app::base;
use crate::app::state::AppState;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct Help {
    /// A title and its keys per layer, the one on top first, the base last.
    pub sections: Vec<(String, Vec<Hint>)>,
    /// Rows scrolled past, when the list is taller than the box.
    pub offset: usize,
}

impl Help {
    /// Help for what is on screen now (this overlay not yet included).
    pub fn of_screen(state: &AppState, now: Instant) -> Help {
        let entries = on_screen(state);
        let (down, layers): (Vec<&Entry<'_>>, Vec<&Entry<'_>>) = entries
            .iter()
            .partition(|entry| matches!(entry, Entry::ServerDown(_)));
        let section = |entry: &&Entry<'_>| (entry.title().to_string(), entry.hints(now));
        let mut sections: Vec<(String, Vec<Hint>)> = layers.iter().rev().map(section).collect();
        // The list open over the composer sits above the server-down box.
        if let Some(popup) = &state.composer.popup {
            sections.push((popup.title().to_string(), base::popup_hints(popup)));
        }
        sections.extend(down.iter().map(section));
        sections.push(("Conversation".to_string(), base::all_hints(state)));
        Help {
            sections,
            offset: 0,
        }
    }

    /// Rows of the whole list: a title per section, its keys, a blank line between sections.
    pub fn rows(&self) -> usize {
        self.sections
            .iter()
            .map(|(_, hints)| hints.len() + 1)
            .sum::<usize>()
            + self.sections.len().saturating_sub(1)
    }

    pub fn handle(&mut self, input: &Input<'_>) -> Outcome {
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
}

pub fn hints() -> Vec<Hint> {
    vec![Hint::new("↑/↓", "scroll"), Hint::new("Esc/?", "close help")]
}
