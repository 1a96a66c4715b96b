//! Vim's text objects for the operators (`diw`, `ca(`, `yi"` …): the span of text around the
//! cursor that `i` (inner) or `a` (around) names — a word, a bracketed block (nested, across
//! lines) or a quoted string on the cursor's line. Spans are `[from, end)`.

use super::buffer::{Buffer, Pos};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Object {
    /// `w`: a run of word characters, of other marks, or of blanks.
    Word,
    /// `W`: a run of anything but blanks.
    BigWord,
    /// `( ) b`, `[ ]`, `{ } B`, `< >`: the opening and the closing bracket.
    Pair(char, char),
    /// `" ' \``: the quote.
    Quote(char),
}

impl Object {
    /// The object a key names after `i` or `a`.
    pub(super) fn named(c: char) -> Option<Object> {
        Some(match c {
            'w' => Object::Word,
            'W' => Object::BigWord,
            '(' | ')' | 'b' => Object::Pair('(', ')'),
            '[' | ']' => Object::Pair('[', ']'),
            '{' | '}' | 'B' => Object::Pair('{', '}'),
            '<' | '>' => Object::Pair('<', '>'),
            '"' | '\'' | '`' => Object::Quote(c),
            _ => return None,
        })
    }
}

/// The span of `object` at the cursor (`around`: with its brackets, quotes or the blanks after
/// a word), `count` times (words: that many runs; brackets: the count-th enclosing pair).
/// `None` when the cursor is in no such object.
pub(super) fn span(
    buffer: &Buffer,
    object: Object,
    around: bool,
    count: usize,
) -> Option<(Pos, Pos)> {
    let count = count.max(1);
    match object {
        Object::Word | Object::BigWord => word(buffer, object == Object::BigWord, around, count),
        Object::Pair(open, close) => pair(buffer, open, close, around, count),
        Object::Quote(quote) => quoted(buffer, quote, around),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Blank,
    Word,
    Mark,
}

fn class(c: char, big: bool) -> Class {
    if c.is_whitespace() {
        Class::Blank
    } else if big || c.is_alphanumeric() || c == '_' {
        Class::Word
    } else {
        Class::Mark
    }
}

/// Words stay on the cursor's line, as vim's do for `iw`/`aw` on a single line.
fn word(buffer: &Buffer, big: bool, around: bool, count: usize) -> Option<(Pos, Pos)> {
    let row = buffer.cursor.row;
    let chars = buffer.chars(row);
    if chars.is_empty() {
        return None;
    }
    let at = buffer.cursor.col.min(chars.len() - 1);
    let kind = |i: usize| class(chars[i], big);
    let mut from = at;
    while from > 0 && kind(from - 1) == kind(at) {
        from -= 1;
    }
    // The end of the run that starts at `i`.
    let run_end = |i: usize| {
        let mut end = i;
        while end < chars.len() && kind(end) == kind(i) {
            end += 1;
        }
        end
    };
    let started_on_blank = kind(at) == Class::Blank;
    let mut end = run_end(at);
    for _ in 1..count {
        if end >= chars.len() {
            break;
        }
        end = run_end(end);
    }
    if around {
        if started_on_blank {
            // Blanks, then the word after them.
            if end < chars.len() {
                end = run_end(end);
            }
        } else if end < chars.len() && kind(end) == Class::Blank {
            end = run_end(end);
        } else {
            // No blank after: take the blanks before instead.
            while from > 0 && kind(from - 1) == Class::Blank {
                from -= 1;
            }
        }
    }
    Some((Pos::new(row, from), Pos::new(row, end)))
}

/// The whole text as characters, and the place of each line's start in it.
fn flat(buffer: &Buffer) -> (Vec<char>, Vec<usize>) {
    let mut chars = Vec::new();
    let mut starts = Vec::with_capacity(buffer.lines.len());
    for (i, line) in buffer.lines.iter().enumerate() {
        if i > 0 {
            chars.push('\n');
        }
        starts.push(chars.len());
        chars.extend(line.chars());
    }
    (chars, starts)
}

fn offset(starts: &[usize], pos: Pos) -> usize {
    starts.get(pos.row).copied().unwrap_or(0) + pos.col
}

fn position(starts: &[usize], offset: usize) -> Pos {
    let row = starts.partition_point(|&s| s <= offset).saturating_sub(1);
    Pos::new(row, offset - starts[row])
}

fn pair(
    buffer: &Buffer,
    open: char,
    close: char,
    around: bool,
    count: usize,
) -> Option<(Pos, Pos)> {
    let (chars, starts) = flat(buffer);
    if chars.is_empty() {
        return None;
    }
    let at = offset(&starts, buffer.cursor).min(chars.len() - 1);
    // The count-th unmatched opening bracket at or before the cursor (a closing one under the
    // cursor belongs to the pair it closes).
    let mut depth = 0usize;
    let mut found = 0;
    let mut start = None;
    let mut i = at + 1;
    let mut first = true;
    while i > 0 {
        i -= 1;
        let c = chars[i];
        if c == close && !(first && i == at) {
            depth += 1;
        } else if c == open {
            if depth == 0 {
                found += 1;
                if found == count {
                    start = Some(i);
                    break;
                }
            } else {
                depth -= 1;
            }
        }
        first = false;
    }
    let start = start?;
    let mut depth = 0usize;
    let end = (start + 1..chars.len()).find(|&j| {
        let c = chars[j];
        if c == open {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return true;
            }
            depth -= 1;
        }
        false
    })?;
    let (from, to) = if around {
        (start, end + 1)
    } else {
        // A block whose brackets stand on their own lines: its inner lines, as vim takes them.
        let mut from = start + 1;
        let mut to = end;
        let close_row = position(&starts, end).row;
        let only_blanks_before_close = chars[starts[close_row]..end]
            .iter()
            .all(|c| c.is_whitespace());
        if chars.get(from) == Some(&'\n') && only_blanks_before_close && close_row > 0 {
            from += 1;
            to = starts[close_row].max(from);
        }
        (from, to)
    };
    Some((position(&starts, from), position(&starts, to)))
}

/// The quoted string on the cursor's line that holds the cursor, else the next one after it.
fn quoted(buffer: &Buffer, quote: char, around: bool) -> Option<(Pos, Pos)> {
    let row = buffer.cursor.row;
    let chars = buffer.chars(row);
    let at = buffer.cursor.col;
    let quotes: Vec<usize> = chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| c == quote && (i == 0 || chars[i - 1] != '\\'))
        .map(|(i, _)| i)
        .collect();
    let (open, close) = quotes
        .chunks_exact(2)
        .map(|p| (p[0], p[1]))
        .find(|&(_, close)| at <= close)?;
    if around {
        let mut end = close + 1;
        while end < chars.len() && chars[end].is_whitespace() {
            end += 1;
        }
        Some((Pos::new(row, open), Pos::new(row, end)))
    } else {
        Some((Pos::new(row, open + 1), Pos::new(row, close)))
    }
}
