//! Ctrl+R: search the prompt history. Typing filters (case-insensitive, newest first), ↑/↓ or
//! Ctrl+R move, Enter puts the entry in the composer, Esc (or Ctrl+C, in `quit_ladder`) leaves
//! the composer as it was.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

/// The most matches listed at once.
pub const SHOWN: usize = 8;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct HistorySearch {
    pub query: String,
    /// The matching entries, newest first, each once.
    pub matches: Vec<String>,
    pub selected: usize,
}

impl HistorySearch {
    pub fn open(session: &Session) -> HistorySearch {
        let mut search = HistorySearch::default();
        search.refresh(session);
        search
    }

    fn refresh(&mut self, session: &Session) {
        let needle = self.query.to_lowercase();
        let mut matches: Vec<String> = Vec::new();
        for entry in session.composer.prompt_history.entries().iter().rev() {
            if entry.to_lowercase().contains(&needle) && !matches.contains(entry) {
                matches.push(entry.clone());
            }
        }
        self.matches = matches;
        self.selected = 0;
    }

    /// The first match shown, so the selected one is in view.
    pub fn first_shown(&self) -> usize {
        (self.selected + 1).saturating_sub(SHOWN)
    }

    /// Older (`+1`) or newer (`-1`), stopping at the ends.
    fn step(&mut self, direction: isize) {
        let last = self.matches.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(direction).min(last);
    }
}

impl LayerView for HistorySearch {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let key = match input {
            Input::Key(key) => key,
            Input::Paste(text) => {
                let line = text.lines().next().unwrap_or("");
                self.query.extend(line.chars().filter(|c| !c.is_control()));
                self.refresh(cx);
                return Outcome::Consumed(vec![]);
            }
            Input::Mouse(_) => return Outcome::Ignored,
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return Outcome::Close(vec![]),
            KeyCode::Enter => {
                if let Some(entry) = self.matches.get(self.selected) {
                    cx.composer.set_text(entry);
                }
                return Outcome::Close(vec![]);
            }
            KeyCode::Up => self.step(1),
            KeyCode::Char('r' | 'p') if ctrl => self.step(1),
            KeyCode::Down => self.step(-1),
            KeyCode::Char('s' | 'n') if ctrl => self.step(-1),
            KeyCode::Backspace => {
                self.query.pop();
                self.refresh(cx);
            }
            KeyCode::Char(c) if !ctrl => {
                self.query.push(c);
                self.refresh(cx);
            }
            // Ctrl+C and the like are handled above every layer; other keys do nothing here.
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "History search"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("type", "filter"),
            Hint::new("↑/↓, Ctrl+R", "older / newer"),
            Hint::new("Enter", "use it"),
            Hint::new("Esc, Ctrl+C", "cancel"),
        ]
    }

    /// The query line and the matches shown (or the "no match" line).
    fn rows(&self, _width: u16, _session: &Session) -> usize {
        1 + self.matches.len().clamp(1, SHOWN)
    }
}
