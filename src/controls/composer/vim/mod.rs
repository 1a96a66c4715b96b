//! Vim keys for the composer: a pure engine over the composer's text (a [`Buffer`]: lines and
//! a cursor). Insert mode leaves typing to the composer as it is without vim (so pastes, the
//! `/`, `@` and `$` lists and the history keep working) and only watches for Esc or the
//! configured escape sequence (`jj`); normal mode has the motions `h j k l w b e 0 ^ $ gg G f t
//! F T` with counts, the operators `d c y` over any motion or text object (`iw aw i( a" …`)
//! and `dd cc yy` for lines, `x X s S D C Y r R p P`, `i a I A o O`, undo `u` and redo Ctrl+R of
//! its own, and `.` to repeat the last change (with a new count). Enter in normal mode sends; `k` on the first line and `j` on the
//! last walk the prompt history, as ↑/↓ do.

pub(crate) mod buffer;
mod commands;
mod edit;
mod insert;
pub(crate) mod motion;
mod object;
#[cfg(test)]
mod tests;

pub use buffer::{Buffer, Pos};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use motion::{target, Find, Motion};
use object::Object;

/// The most undo steps kept.
const MAX_UNDO: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Typing goes into the text (the composer's own keys).
    #[default]
    Insert,
    /// Keys are commands.
    Normal,
    /// `R`: typing writes over the text (vim's own; Esc back to normal mode).
    Replace,
}

/// A key or a paste, as vim records them for `.`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum VimInput {
    Key(KeyEvent),
    Paste(String),
}

/// What the composer does after vim saw a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VimOutcome {
    /// Vim's: done (the buffer may have changed).
    Done,
    /// Not vim's: the composer handles it as without vim (typing in insert mode, and keys vim
    /// has no use for).
    PassThrough,
    /// Enter in normal mode: send the text.
    Submit,
    /// `k` on the first line (-1) or `j` on the last (1): an earlier or a later prompt.
    History(isize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Delete,
    Change,
    Yank,
}

