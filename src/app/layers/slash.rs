//! The slash popup. `/` at the start of an empty composer opens it over the composer
//! (`Placement::OverComposer`; its state is `composer::popups::SlashPopup`), and it lists the
//! commands that match what follows the `/`, each with its one-line description. It never
//! takes the typing: every key it does not use goes on to the composer, and the list follows
//! the composer's text (`LayerEvent::ComposerTook`, which the router hands it after the
//! composer took an input). ↑/↓ select, Tab completes, Enter runs (or completes a command that
//! takes an argument), Esc closes and keeps the text.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::commands::{self, Command};
use crate::app::layer_types::{Input, Placement};
use crate::controls::composer::SlashPopup;
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Resolved, Rest};
use crate::session::event::LayerEvent;
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
pub(crate) fn open(state: &mut Session) -> Outcome {
    state.composer.type_char('/');
    Outcome::Open(Layer::Commands(SlashPopup::default()), vec![])
}

/// What follows the `/` while the composer holds a command name being typed: one line, `/`
/// first, no space yet. `None` once it is anything else (the popup then closes).
pub(crate) fn query(state: &Session) -> Option<String> {
    let text = state.composer.text();
    let name = text.strip_prefix('/')?;
    (!name.contains(char::is_whitespace) && !name.contains('/')).then(|| name.to_string())
}

/// The commands listed for the composer's text now.
pub(crate) fn matches(state: &Session) -> Vec<&'static Command> {
    query(state)
        .map(|q| commands::matching(&q))
        .unwrap_or_default()
}

/// The selected command, with the selection kept inside the list.
fn selected<'a>(popup: &SlashPopup, matches: &[&'a Command]) -> Option<&'a Command> {
    popup
        .selected
        .index(matches.len())
        .and_then(|at| matches.get(at))
        .copied()
}

fn facts(state: &Session) -> SlashState {
    SlashState {
        matches: !matches(state).is_empty(),
    }
}

impl LayerView for SlashPopup {
    /// The popup's own keys, offered before the composer's. Ignored sends the key on to the
    /// composer (Enter on a command without an argument first puts its name there, so the
    /// composer's Enter runs it the way a typed `/name` runs).
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let found = matches(cx);
        let action = match KEYS.resolve(key, &facts(cx), &cx.config.keymap) {
            Resolved::Row(action) => action,
            _ => return Outcome::Ignored,
        };
        let chosen = selected(self, &found);
        match action {
            SlashKey::Close => return Outcome::Close(vec![]),
            SlashKey::Up => {
                self.selected.step(-1, found.len());
            }
            SlashKey::Down => {
                self.selected.step(1, found.len());
            }
            SlashKey::Complete => {
                if let Some(command) = chosen {
                    self.selected.first();
                    return complete(self, cx, command);
                }
            }
            SlashKey::Run => match chosen {
                // It wants an argument: complete it and let the person type it.
                Some(command) if command.needs_argument() => return complete(self, cx, command),
                Some(command) => {
                    cx.composer_mut().set_text(&format!("/{}", command.name));
                    return Outcome::Ignored;
                }
                // Nothing matches: the composer sends it, and the command table says so.
                None => return Outcome::Ignored,
            },
        }
        Outcome::Consumed(vec![])
    }

    /// The composer took an input this popup let through: the list follows its text.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::ComposerTook { before } => follow(self, cx, before.as_deref()),
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::OverComposer
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Commands"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&facts(cx), &cx.config.keymap)
    }
}

/// Puts `/name` (and a space when it takes an argument) into the composer; the popup closes
/// once the text is no longer a command name.
fn complete(popup: &mut SlashPopup, cx: &mut Ctx<'_>, command: &Command) -> Outcome {
    let space = if command.args.is_some() { " " } else { "" };
    cx.composer_mut()
        .set_text(&format!("/{}{space}", command.name));
    follow(popup, cx, None)
}

/// After the composer took a key or a paste: the list follows its text (the selection back at
/// the top when a key changed it, `before` being the text before the key), and closes once the
/// text is no longer a command name being typed.
fn follow(popup: &mut SlashPopup, cx: &Ctx<'_>, before: Option<&str>) -> Outcome {
    if query(cx).is_none() {
        return Outcome::Close(vec![]);
    }
    if before.is_some_and(|before| cx.composer.text() != before) {
        popup.selected.first();
    }
    Outcome::Consumed(vec![])
}
