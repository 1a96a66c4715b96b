//! The text vim works on: lines and a cursor, positions in characters. What changes text is
//! here (taking a range out, putting text in); what moves the cursor is `motion`.

/// A place in the text: line and character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

/// Lines (never none) and the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buffer {
    pub lines: Vec<String>,
    pub cursor: Pos,
}

impl Buffer {
    /// `text` with the cursor at `cursor` (clamped).
    pub fn new(text: &str, cursor: Pos) -> Buffer {
        let mut buffer = Buffer {
            lines: text.split('\n').map(str::to_string).collect(),
            cursor,
        };
        buffer.clamp(true);
        buffer
    }

    pub fn text(&self) -> String {
        self.lines.join("\n")
    }

    /// Characters in line `row`.
    pub fn len(&self, row: usize) -> usize {
        self.lines.get(row).map_or(0, |l| l.chars().count())
    }

    pub(crate) fn last_row(&self) -> usize {
        self.lines.len() - 1
    }

    pub(crate) fn chars(&self, row: usize) -> Vec<char> {
        self.lines
            .get(row)
            .map_or_else(Vec::new, |l| l.chars().collect())
    }

    pub(crate) fn char_at(&self, pos: Pos) -> Option<char> {
        self.lines.get(pos.row)?.chars().nth(pos.col)
    }

    /// The cursor on a character (normal mode), or up to the line's end (`past_end`: insert
    /// mode).
    pub(crate) fn clamp(&mut self, past_end: bool) {
        if self.lines.is_empty() {
            self.lines.push(String::new());
        }
        self.cursor.row = self.cursor.row.min(self.last_row());
        let len = self.len(self.cursor.row);
        let max = if past_end { len } else { len.saturating_sub(1) };
        self.cursor.col = self.cursor.col.min(max);
    }

    /// The first non-blank character of `row` (its end when it has none).
    pub(crate) fn first_non_blank(&self, row: usize) -> usize {
        let chars = self.chars(row);
        chars
            .iter()
            .position(|c| !c.is_whitespace())
            .unwrap_or(chars.len().saturating_sub(1))
    }

    fn byte(&self, pos: Pos) -> usize {
        let line = &self.lines[pos.row];
        line.char_indices()
            .nth(pos.col)
            .map_or(line.len(), |(at, _)| at)
    }

    /// The text from `from` up to (not including) `to`, across lines.
    pub(crate) fn text_between(&self, from: Pos, to: Pos) -> String {
        let (from, to) = (from.min(to), from.max(to));
        if from.row == to.row {
            let line = &self.lines[from.row];
            return line[self.byte(from)..self.byte(to)].to_string();
        }
        let mut out = self.lines[from.row][self.byte(from)..].to_string();
        for row in from.row + 1..to.row {
            out.push('\n');
            out.push_str(&self.lines[row]);
        }
        out.push('\n');
        out.push_str(&self.lines[to.row][..self.byte(to)]);
        out
    }

    /// Takes the text from `from` up to `to` out (lines join); the cursor goes to `from`.
    pub(crate) fn delete_between(&mut self, from: Pos, to: Pos) -> String {
        let (from, to) = (from.min(to), from.max(to));
        let taken = self.text_between(from, to);
        let tail = self.lines[to.row][self.byte(to)..].to_string();
        let head_end = self.byte(from);
        self.lines[from.row].truncate(head_end);
        self.lines[from.row].push_str(&tail);
        self.lines.drain(from.row + 1..=to.row);
        self.cursor = from;
        taken
    }

    /// Takes lines `first..=last` out; the cursor goes to the first non-blank of the line that
    /// takes their place.
    pub(crate) fn delete_lines(&mut self, first: usize, last: usize) -> String {
        let last = last.min(self.last_row());
        let taken = self
            .lines
            .drain(first..=last)
            .collect::<Vec<_>>()
            .join("\n");
        if self.lines.is_empty() {
            self.lines.push(String::new());
        }
        let row = first.min(self.last_row());
        self.cursor = Pos::new(row, self.first_non_blank(row));
        taken
    }

    /// Puts `text` in at `at` (a position up to a line's end); returns where it ends.
    pub(crate) fn insert(&mut self, at: Pos, text: &str) -> Pos {
        let byte = self.byte(at);
        let tail = self.lines[at.row].split_off(byte);
        let mut pieces = text.split('\n');
        let first = pieces.next().unwrap_or("");
        self.lines[at.row].push_str(first);
        let mut row = at.row;
        let mut col = at.col + first.chars().count();
        for piece in pieces {
            row += 1;
            self.lines.insert(row, piece.to_string());
            col = piece.chars().count();
        }
        self.lines[row].push_str(&tail);
        Pos::new(row, col)
    }

    /// Puts whole lines in before line `row`.
    pub(crate) fn insert_lines(&mut self, row: usize, text: &str) {
        for (i, line) in text.split('\n').enumerate() {
            self.lines.insert(row + i, line.to_string());
        }
    }
}
