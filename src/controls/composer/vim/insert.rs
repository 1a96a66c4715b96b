//! Insert and replace mode: typing that vim watches (the escape sequence such as `jj`, what
//! `.` repeats) and lets the composer do, and typing vim does itself to repeat it.

use super::buffer::{Buffer, Pos};
use super::{Mode, Vim, VimInput, VimOutcome};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

impl Vim {
    pub(super) fn insert_key(&mut self, key: KeyEvent, buffer: &mut Buffer) -> VimOutcome {
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        if key.code == KeyCode::Esc {
            self.leave_insert(buffer);
            return VimOutcome::Done;
        }
        if let (KeyCode::Char(c), true, false) = (key.code, plain, self.escape.is_empty()) {
            if self.escape.get(self.escape_typed) == Some(&c) {
                self.escape_typed += 1;
                if self.escape_typed == self.escape.len() {
                    // The sequence's first characters went in as typing: they come out.
                    let typed = self.escape_typed - 1;
                    self.escape_typed = 0;
                    if let Some(change) = &mut self.recording {
                        let keep = change.inputs.len().saturating_sub(typed);
                        change.inputs.truncate(keep);
                    }
                    let at = buffer.cursor;
                    let from = Pos::new(at.row, at.col.saturating_sub(typed));
                    buffer.delete_between(from, at);
                    self.leave_insert(buffer);
                    return VimOutcome::Done;
                }
            } else {
                self.escape_typed = usize::from(self.escape.first() == Some(&c));
            }
        } else {
            self.escape_typed = 0;
        }
        self.record(VimInput::Key(key));
        if self.replaying {
            apply_insert(&VimInput::Key(key), buffer);
            return VimOutcome::Done;
        }
        VimOutcome::PassThrough
    }

    /// Replace mode: a character writes over the one under the cursor (or goes on at the
    /// line's end), Backspace steps back, Esc returns to normal mode; other keys are the
    /// composer's. Vim does the typing itself, so `.` repeats it.
    pub(super) fn replace_mode_key(&mut self, key: KeyEvent, buffer: &mut Buffer) -> VimOutcome {
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Esc => {
                self.leave_insert(buffer);
                VimOutcome::Done
            }
            KeyCode::Char(c) if plain => {
                self.record(VimInput::Key(key));
                let at = buffer.cursor;
                if at.col < buffer.len(at.row) {
                    buffer.delete_between(at, Pos::new(at.row, at.col + 1));
                }
                buffer.cursor = buffer.insert(at, &c.to_string());
                VimOutcome::Done
            }
            KeyCode::Backspace => {
                self.record(VimInput::Key(key));
                buffer.cursor.col = buffer.cursor.col.saturating_sub(1);
                VimOutcome::Done
            }
            _ => VimOutcome::PassThrough,
        }
    }

    pub(super) fn leave_insert(&mut self, buffer: &mut Buffer) {
        self.mode = Mode::Normal;
        self.escape_typed = 0;
        let (repeat, from) = std::mem::take(&mut self.insert_repeat);
        if let Some(mut change) = self.recording.take() {
            if !self.replaying {
                let typed: Vec<VimInput> = change.inputs.get(from..).unwrap_or(&[]).to_vec();
                for _ in 1..repeat {
                    for input in &typed {
                        apply_insert(input, buffer);
                    }
                }
                change
                    .inputs
                    .push(VimInput::Key(KeyEvent::from(KeyCode::Esc)));
                self.last_change = Some(change);
            }
        }
        buffer.cursor.col = buffer.cursor.col.saturating_sub(1);
        buffer.clamp(false);
    }

    /// Starts insert mode at `at` (the command's count repeats the typing at Esc).
    pub(super) fn enter_insert(&mut self, buffer: &mut Buffer, at: Pos, count: usize) {
        buffer.cursor = at;
        buffer.clamp(true);
        self.mode = Mode::Insert;
        let from = self.recording.as_ref().map_or(0, |c| c.inputs.len());
        self.insert_repeat = (count.max(1), from);
    }
}

/// Typing in insert mode done by vim itself (to repeat it with `.` or a count): characters,
/// newlines, Backspace and Delete, the arrows along the line, pastes.
pub(super) fn apply_insert(input: &VimInput, buffer: &mut Buffer) {
    let at = buffer.cursor;
    let key = match input {
        VimInput::Paste(text) => {
            buffer.cursor = buffer.insert(at, text);
            return;
        }
        VimInput::Key(key) => key,
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let newline = key
        .modifiers
        .intersects(KeyModifiers::SHIFT | KeyModifiers::ALT);
    match key.code {
        KeyCode::Char('j') if ctrl => buffer.cursor = buffer.insert(at, "\n"),
        KeyCode::Enter if newline => buffer.cursor = buffer.insert(at, "\n"),
        KeyCode::Char(c) if !ctrl => buffer.cursor = buffer.insert(at, &c.to_string()),
        KeyCode::Backspace if at.col > 0 => {
            buffer.delete_between(Pos::new(at.row, at.col - 1), at);
        }
        KeyCode::Backspace if at.row > 0 => {
            let end = Pos::new(at.row - 1, buffer.len(at.row - 1));
            buffer.delete_between(end, at);
        }
        KeyCode::Delete if at.col < buffer.len(at.row) => {
            buffer.delete_between(at, Pos::new(at.row, at.col + 1));
        }
        KeyCode::Left => buffer.cursor.col = at.col.saturating_sub(1),
        KeyCode::Right => buffer.cursor.col = (at.col + 1).min(buffer.len(at.row)),
        KeyCode::Home => buffer.cursor.col = 0,
        KeyCode::End => buffer.cursor.col = buffer.len(at.row),
        _ => {}
    }
}
