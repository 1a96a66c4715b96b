//! The composer's keys when vim is on (`composer::vim` is the engine). Which key is vim's is
//! the conversation's key table (`keys`: the `vim_*` rows, and the precedence table's vim
//! columns): Esc goes to normal mode instead of interrupting (Ctrl+C interrupts), Ctrl+R is
//! redo in normal mode and the history search in insert mode, and normal mode's letters are
//! commands. What would reach the composer (typing, its edits) is offered to the engine first
//! ([`offer`]): in normal mode it is a command; in insert mode the engine watches it (the
//! escape sequence such as `jj`, what `.` repeats) and lets the composer type it.

use crate::app::base::composer_input::{self, Submit};
use crate::app::layers::Outcome;
use crate::controls::composer::vim::Mode;
use crate::controls::composer::ComposerOutcome;
use crate::session::state::Session;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// The engine's say on `key`: `None` when vim is off or the key is the composer's to handle
/// (insert mode's typing, keys vim has no use for).
pub(crate) fn offer(state: &mut Session, key: KeyEvent, now: Instant) -> Option<Outcome> {
    match state.composer.vim_key(key)? {
        ComposerOutcome::Submitted(text) => {
            Some(composer_input::submit(state, text, Submit::Send, now))
        }
        ComposerOutcome::Edited | ComposerOutcome::Ignored => Some(Outcome::Consumed(vec![])),
    }
}

/// The `vim_escape` row (Esc unless remapped): to normal mode, or the command being typed
/// dropped.
pub(crate) fn escape(state: &mut Session, now: Instant) -> Outcome {
    offer(state, KeyEvent::from(KeyCode::Esc), now).unwrap_or(Outcome::Consumed(vec![]))
}

/// The `vim_redo` row (Ctrl+R unless remapped), in normal mode.
pub(crate) fn redo(state: &mut Session, now: Instant) -> Outcome {
    let key = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
    offer(state, key, now).unwrap_or(Outcome::Consumed(vec![]))
}

/// `/` on an empty composer in normal mode starts a command: what follows is typed.
pub(crate) fn to_insert_mode(state: &mut Session) {
    if let Some(vim) = &mut state.composer.vim {
        vim.mode = Mode::Insert;
    }
}
