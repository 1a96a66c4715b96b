//! Vim's motions over a [`Buffer`]: where each leaves the cursor, and how an operator takes
//! the text up to there (whole lines, up to and including the target, or up to it).

use super::buffer::{Buffer, Pos};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Motion {
    Left,
    Right,
    Up,
    Down,
    WordForward,
    WordBackward,
    WordEnd,
    LineStart,
    FirstNonBlank,
    LineEnd,
    /// `gg`: the first line, or line N with a count.
    Top,
    /// `G`: the last line, or line N with a count.
    Bottom,
    /// `f`, `t`, `F`, `T` and the character.
    Find(Find, char),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Find {
    /// `f`: onto the next one.
    To,
    /// `t`: just before the next one.
    Till,
    /// `F`: onto the one before.
    BackTo,
    /// `T`: just after the one before.
    BackTill,
}

/// How an operator takes the text a motion covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Span {
    /// Whole lines, from the cursor's to the target's.
    Lines,
    /// Up to and including the target character.
    Inclusive,
    /// Up to the target, not including it.
    Exclusive,
}

impl Motion {
    pub(crate) fn span(self) -> Span {
        match self {
            Motion::Up | Motion::Down | Motion::Top | Motion::Bottom => Span::Lines,
            Motion::WordEnd | Motion::LineEnd => Span::Inclusive,
            Motion::Find(Find::To | Find::Till, _) => Span::Inclusive,
            _ => Span::Exclusive,
        }
    }
}

/// Where `motion` done `count` times (`counted`: a count was typed) takes the cursor; `None`
/// when it cannot move at all (`h` at a line's start, `k` on the first line, no such
/// character). The target may be one past a line's last character (`w` at the end).
pub(crate) fn target(buffer: &Buffer, motion: Motion, count: usize, counted: bool) -> Option<Pos> {
    let at = buffer.cursor;
    let count = count.max(1);
    let target = match motion {
        Motion::Left => {
            if at.col == 0 {
                return None;
            }
            Pos::new(at.row, at.col.saturating_sub(count))
        }
        Motion::Right => {
            let len = buffer.len(at.row);
            if at.col >= len {
                return None;
            }
            Pos::new(at.row, (at.col + count).min(len))
        }
        Motion::Up => {
            if at.row == 0 {
                return None;
            }
            let row = at.row.saturating_sub(count);
            Pos::new(row, at.col.min(buffer.len(row).saturating_sub(1)))
        }
        Motion::Down => {
            if at.row >= buffer.last_row() {
                return None;
            }
            let row = (at.row + count).min(buffer.last_row());
            Pos::new(row, at.col.min(buffer.len(row).saturating_sub(1)))
        }
        Motion::WordForward => (0..count).fold(at, |p, _| word_forward(buffer, p)),
        Motion::WordBackward => (0..count).fold(at, |p, _| word_backward(buffer, p)),
        Motion::WordEnd => (0..count).fold(at, |p, _| word_end(buffer, p)),
        Motion::LineStart => Pos::new(at.row, 0),
        Motion::FirstNonBlank => Pos::new(at.row, buffer.first_non_blank(at.row)),
        Motion::LineEnd => {
            let row = (at.row + count - 1).min(buffer.last_row());
            Pos::new(row, buffer.len(row).saturating_sub(1))
        }
        Motion::Top | Motion::Bottom => {
            let row = match (counted, motion) {
                (true, _) => count - 1,
                (false, Motion::Top) => 0,
                _ => buffer.last_row(),
            };
            let row = row.min(buffer.last_row());
            Pos::new(row, buffer.first_non_blank(row))
        }
        Motion::Find(kind, wanted) => find(buffer, at, kind, wanted, count)?,
    };
    Some(target)
}

fn find(buffer: &Buffer, at: Pos, kind: Find, wanted: char, count: usize) -> Option<Pos> {
    let chars = buffer.chars(at.row);
    let col = match kind {
        Find::To | Find::Till => {
            let start = at.col + 1;
            let found = (start.min(chars.len())..chars.len())
                .filter(|&i| chars[i] == wanted)
                .nth(count - 1)?;
            if kind == Find::Till {
                found - 1
            } else {
                found
            }
        }
        Find::BackTo | Find::BackTill => {
            let found = (0..at.col.min(chars.len()))
                .rev()
                .filter(|&i| chars[i] == wanted)
                .nth(count - 1)?;
            if kind == Find::BackTill {
                found + 1
            } else {
                found
            }
        }
    };
    Some(Pos::new(at.row, col))
}

/// What a place in the text is, for words: a word is a run of letters, digits and `_`, or a
/// run of other non-blank characters; an empty line is a word of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Blank,
    Word,
    Punct,
    EmptyLine,
}

/// The text as one sequence of places: every character, then a blank between lines (an empty
/// line is one place of its own).
fn places(buffer: &Buffer) -> Vec<(Pos, Class)> {
    let mut out = Vec::new();
    for row in 0..buffer.lines.len() {
        let chars = buffer.chars(row);
        if chars.is_empty() {
            out.push((Pos::new(row, 0), Class::EmptyLine));
            continue;
        }
        for (col, c) in chars.iter().enumerate() {
            let class = if c.is_whitespace() {
                Class::Blank
            } else if c.is_alphanumeric() || *c == '_' {
                Class::Word
            } else {
                Class::Punct
            };
            out.push((Pos::new(row, col), class));
        }
        if row < buffer.last_row() {
            out.push((Pos::new(row, chars.len()), Class::Blank));
        }
    }
    out
}

/// The index of `at` among `places`, or their count for the end of the text.
fn index_of(places: &[(Pos, Class)], at: Pos) -> usize {
    places
        .iter()
        .position(|(p, _)| *p >= at)
        .unwrap_or(places.len())
}

/// Where the text ends: past the last line's last character.
fn end(buffer: &Buffer) -> Pos {
    Pos::new(buffer.last_row(), buffer.len(buffer.last_row()))
}

fn word_forward(buffer: &Buffer, at: Pos) -> Pos {
    let places = places(buffer);
    let mut i = index_of(&places, at);
    if i >= places.len() {
        return end(buffer);
    }
    let class = places[i].1;
    i += 1;
    if class != Class::Blank && class != Class::EmptyLine {
        while i < places.len() && places[i].1 == class {
            i += 1;
        }
    }
    while i < places.len() && places[i].1 == Class::Blank {
        i += 1;
    }
    places.get(i).map_or_else(|| end(buffer), |(p, _)| *p)
}

fn word_backward(buffer: &Buffer, at: Pos) -> Pos {
    let places = places(buffer);
    let mut i = index_of(&places, at);
    while i > 0 {
        i -= 1;
        if places[i].1 != Class::Blank {
            break;
        }
    }
    let class = places.get(i).map_or(Class::Blank, |p| p.1);
    if class != Class::EmptyLine {
        while i > 0 && places[i - 1].1 == class {
            i -= 1;
        }
    }
    places.get(i).map_or(Pos::new(0, 0), |(p, _)| *p)
}

fn word_end(buffer: &Buffer, at: Pos) -> Pos {
    let places = places(buffer);
    let mut i = index_of(&places, at) + 1;
    while i < places.len() && matches!(places[i].1, Class::Blank | Class::EmptyLine) {
        i += 1;
    }
    let Some(&(_, class)) = places.get(i) else {
        let last = end(buffer);
        return Pos::new(last.row, last.col.saturating_sub(1));
    };
    while i + 1 < places.len() && places[i + 1].1 == class {
        i += 1;
    }
    places[i].0
}
