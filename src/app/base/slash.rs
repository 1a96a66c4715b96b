//! The slash popup's keys. `/` at the start of an empty composer opens it (its state is the
//! composer's, `composer::popups`), and it lists the commands that match what follows the `/`,
//! each with its one-line description. It never takes the typing: every key it does not use
//! goes on to the composer, and the list follows the composer's text. ↑/↓ select, Tab
//! completes, Enter runs (or completes a command that takes an argument), Esc closes and keeps
//! the text.

use crate::app::commands::{self, Command};
use crate::app::layer_types::Input;
use crate::app::layers::Outcome;
use crate::controls::composer::{ComposerPopup, SlashPopup};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Resolved, Rest};
use crate::session::state::Session;

/// What the popup's keys read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SlashState {
    /// Some command matches what is typed.
    pub matches: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SlashKey {
    Close,
    Up,
    Down,
    Complete,
    Run,
}

pub(crate) static KEYS: KeyTable<SlashState, SlashKey> = KeyTable::new(
    "commands",
    "Commands",
    &[
        list_rows::up(SlashKey::Up, "select").when("a command matches", |s| s.matches),
        list_rows::down(SlashKey::Down, "select").when("a command matches", |s| s.matches),
        KeyRow::new("complete", &[Chord::TAB], SlashKey::Complete, "complete")
            .explained("complete the selected command"),
        KeyRow::new("run", &[Chord::ENTER], SlashKey::Run, "run")
            .explained("run it (a command that takes an argument is completed first)")
            .when("a command matches", |s| s.matches),
        KeyRow::new("close", &[Chord::ESC], SlashKey::Close, "close")
            .explained("close the list, keep the text"),
    ],
    Rest::PASS,
);

/// `/` typed into the empty composer: it goes in, and the popup opens over it.
pub fn open(state: &mut Session) -> Outcome {
    state.composer.type_char('/');
    state.composer.popup = Some(ComposerPopup::Commands(SlashPopup::default()));
    Outcome::Consumed(vec![])
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
    popup
        .selected
        .index(matches.len())
        .and_then(|at| matches.get(at))
        .copied()
}

fn popup(state: &mut Session) -> Option<&mut SlashPopup> {
    match &mut state.composer.popup {
        Some(ComposerPopup::Commands(popup)) => Some(popup),
        _ => None,
    }
}

/// The popup's keys as they stand now, while it is open.
pub fn key_list(state: &Session) -> KeyList {
    let facts = SlashState {
        matches: !matches(state).is_empty(),
    };
    KEYS.list(&facts, &state.config.keymap)
}

/// The popup's own keys, offered before the composer's. `None` sends the key on to the
/// composer (Enter on a command without an argument first puts its name there, so the
/// composer's Enter runs it the way a typed `/name` runs).
pub fn handle(state: &mut Session, input: &Input<'_>) -> Option<Outcome> {
    let Input::Key(key) = input else {
        return None;
    };
    let found = matches(state);
    let facts = SlashState {
        matches: !found.is_empty(),
    };
    let resolved = KEYS.resolve(key, &facts, &state.config.keymap);
    let popup = popup(state)?;
    let chosen = selected(popup, &found);
    let action = match resolved {
        Resolved::Row(action) => action,
        _ => return None,
    };
    match action {
        SlashKey::Close => state.composer.popup = None,
        SlashKey::Up => {
            popup.selected.step(-1, found.len());
        }
        SlashKey::Down => {
            popup.selected.step(1, found.len());
        }
        SlashKey::Complete => {
            if let Some(command) = chosen {
                popup.selected.first();
                complete(state, command);
            }
        }
        SlashKey::Run => match chosen {
            // It wants an argument: complete it and let the person type it.
            Some(command) if command.needs_argument() => complete(state, command),
            Some(command) => {
                state.composer.set_text(&format!("/{}", command.name));
                return None;
            }
            // Nothing matches: the composer sends it, and the command table says so.
            None => return None,
        },
    }
    Some(Outcome::Consumed(vec![]))
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
            popup.selected.first();
        }
    }
}

pub(crate) fn is_open(state: &Session) -> bool {
    matches!(state.composer.popup, Some(ComposerPopup::Commands(_)))
}
