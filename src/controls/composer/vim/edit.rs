//! What vim's commands do to the text: an operator over a motion's or a text object's span,
//! or over whole lines, putting the register, replacing characters, undo and redo.

use super::buffer::{Buffer, Pos};
use super::motion::{target, Motion, Span};
use super::{Op, Pending, Register, Vim};

impl Vim {
    /// `op` over what `motion` covers; whether the text changed.
    pub(super) fn operate(
        &mut self,
        op: Op,
        motion: Motion,
        count: usize,
        counted: bool,
        buffer: &mut Buffer,
    ) -> bool {
        let at = buffer.cursor;
        let on_word = buffer.char_at(at).is_some_and(|c| !c.is_whitespace());
        // `cw` on a word changes to its end, as `ce` (but never past it).
        let motion = if op == Op::Change && motion == Motion::WordForward && on_word {
            Motion::WordEnd
        } else {
            motion
        };
        let Some(mut to) = target(buffer, motion, count, counted) else {
            return false;
        };
        if motion == Motion::WordEnd && op == Op::Change && on_word && count == 1 {
            // On a word's last character, `cw` changes that character only.
            let next = buffer.char_at(Pos::new(at.row, at.col + 1));
            let same = |a: char, b: char| {
                (a.is_alphanumeric() || a == '_') == (b.is_alphanumeric() || b == '_')
            };
            let ends_here = match (buffer.char_at(at), next) {
                (Some(here), Some(next)) => next.is_whitespace() || !same(here, next),
                _ => true,
            };
            if ends_here {
                to = at;
            }
        }
        match motion.span() {
            Span::Lines => {
                self.lines(op, at.row.min(to.row), at.row.max(to.row), buffer);
                op != Op::Yank
            }
            span => {
                let (from, mut end) = (at.min(to), at.max(to));
                if span == Span::Inclusive {
                    end.col = (end.col + 1).min(buffer.len(end.row));
                } else if motion == Motion::WordForward && end.row > from.row {
                    // `dw` on a line's last word stops at the line's end.
                    let row = end.row - 1;
                    end = Pos::new(row, buffer.len(row)).max(from);
                }
                self.take(op, from, end, buffer)
            }
        }
    }

    /// `op` over lines `first..=last`.
    pub(super) fn lines(&mut self, op: Op, first: usize, last: usize, buffer: &mut Buffer) {
        let last = last.min(buffer.last_row());
        let text = buffer.lines[first..=last].join("\n");
        self.register = Register { text, lines: true };
        match op {
            Op::Yank => buffer.cursor = Pos::new(first, buffer.cursor.col),
            Op::Delete => {
                self.save_undo(buffer);
                buffer.delete_lines(first, last);
            }
            Op::Change => {
                self.save_undo(buffer);
                buffer.lines.drain(first + 1..=last);
                buffer.lines[first].clear();
                self.pending = Pending::default();
                self.enter_insert(buffer, Pos::new(first, 0), 1);
            }
        }
    }

    pub(super) fn put(&mut self, after: bool, count: usize, buffer: &mut Buffer) {
        let pieces = vec![self.register.text.as_str(); count];
        let at = buffer.cursor;
        if self.register.lines {
            let row = if after { at.row + 1 } else { at.row };
            buffer.insert_lines(row, &pieces.join("\n"));
            buffer.cursor = Pos::new(row, buffer.first_non_blank(row));
            return;
        }
        let text = pieces.concat();
        let len = buffer.len(at.row);
        let place = if after && len > 0 {
            Pos::new(at.row, at.col + 1)
        } else {
            at
        };
        let end = buffer.insert(place, &text);
        buffer.cursor = if text.contains('\n') {
            place
        } else {
            Pos::new(end.row, end.col.saturating_sub(1))
        };
    }

    pub(super) fn replace(&mut self, c: char, count: usize, buffer: &mut Buffer) {
        let at = buffer.cursor;
        let end = Pos::new(at.row, at.col + count);
        if end.col > buffer.len(at.row) {
            return;
        }
        self.save_undo(buffer);
        buffer.delete_between(at, end);
        buffer.insert(at, &c.to_string().repeat(count));
        buffer.cursor = Pos::new(at.row, end.col - 1);
    }

    pub(super) fn undo(&mut self, buffer: &mut Buffer) {
        if let Some(previous) = self.undo.pop() {
            self.redo.push(std::mem::replace(buffer, previous));
        }
    }

    pub(super) fn redo(&mut self, buffer: &mut Buffer) {
        if let Some(next) = self.redo.pop() {
            self.undo.push(std::mem::replace(buffer, next));
        }
    }

    /// `op` over `[from, end)` within the text; whether the text changed.
    pub(super) fn take(&mut self, op: Op, from: Pos, end: Pos, buffer: &mut Buffer) -> bool {
        if from == end {
            if op == Op::Change {
                self.save_undo(buffer);
                self.enter_insert(buffer, from, 1);
                return true;
            }
            return false;
        }
        let text = buffer.text_between(from, end);
        self.register = Register { text, lines: false };
        match op {
            Op::Yank => {
                buffer.cursor = from;
                false
            }
            Op::Delete => {
                self.save_undo(buffer);
                buffer.delete_between(from, end);
                true
            }
            Op::Change => {
                self.save_undo(buffer);
                buffer.delete_between(from, end);
                self.enter_insert(buffer, from, 1);
                true
            }
        }
    }
}
