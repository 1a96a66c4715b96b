//! The composer's keys when vim is on (`composer::vim` is the engine), seen before tern's other
//! keys: in insert mode Esc (or the escape sequence) goes to normal mode instead of
//! interrupting, and typing goes on to the composer; in normal mode the keys are vim's
//! commands, Enter sends, Ctrl+R redoes (in insert mode it is the history search), and keys
//! with Ctrl or Alt, the page keys and Tab stay tern's. Interrupting is Ctrl+C in both modes.
//! On an empty composer in normal mode `/` starts a command and `?` opens the help, as without
//! vim.
//!
//! The shared keys here (Esc, Enter, Ctrl+R) belong in the key precedence table once it lands
//! (`keys`): this file is where their vim column is.

use crate::app::base::composer_input::{self, Submit};
use crate::app::composer::ComposerOutcome;
use crate::app::layer_types::Hint;
use crate::app::layers::Outcome;
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

pub fn handle(state: &mut Session, key: KeyEvent, now: Instant) -> Option<Outcome> {
    let composer = &mut state.composer;
    composer.vim.as_ref()?;
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    if composer.vim_normal() && composer.is_empty() && plain {
        match key.code {
            KeyCode::Char('/') => {
                if let Some(vim) = &mut composer.vim {
                    vim.mode = crate::app::composer::vim::Mode::Insert;
                }
                return None;
            }
            KeyCode::Char('?') => return None,
            _ => {}
        }
    }
    match composer.vim_key(key)? {
        ComposerOutcome::Submitted(text) => {
            Some(composer_input::submit(state, text, Submit::Send, now))
        }
        ComposerOutcome::Edited | ComposerOutcome::Ignored => Some(Outcome::Consumed(vec![])),
    }
}

/// The keys that matter now in vim's mode, for the hint bar (before tern's own).
pub fn hints(state: &Session) -> Vec<Hint> {
    match &state.composer.vim {
        Some(_) if state.composer.vim_normal() => vec![
            Hint::new("i/a", "insert"),
            Hint::new("u/Ctrl+R", "undo/redo"),
        ],
        Some(_) => vec![Hint::new("Esc", "normal mode")],
        None => vec![],
    }
}

/// Every vim key, for `?` help.
pub fn all_hints() -> Vec<Hint> {
    [
        ("Esc (insert mode)", "normal mode (interrupting is Ctrl+C)"),
        (
            "i a I A o O",
            "insert before, after, at the line's start or end, on a new line",
        ),
        (
            "h j k l, w b e, 0 ^ $",
            "move; k/j on the first/last line: earlier/later prompts",
        ),
        (
            "gg G, f t F T + char",
            "first/last line, to or till a character; counts: 3w",
        ),
        (
            "d c y + motion, dd cc yy",
            "delete, change, yank over a motion, or whole lines",
        ),
        (
            "d c y + iw aw i( a[ i{ i\" …",
            "over a word, a bracketed block or a quoted string",
        ),
        (
            "x X s S D C Y r",
            "delete a character, change, to the line's end, replace",
        ),
        ("R", "replace mode: typing writes over the text"),
        ("p P", "put after, before"),
        ("u, Ctrl+R (normal mode)", "undo, redo"),
        (".", "repeat the last change (a count replaces its count)"),
        ("Enter (normal mode)", "send"),
        ("Ctrl+R (insert mode)", "search earlier prompts"),
    ]
    .into_iter()
    .map(|(keys, action)| Hint::new(keys, action))
    .collect()
}