impl Op {
    fn letter(self) -> char {
        match self {
            Op::Delete => 'd',
            Op::Change => 'c',
            Op::Yank => 'y',
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prefix {
    /// `g`, waiting for the second `g`.
    G,
    Find(Find),
    /// `r`, waiting for the character.
    Replace,
    /// `i` or `a` after an operator, waiting for the text object.
    Object {
        around: bool,
    },
}

/// A command being typed: its count, its operator (with the operator's own count) and a prefix
/// waiting for its second key.
#[derive(Debug, Clone, Default, PartialEq)]
struct Pending {
    count: Option<usize>,
    op: Option<(Op, Option<usize>)>,
    prefix: Option<Prefix>,
}

/// The unnamed register: what `d`, `c`, `y`, `x` took, for `p` and `P`.
#[derive(Debug, Clone, Default, PartialEq)]
struct Register {
    text: String,
    /// Whole lines (`dd`, `yy`, `dj` …): put above or below, not inside a line.
    lines: bool,
}

/// A change, as typed: its count and its keys after the count (an insert's typing included).
#[derive(Debug, Clone, Default, PartialEq)]
struct Change {
    count: Option<usize>,
    inputs: Vec<VimInput>,
}

#[derive(Debug, Clone, Default)]
pub struct Vim {
    pub mode: Mode,
    pending: Pending,
    register: Register,
    undo: Vec<Buffer>,
    redo: Vec<Buffer>,
    /// What `.` repeats.
    last_change: Option<Change>,
    /// The change being typed (until it ends, an insert's until Esc).
    recording: Option<Change>,
    /// An insert's count (`3ihi<Esc>`) and where its typing starts in `recording`.
    insert_repeat: (usize, usize),
    /// Typing in insert mode that ends it, as `jj` does (empty: none); how much of it is typed.
    escape: Vec<char>,
    escape_typed: usize,
    replaying: bool,
}

impl Vim {
    /// Vim in insert mode; `escape` (such as `jj`) typed in insert mode means Esc.
    pub fn new(escape: &str) -> Vim {
        Vim {
            escape: escape.chars().collect(),
            ..Vim::default()
        }
    }

    /// What the composer's border says: the mode and the command being typed.
    pub(crate) fn status(&self) -> String {
        let mode = match self.mode {
            Mode::Insert => "INSERT",
            Mode::Normal => "NORMAL",
            Mode::Replace => "REPLACE",
        };
        let mut typed = String::new();
        if let Some(count) = self.pending.count {
            typed.push_str(&count.to_string());
        }
        if let Some((op, count)) = self.pending.op {
            typed.push(op.letter());
            if let Some(count) = count {
                typed.push_str(&count.to_string());
            }
        }
        match self.pending.prefix {
            Some(Prefix::G) => typed.push('g'),
            Some(Prefix::Replace) => typed.push('r'),
            Some(Prefix::Object { around }) => typed.push(if around { 'a' } else { 'i' }),
            Some(Prefix::Find(kind)) => typed.push(match kind {
                Find::To => 'f',
                Find::Till => 't',
                Find::BackTo => 'F',
                Find::BackTill => 'T',
            }),
            None => {}
        }
        if typed.is_empty() {
            mode.to_string()
        } else {
            format!("{mode} {typed}")
        }
    }

    /// The prompt was sent: the next one starts in insert mode.
    pub(crate) fn sent(&mut self) {
        self.mode = Mode::Insert;
        self.pending = Pending::default();
        self.recording = None;
        self.escape_typed = 0;
    }

    /// A paste: recorded as typing in insert mode; in normal and replace mode it goes in as it
    /// is (inserted), one undo step.
    pub(crate) fn paste(&mut self, text: &str, buffer: &Buffer) {
        match self.mode {
            Mode::Insert => self.record(VimInput::Paste(text.to_string())),
            Mode::Normal | Mode::Replace => self.save_undo(buffer),
        }
    }

    pub(crate) fn key(&mut self, key: KeyEvent, buffer: &mut Buffer) -> VimOutcome {
        match self.mode {
            Mode::Insert => self.insert_key(key, buffer),
            Mode::Replace => self.replace_mode_key(key, buffer),
            Mode::Normal => {
                let outcome = self.normal_key(key, buffer);
                if self.mode == Mode::Normal {
                    buffer.clamp(false);
                }
                outcome
            }
        }
    }

    fn record(&mut self, input: VimInput) {
        if self.replaying {
            return;
        }
        if let Some(change) = &mut self.recording {
            change.inputs.push(input);
        }
    }

    fn save_undo(&mut self, buffer: &Buffer) {
        if self.replaying && !self.undo.is_empty() {
            return;
        }
        self.undo.push(buffer.clone());
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    fn normal_key(&mut self, key: KeyEvent, buffer: &mut Buffer) -> VimOutcome {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.pending == Pending::default() && !self.replaying {
            self.recording = Some(Change::default());
        }
        let code = match key.code {
            KeyCode::Char('r') if ctrl => {
                self.pending = Pending::default();
                self.redo(buffer);
                return VimOutcome::Done;
            }
            // Keys with Ctrl or Alt are tern's (search, expand, the editor …), not vim's.
            _ if key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                self.pending = Pending::default();
                return VimOutcome::PassThrough;
            }
            KeyCode::Esc => {
                self.pending = Pending::default();
                return VimOutcome::Done;
            }
            KeyCode::Enter if key.modifiers.is_empty() => {
                self.pending = Pending::default();
                return VimOutcome::Submit;
            }
            KeyCode::Backspace => 'h',
            KeyCode::Char(c) => c,
            // The arrows, Home/End, the page keys and Tab do what they do without vim (↑ into
            // the queued messages, the history, scrolling).
            _ => {
                self.pending = Pending::default();
                return VimOutcome::PassThrough;
            }
        };
        // Counts are kept apart from the keys, so `.` can take a new one.
        let counting = code.is_ascii_digit()
            && self.pending.prefix.is_none()
            && (code != '0' || self.count_typed());
        if !counting {
            let input = VimInput::Key(KeyEvent::new(KeyCode::Char(code), KeyModifiers::NONE));
            if let Some(change) = &mut self.recording {
                if change.inputs.is_empty() && self.pending.op.is_none() {
                    change.count = self.pending.count;
                }
            }
            self.record(input);
        }
        self.command(code, buffer)
    }

    fn count_typed(&self) -> bool {
        match self.pending.op {
            Some((_, count)) => count.is_some(),
            None => self.pending.count.is_some(),
        }
    }

    /// The count typed (before the operator times after it), 1 when none was.
    fn take_count(&mut self) -> usize {
        let before = self.pending.count.take();
        let after = self.pending.op.take().and_then(|(_, count)| count);
        before
            .unwrap_or(1)
            .saturating_mul(after.unwrap_or(1))
            .max(1)
    }

    fn counted(&self) -> bool {
        self.pending.count.is_some() || matches!(self.pending.op, Some((_, Some(_))))
    }

    fn cancel(&mut self) -> VimOutcome {
        self.pending = Pending::default();
        self.recording = None;
        VimOutcome::Done
    }

    /// A command ended: a change is what `.` repeats next.
    fn finish(&mut self, changed: bool) -> VimOutcome {
        self.pending = Pending::default();
        let recorded = self.recording.take();
        if changed && !self.replaying {
            self.last_change = recorded;
        }
        VimOutcome::Done
    }

    /// The pending operator over a text object (`diw`, `ci(`, `ya"`).
    fn object(&mut self, object: Object, around: bool, buffer: &mut Buffer) -> VimOutcome {
        let Some((op, _)) = self.pending.op else {
            return self.cancel();
        };
        let count = self.take_count();
        let Some((from, end)) = object::span(buffer, object, around, count) else {
            return self.cancel();
        };
        let changed = self.take(op, from, end, buffer);
        if op == Op::Change && changed {
            return VimOutcome::Done;
        }
        self.finish(changed && op != Op::Yank)
    }

    fn motion(&mut self, motion: Motion, buffer: &mut Buffer) -> VimOutcome {
        let counted = self.counted();
        let op = self.pending.op.map(|(op, _)| op);
        let count = self.take_count();
        let Some(op) = op else {
            let outcome = match target(buffer, motion, count, counted) {
                Some(to) => {
                    buffer.cursor = to;
                    VimOutcome::Done
                }
                None if motion == Motion::Up => VimOutcome::History(-1),
                None if motion == Motion::Down => VimOutcome::History(1),
                None => VimOutcome::Done,
            };
            self.finish(false);
            return outcome;
        };
        let changed = self.operate(op, motion, count, counted, buffer);
        if op == Op::Change && changed {
            return VimOutcome::Done;
        }
        self.finish(changed && op != Op::Yank)
    }
}
