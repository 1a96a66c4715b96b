//! Normal mode's commands: a letter typed (after any count, operator or prefix) and what it
//! does — operators waiting for their motion, prefixes (`g`, `f`, `r`, …) and the one-key
//! commands.

use super::buffer::{Buffer, Pos};
use super::insert::apply_insert;
use super::motion::{Find, Motion};
use super::object::Object;
use super::{Mode, Op, Pending, Prefix, Register, Vim, VimInput, VimOutcome};

impl Vim {
    pub(super) fn command(&mut self, c: char, buffer: &mut Buffer) -> VimOutcome {
        if let Some(prefix) = self.pending.prefix.take() {
            return match prefix {
                Prefix::G if c == 'g' => self.motion(Motion::Top, buffer),
                Prefix::G => self.cancel(),
                Prefix::Find(kind) => self.motion(Motion::Find(kind, c), buffer),
                Prefix::Replace => {
                    let count = self.take_count();
                    self.replace(c, count, buffer);
                    self.finish(true)
                }
                Prefix::Object { around } => match Object::named(c) {
                    Some(object) => self.object(object, around, buffer),
                    None => self.cancel(),
                },
            };
        }
        if c.is_ascii_digit() && (c != '0' || self.count_typed()) {
            let digit = c.to_digit(10).unwrap_or(0) as usize;
            let slot = match &mut self.pending.op {
                Some((_, count)) => count,
                None => &mut self.pending.count,
            };
            *slot = Some(
                slot.unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(digit)
                    .min(9999),
            );
            return VimOutcome::Done;
        }
        let motion = match c {
            'h' => Some(Motion::Left),
            'l' | ' ' => Some(Motion::Right),
            'k' => Some(Motion::Up),
            'j' => Some(Motion::Down),
            'w' | 'W' => Some(Motion::WordForward),
            'b' | 'B' => Some(Motion::WordBackward),
            'e' | 'E' => Some(Motion::WordEnd),
            '0' => Some(Motion::LineStart),
            '^' => Some(Motion::FirstNonBlank),
            '$' => Some(Motion::LineEnd),
            'G' => Some(Motion::Bottom),
            _ => None,
        };
        if let Some(motion) = motion {
            return self.motion(motion, buffer);
        }
        let prefix = match c {
            'g' => Some(Prefix::G),
            'f' => Some(Prefix::Find(Find::To)),
            't' => Some(Prefix::Find(Find::Till)),
            'F' => Some(Prefix::Find(Find::BackTo)),
            'T' => Some(Prefix::Find(Find::BackTill)),
            'r' if self.pending.op.is_none() => Some(Prefix::Replace),
            'i' if self.pending.op.is_some() => Some(Prefix::Object { around: false }),
            'a' if self.pending.op.is_some() => Some(Prefix::Object { around: true }),
            _ => None,
        };
        if let Some(prefix) = prefix {
            self.pending.prefix = Some(prefix);
            return VimOutcome::Done;
        }
        let op = match c {
            'd' => Some(Op::Delete),
            'c' => Some(Op::Change),
            'y' => Some(Op::Yank),
            _ => None,
        };
        if let Some(op) = op {
            return match self.pending.op {
                // `dd`, `cc`, `yy`: whole lines.
                Some((pending, _)) if pending == op => {
                    let count = self.take_count();
                    let last = buffer.cursor.row + count - 1;
                    self.lines(op, buffer.cursor.row, last, buffer);
                    self.finish(op != Op::Yank)
                }
                Some(_) => self.cancel(),
                None => {
                    self.pending.op = Some((op, None));
                    VimOutcome::Done
                }
            };
        }
        if self.pending.op.is_some() {
            return self.cancel();
        }
        self.simple(c, buffer)
    }

    /// Commands that stand alone.
    fn simple(&mut self, c: char, buffer: &mut Buffer) -> VimOutcome {
        let count = self.take_count();
        let at = buffer.cursor;
        let len = buffer.len(at.row);
        match c {
            'x' | 'X' | 's' => {
                let (from, to) = if c == 'X' {
                    (Pos::new(at.row, at.col.saturating_sub(count)), at)
                } else {
                    (at, Pos::new(at.row, (at.col + count).min(len)))
                };
                if from == to && c != 's' {
                    return self.finish(false);
                }
                self.save_undo(buffer);
                let taken = buffer.delete_between(from, to);
                self.register = Register {
                    text: taken,
                    lines: false,
                };
                if c == 's' {
                    self.enter_insert(buffer, from, 1);
                    return VimOutcome::Done;
                }
                self.finish(true)
            }
            'D' | 'C' => {
                let row = (at.row + count - 1).min(buffer.last_row());
                let end = Pos::new(row, buffer.len(row));
                self.save_undo(buffer);
                let taken = buffer.delete_between(at, end);
                self.register = Register {
                    text: taken,
                    lines: false,
                };
                if c == 'C' {
                    self.enter_insert(buffer, at, 1);
                    return VimOutcome::Done;
                }
                self.finish(true)
            }
            'S' => {
                self.lines(Op::Change, at.row, at.row + count - 1, buffer);
                VimOutcome::Done
            }
            'Y' => {
                self.lines(Op::Yank, at.row, at.row + count - 1, buffer);
                self.finish(false)
            }
            'p' | 'P' => {
                if self.register.text.is_empty() && !self.register.lines {
                    return self.finish(false);
                }
                self.save_undo(buffer);
                self.put(c == 'p', count, buffer);
                self.finish(true)
            }
            'u' => {
                for _ in 0..count {
                    self.undo(buffer);
                }
                self.finish(false)
            }
            '.' => {
                let Some(change) = self.last_change.clone() else {
                    return self.finish(false);
                };
                let counted = self.recording.as_ref().and_then(|r| r.count);
                self.recording = None;
                self.replaying = true;
                self.pending = Pending {
                    count: counted.or(change.count),
                    ..Pending::default()
                };
                for input in &change.inputs {
                    match input {
                        VimInput::Key(key) => {
                            self.key(*key, buffer);
                        }
                        VimInput::Paste(text) if self.mode == Mode::Insert => {
                            apply_insert(input, buffer);
                            let _ = text;
                        }
                        VimInput::Paste(_) => {}
                    }
                }
                self.replaying = false;
                if self.mode == Mode::Insert {
                    self.leave_insert(buffer);
                }
                self.pending = Pending::default();
                VimOutcome::Done
            }
            'R' => {
                self.save_undo(buffer);
                self.mode = Mode::Replace;
                let from = self.recording.as_ref().map_or(0, |c| c.inputs.len());
                // Its typing is not repeated at Esc (a count would write past it).
                self.insert_repeat = (1, from);
                VimOutcome::Done
            }
            'i' | 'a' | 'I' | 'A' | 'o' | 'O' => {
                self.save_undo(buffer);
                let place = match c {
                    'i' => at,
                    'a' => Pos::new(at.row, (at.col + 1).min(len)),
                    'I' => Pos::new(at.row, buffer.first_non_blank(at.row).min(len)),
                    'A' => Pos::new(at.row, len),
                    'o' => {
                        buffer.insert_lines(at.row + 1, "");
                        Pos::new(at.row + 1, 0)
                    }
                    _ => {
                        buffer.insert_lines(at.row, "");
                        Pos::new(at.row, 0)
                    }
                };
                self.enter_insert(buffer, place, count);
                VimOutcome::Done
            }
            _ => self.cancel(),
        }
    }
}
