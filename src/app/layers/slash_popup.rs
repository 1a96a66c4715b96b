//! The slash popup: opened by `/` at the start of an empty composer, it lists the commands that
//! match what follows the `/`, each with its one-line description. It never takes the typing:
//! every key it does not use goes on to the composer (through the base), and the list follows
//! the composer's text. ↑/↓ select, Tab completes, Enter runs (or completes a command that
//! takes an argument), Esc closes and keeps the text.

use super::{Hint, Input, Layer, Outcome};
use crate::app::base;
use crate::app::commands::{self, Command};
use crate::app::state::AppState;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SlashPopup {
    /// Index into the current matches (clamped when they shrink).
    pub selected: usize,
}

/// `/` typed into the empty composer: it goes in, and the popup opens over it.
pub fn open(state: &mut AppState, key: KeyEvent, now: Instant) -> Outcome {
    let effects = crate::app::composer_input::key(state, key, now);
    Outcome::Open(Layer::SlashPopup(SlashPopup::default()), effects)
}

/// What follows the `/` while the composer holds a command name being typed: one line, `/`
/// first, no space yet. `None` once it is anything else (the popup then closes).
pub fn query(state: &AppState) -> Option<String> {
    let text = state.composer.text();
    let name = text.strip_prefix('/')?;
    (!name.contains(char::is_whitespace) && !name.contains('/')).then(|| name.to_string())
}

/// The commands listed for the composer's text now.
pub fn matches(state: &AppState) -> Vec<&'static Command> {
    query(state)
        .map(|q| commands::matching(&q))
        .unwrap_or_default()
}

impl SlashPopup {
    /// The selected command, with the selection kept inside the list.
    pub fn selected<'a>(&self, matches: &[&'a Command]) -> Option<&'a Command> {
        matches
            .get(self.selected.min(matches.len().saturating_sub(1)))
            .copied()
    }

    pub fn handle(&mut self, input: &Input<'_>, state: &mut AppState, now: Instant) -> Outcome {
        let Input::Key(key) = input else {
            return pass_on(state, input, now);
        };
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::SHIFT | KeyModifiers::ALT | KeyModifiers::CONTROL);
        let found = matches(state);
        match key.code {
            KeyCode::Esc => Outcome::Close(vec![]),
            KeyCode::Up | KeyCode::Down if !found.is_empty() => {
                let n = found.len();
                let at = self.selected.min(n - 1);
                self.selected = if key.code == KeyCode::Up {
                    (at + n - 1) % n
                } else {
                    (at + 1) % n
                };
                Outcome::Consumed(vec![])
            }
            KeyCode::Tab => match self.selected(&found) {
                Some(command) => {
                    complete(state, command);
                    self.selected = 0;
                    still_open(state, vec![])
                }
                None => Outcome::Consumed(vec![]),
            },
            KeyCode::Enter if plain => match self.selected(&found) {
                // It wants an argument: complete it and let the person type it.
                Some(command) if command.args.is_some() => {
                    complete(state, command);
                    still_open(state, vec![])
                }
                // Run it the way a typed `/name` Enter runs: through the composer.
                Some(command) => {
                    state.composer.set_text(&format!("/{}", command.name));
                    pass_on(state, input, now)
                }
                // Nothing matches: the composer sends it, and the command table says so.
                None => pass_on(state, input, now),
            },
            _ => {
                let before = state.composer.text();
                let outcome = pass_on(state, input, now);
                if state.composer.text() != before {
                    self.selected = 0;
                }
                outcome
            }
        }
    }
}

/// Puts `/name` (and a space when it takes an argument) into the composer.
fn complete(state: &mut AppState, command: &Command) {
    let space = if command.args.is_some() { " " } else { "" };
    state
        .composer
        .set_text(&format!("/{}{space}", command.name));
}

/// The key goes to the base (the composer) as if the popup were not there; the popup stays
/// while the composer still holds a command name being typed.
fn pass_on(state: &mut AppState, input: &Input<'_>, now: Instant) -> Outcome {
    match base::handle(state, input, now) {
        Outcome::Consumed(effects) | Outcome::Close(effects) => still_open(state, effects),
        Outcome::Ignored | Outcome::CloseAndFallThrough => still_open(state, vec![]),
        // What the key opened goes on top while a command name is still being typed, and in
        // the popup's place once it is not.
        Outcome::Open(layer, effects) | Outcome::Replace(layer, effects) => {
            if query(state).is_some() {
                Outcome::Open(layer, effects)
            } else {
                Outcome::Replace(layer, effects)
            }
        }
    }
}

fn still_open(state: &AppState, effects: Vec<crate::app::Effect>) -> Outcome {
    if query(state).is_some() {
        Outcome::Consumed(effects)
    } else {
        Outcome::Close(effects)
    }
}

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓", "select"),
        Hint::new("Tab", "complete"),
        Hint::new("Enter", "run"),
        Hint::new("Esc", "close"),
    ]
}
