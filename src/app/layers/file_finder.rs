//! The @-mention finder. `@` typed at the start of the composer or after a space opens it over
//! the composer (`Placement::OverComposer`; its state is `composer::popups::FileFinder`), and
//! what follows is the query of the server's `fuzzyFileSearch` over the session's directory
//! (one search at a time: `session::file_search`; each answer comes as
//! `LayerEvent::FilesFound`). The typed text stays in the composer as it is typed; Tab or Enter
//! replaces `@query` with the chosen path (plain text: the server ignores `mention` items for
//! files), Esc leaves the text.

use super::finder::{self, FinderKey};
use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::base::composer_input;
use crate::app::layer_types::{Input, Placement};
use crate::controls::composer::{Edit, FileFinder};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Resolved};
use crate::controls::line_input::pasted_line;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::file_search::{answered, search};
use crate::session::state::Session;

/// Whether an `@` (or the skill finder's `$`) typed now starts a mention: at the start of the
/// composer or after whitespace. One rule for both finders (`base_state::BaseState::mention_here`).
pub(crate) fn starts_mention(state: &Session) -> bool {
    state
        .composer
        .char_before_cursor()
        .is_none_or(char::is_whitespace)
}

static ROWS: [KeyRow<FileFinder, FinderKey>; 5] = finder::rows(
    (
        "insert the path",
        "put the chosen path in place of @query (Enter with none: keep the text)",
    ),
    "delete back (past the @: the list closes)",
);

pub(crate) static KEYS: KeyTable<FileFinder, FinderKey> =
    KeyTable::new("files", "Files", &ROWS, finder::REST);

/// `@` was typed where a mention starts: it goes into the composer, and the finder opens.
pub(crate) fn open(state: &mut Session) -> Outcome {
    state.composer.type_char('@');
    Outcome::Open(Layer::Files(FileFinder::default()), vec![])
}

impl LayerView for FileFinder {
    /// Keys and pastes while it is open: typing goes into the composer and the query alike; a
    /// key it has no use for closes it and goes on to the composer.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        finder::outcome(input, || on_input(self, cx.session_mut(), input))
    }

    /// The answer to its search: shown, or the query now asked.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::FilesFound { generation, result } = event else {
            return Outcome::Ignored;
        };
        match answered(self, cx.session_mut(), *generation, result) {
            Some(effects) => Outcome::Consumed(effects),
            None => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::OverComposer
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Files"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

/// What the finder does with one input, and whether it stays open; `None` when the input goes
/// on to the composer (the finder closed).
fn on_input(
    finder: &mut FileFinder,
    state: &mut Session,
    input: &Input<'_>,
) -> Option<(Vec<Effect>, bool)> {
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            // A mention is one line: the query and the composer get the same text.
            let line = pasted_line(text);
            composer_input::paste(state, &line);
            finder.query.paste(&line);
            return Some((search(finder, state), true));
        }
        Input::Mouse(_) => return None,
    };
    let count = finder.matches.len();
    let action = match KEYS.resolve(&key, finder, &state.config.keymap) {
        Resolved::Row(action) => action,
        Resolved::Take => match Chord::typed_char(&key) {
            // A space ends the mention.
            Some(c) if !c.is_whitespace() => {
                state.composer.type_char(c);
                finder.query.type_char(c);
                return Some((search(finder, state), true));
            }
            _ => return None,
        },
        // Closes the finder, whose query would no longer match what is under the cursor.
        Resolved::Pass | Resolved::Swallow => return None,
    };
    match action {
        FinderKey::Close => Some((vec![], false)),
        FinderKey::Move(to) => {
            finder.selected.go(to, count);
            Some((vec![], true))
        }
        FinderKey::Insert => match finder.chosen() {
            Some(path) => {
                // Remove `@query`, put the path in its place.
                for _ in 0..finder.query.chars().count() + 1 {
                    state.composer.edit(Edit::DeleteBack, 1);
                }
                // An image is attached (a chip), not named in the text.
                if crate::session::images::is_image_path(&path) {
                    let full = match crate::session::file_search::search_root(state) {
                        Some(root) if !path.starts_with('/') => {
                            format!("{}/{path}", root.trim_end_matches('/'))
                        }
                        _ => path,
                    };
                    return Some((crate::session::images::attach(state, full), false));
                }
                composer_input::paste(state, &format!("{} ", quote(&path)));
                Some((vec![], false))
            }
            // Nothing to choose: Enter leaves the text as typed, Tab waits.
            None if Chord::ENTER.matches(&key) => Some((vec![], false)),
            None => Some((vec![], true)),
        },
        FinderKey::Backspace => {
            state.composer.edit(Edit::DeleteBack, 1);
            if !finder.query.backspace() {
                // The `@` itself went.
                return Some((vec![], false));
            }
            Some((search(finder, state), true))
        }
    }
}

/// A path with whitespace is quoted, so it reads as one word.
fn quote(path: &str) -> String {
    if path.chars().any(char::is_whitespace) {
        format!("\"{path}\"")
    } else {
        path.to_string()
    }
}
