//! The slash popup's keys. `/` at the start of an empty composer opens it (its state is the
//! composer's, `composer::popups`), and it lists the commands that match what follows the `/`,
//! each with its one-line description. It never takes the typing: every key it does not use
//! goes on to the composer, and the list follows the composer's text. ↑/↓ select, Tab
//! completes, Enter runs (or completes a command that takes an argument), Esc closes and keeps
//! the text.

use crate::app::commands::{self, Command};
use crate::app::composer::{ComposerPopup, SlashPopup};
use crate::app::layer_types::{Hint, Input};
use crate::app::layers::Outcome;
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// `/` typed into the empty composer: it goes in, and the popup opens over it.
pub fn open(state: &mut Session, key: KeyEvent, now: Instant) -> Outcome {
    let outcome = crate::app::base::composer_input::key(state, key, now);
    state.composer.popup = Some(ComposerPopup::Commands(SlashPopup::default()));
    outcome
}

/// What follows the `/` while the composer holds a command name being typed: one line, `/`
/// first, no space yet. `None` once it is anything else (the popup then closes).
pub fn query(state: &Session) -> Option<String> {
    let text = state.composer.text();
    let name = text.strip_prefix('/')?;
    (!name.contains(char::is_whitespace) && !name.contains('/')).then(|| name.to_string())
}

/// The commands listed for the composer's text now.
pub fn matches(state: &Session) -> Vec<&'static Command> {
    query(state)
        .map(|q| commands::matching(&q))
        .unwrap_or_default()
}

/// The selected command, with the selection kept inside the list.
pub fn selected<'a>(popup: &SlashPopup, matches: &[&'a Command]) -> Option<&'a Command> {
    matches
        .get(popup.selected.min(matches.len().saturating_sub(1)))
        .copied()
}

fn popup(state: &mut Session) -> Option<&mut SlashPopup> {
    match &mut state.composer.popup {
        Some(ComposerPopup::Commands(popup)) => Some(popup),
        _ => None,
    }
}

/// The popup's own keys, offered before the composer's. `None` sends the key on to the
/// composer (Enter on a command without an argument first puts its name there, so the
/// composer's Enter runs it the way a typed `/name` runs).
pub fn handle(state: &mut Session, input: &Input<'_>) -> Option<Outcome> {
    let Input::Key(key) = input else {
        return None;
    };
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::SHIFT | KeyModifiers::ALT | KeyModifiers::CONTROL);
    let found = matches(state);
    let popup = popup(state)?;
    let chosen = selected(popup, &found);
    match key.code {
        KeyCode::Esc => {
            state.composer.popup = None;
            Some(Outcome::Consumed(vec![]))
        }
        KeyCode::Up | KeyCode::Down if !found.is_empty() => {
            let n = found.len();
            let at = popup.selected.min(n - 1);
            popup.selected = if key.code == KeyCode::Up {
                (at + n - 1) % n
            } else {
                (at + 1) % n
            };
            Some(Outcome::Consumed(vec![]))
        }
        KeyCode::Tab => {
            if let Some(command) = chosen {
                popup.selected = 0;
                complete(state, command);
            }
            Some(Outcome::Consumed(vec![]))
        }
        KeyCode::Enter if plain => match chosen {
            // It wants an argument: complete it and let the person type it.
            Some(command) if command.needs_argument() => {
                complete(state, command);
                Some(Outcome::Consumed(vec![]))
            }
            Some(command) => {
                state.composer.set_text(&format!("/{}", command.name));
                None
            }
            // Nothing matches: the composer sends it, and the command table says so.
            None => None,
        },
        _ => None,
    }
}

/// Puts `/name` (and a space when it takes an argument) into the composer; the popup closes
/// once the text is no longer a command name.
fn complete(state: &mut Session, command: &Command) {
    let space = if command.args.is_some() { " " } else { "" };
    state
        .composer
        .set_text(&format!("/{}{space}", command.name));
    follow(state, None);
}

/// After the composer took a key or a paste: the list follows its text (the selection back at
/// the top when a key changed it, `before` being the text before the key), and closes once the
/// text is no longer a command name being typed.
pub fn follow(state: &mut Session, before: Option<&str>) {
    if popup(state).is_none() {
        return;
    }
    if query(state).is_none() {
        state.composer.popup = None;
        return;
    }
    let changed = before.is_some_and(|before| state.composer.text() != before);
    if let Some(popup) = popup(state) {
        if changed {
            popup.selected = 0;
        }
    }
}

pub fn is_open(state: &Session) -> bool {
    matches!(state.composer.popup, Some(ComposerPopup::Commands(_)))
}

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓", "select"),
        Hint::new("Tab", "complete"),
        Hint::new("Enter", "run"),
        Hint::new("Esc", "close"),
    ]
}
