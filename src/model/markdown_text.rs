//! The source of a markdown message that arrives in pieces, split into its top-level blocks as
//! it grows. Every block but the last is complete: once a later block has started on a finished
//! line, nothing that arrives afterwards can change an earlier one, so it is laid out once and
//! kept. Only the open last block (the tail) is laid out again on each delta.

use super::markdown_options::MARKDOWN_OPTIONS;
use super::paragraph_tail::{continues_paragraph, is_open_paragraph};
use super::table_tail::OpenTable;
use pulldown_cmark::{Event, Parser, Tag};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct MarkdownText {
    text: String,
    /// Byte offsets where complete blocks end (each is the start of the next block's line).
    block_ends: Vec<usize>,
    /// The tail is a fenced code block still waiting for its closing fence. New lines are only
    /// checked for that fence, so a long code block costs each delta its new lines, not its length.
    open_fence: Option<OpenFence>,
    /// A `\r` ended the last delta: whether it was a line end of its own or half of `\r\n`
    /// depends on the next one.
    pending_cr: bool,
    /// Per complete block: whether it carries on the list of the block before it.
    parts: Vec<Option<ListPart>>,
    /// Whether the tail carries on the list of the last complete block.
    tail_part: Option<ListPart>,
    /// The tail is a table, followed row by row without parsing it again.
    open_table: Option<OpenTable>,
    /// The tail is one paragraph whose finished lines before this offset have been followed
    /// without parsing it again (see `paragraph_tail`).
    open_paragraph: Option<usize>,
    /// The tail is a block known to have ended (a heading, or a paragraph or table after its
    /// blank line), followed by blank lines up to this offset: the next line that is not blank
    /// starts the next block, found without a parse.
    closed: Option<usize>,
}

/// The open last block when it is a table: its header and delimiter lines, its finished rows
/// and the line still arriving (empty, or one that is certainly a row too when it ends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableTail<'a> {
    pub head: &'a str,
    pub rows: &'a str,
    pub partial: &'a str,
}

/// A long top-level list is cut into parts of [`LIST_PART_ITEMS`] items, so that a list growing
/// by an item per delta costs each delta its last part, not the whole list. A part is laid out
/// without the blank line that separates blocks, and an ordered part is numbered on from the
/// part before (`number`, for its first item), so the parts read as the one list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListPart {
    pub number: Option<u64>,
}

/// Items of a top-level list laid out together and kept.
pub(crate) const LIST_PART_ITEMS: usize = 32;

#[derive(Debug, Clone, PartialEq)]
struct OpenFence {
    marker: char,
    len: usize,
    /// Where the line after the opening fence starts.
    body_start: usize,
    /// Lines before this offset have been checked for the closing fence.
    checked: usize,
}

impl MarkdownText {
    pub fn new(text: &str) -> Self {
        let mut m = MarkdownText::default();
        m.append(text);
        m
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Complete blocks, in order.
    pub(crate) fn complete_blocks(&self) -> usize {
        self.block_ends.len()
    }

    pub(crate) fn block(&self, index: usize) -> &str {
        let start = if index == 0 {
            0
        } else {
            self.block_ends[index - 1]
        };
        &self.text[start..self.block_ends[index]]
    }

    /// Whether complete block `index` carries on the list of the block before it.
    pub(crate) fn block_part(&self, index: usize) -> Option<ListPart> {
        self.parts[index]
    }

    /// Whether the tail carries on the list of the last complete block.
    pub(crate) fn tail_part(&self) -> Option<ListPart> {
        self.tail_part
    }

    /// The open last block: everything after the complete ones.
    pub(crate) fn tail(&self) -> &str {
        &self.text[self.tail_start()..]
    }

    fn tail_start(&self) -> usize {
        self.block_ends.last().copied().unwrap_or(0)
    }

    /// Adds streamed text. Line endings become `\n` (markdown reads `\r\n` and a lone `\r` as
    /// line ends too), so every line rule here and in the renderer needs to know only `\n`.
    pub fn append(&mut self, delta: &str) {
        if delta.is_empty() {
            return;
        }
        let before = self.text.len();
        if std::mem::take(&mut self.pending_cr) && !delta.starts_with('\n') {
            self.text.push('\n');
        }
        if delta.contains('\r') {
            self.push_normalizing_line_ends(delta);
        } else {
            self.text.push_str(delta);
        }
        // A block can only be known complete once the next one starts on a finished line.
        if self.text[before..].contains('\n') {
            self.split_complete_blocks();
        }
    }

    fn push_normalizing_line_ends(&mut self, delta: &str) {
        let mut chars = delta.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek()) {
                ('\r', Some('\n')) => {}
                ('\r', Some(_)) => self.text.push('\n'),
                ('\r', None) => self.pending_cr = true,
                (c, _) => self.text.push(c),
            }
        }
    }

    /// Replaces the text; a longer version of the same text keeps the blocks already found.
    /// Returns whether anything changed.
    pub(crate) fn set(&mut self, text: &str) -> bool {
        // Compared with line ends normalised, without splitting the text into blocks first.
        let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        if normalized == self.text {
            return false;
        }
        match normalized.strip_prefix(self.text.as_str()) {
            Some(rest) if !self.pending_cr => self.append(rest),
            _ => *self = MarkdownText::new(&normalized),
        }
        true
    }

    /// The open fenced code block at the end, if the tail is one: its opening fence line and
    /// its body so far.
    pub(crate) fn open_code(&self) -> Option<(&str, &str)> {
        let fence = self.open_fence.as_ref()?;
        Some((
            &self.text[self.tail_start()..fence.body_start],
            &self.text[fence.body_start..],
        ))
    }

    /// The same text with the tail not followed (as a table) at all: what the general layout
    /// does, for tests to compare with.
    #[cfg(test)]
    pub(crate) fn unfollowed(&self) -> MarkdownText {
        MarkdownText {
            open_table: None,
            open_paragraph: None,
            closed: None,
            ..self.clone()
        }
    }

    /// The tail, when it is a table followed row by row (see [`OpenTable`]).
    pub(crate) fn open_table(&self) -> Option<TableTail<'_>> {
        let table = self.open_table.as_ref()?;
        Some(TableTail {
            head: &self.text[self.tail_start()..table.rows_start],
            rows: &self.text[table.rows_start..table.checked],
            partial: &self.text[table.checked..],
        })
    }

    fn split_complete_blocks(&mut self) {
        if let Some(table) = self.open_table.as_mut() {
            if table.follow(&self.text) {
                return;
            }
            let at = table.checked;
            self.open_table = None;
            self.closed_if_blank(at);
        }
        if let Some(checked) = self.open_paragraph.as_mut() {
            while let Some(newline) = self.text[*checked..].find('\n') {
                if !continues_paragraph(&self.text[*checked..*checked + newline]) {
                    break;
                }
                *checked += newline + 1;
            }
            if !self.text[*checked..].contains('\n') {
                return;
            }
            let at = *checked;
            self.open_paragraph = None;
            self.closed_if_blank(at);
        }
        if !self.follow_closed() {
            return;
        }
        // Each round either closes a code block, commits blocks, or stops.
        loop {
            if self.open_fence.is_some() {
                if !self.close_open_fence() {
                    return;
                }
                continue;
            }
            let from = self.tail_start();
            let Some(last_newline) = self.text[from..].rfind('\n') else {
                return;
            };
            let finished = &self.text[from..from + last_newline + 1];
            // Blank lines starting the tail (after a code block) start no block: they are a
            // block of their own, laid out as nothing, once a line that is not blank follows.
            let blank = leading_blank_len(finished);
            if blank == finished.len() {
                return;
            }
            if blank > 0 {
                self.commit_block(from + blank, None);
                continue;
            }
            // One line holds one block start at most, and blank lines after it none: nothing
            // to commit, no parse needed.
            let first_line = finished.find('\n').map_or(finished.len(), |i| i + 1);
            let starts =
                if leading_blank_len(&finished[first_line..]) == finished.len() - first_line {
                    Vec::new()
                } else {
                    top_level_block_starts(finished)
                };
            for start in starts.into_iter().skip(1) {
                let absolute = from + start;
                // Blocks begin on a line of their own: cut at the line start so an indented
                // block (indented code) keeps its indentation when laid out alone.
                let line_start = self.text[..absolute].rfind('\n').map_or(0, |i| i + 1);
                if line_start > self.tail_start() {
                    self.commit_block(line_start, None);
                }
            }
            self.cut_long_list();
            let tail = self.tail_start();
            let Some((marker, len, opener_len)) = fence_opener(&self.text[tail..]) else {
                let finished = self.text[tail..].rfind('\n').map_or(0, |i| i + 1);
                let finished_text = &self.text[tail..tail + finished];
                if is_closed(finished_text) {
                    self.closed = Some(tail + finished);
                    return;
                }
                self.open_table = OpenTable::detect(finished_text, tail);
                if self.open_table.is_none() && is_open_paragraph(finished_text) {
                    self.open_paragraph = Some(tail + finished);
                }
                return;
            };
            let body_start = tail + opener_len;
            self.open_fence = Some(OpenFence {
                marker,
                len,
                body_start,
                checked: body_start,
            });
        }
    }

    /// A table or paragraph ended at the finished line at `at`: when that line is blank, nothing
    /// after it can join the block, so it is followed as closed.
    fn closed_if_blank(&mut self, at: usize) {
        let line = self.text[at..].split('\n').next().unwrap_or("");
        if is_blank(line) {
            self.closed = Some(at);
        }
    }

    /// Skips the finished blank lines after a closed block; at the first finished line that is
    /// not blank, the block is complete. Returns whether the tail needs the general look
    /// (`false`: still closed, waiting for a line).
    fn follow_closed(&mut self) -> bool {
        let Some(checked) = self.closed.as_mut() else {
            return true;
        };
        while let Some(newline) = self.text[*checked..].find('\n') {
            let line = &self.text[*checked..*checked + newline];
            if is_blank(line) {
                *checked += newline + 1;
                continue;
            }
            let start = *checked;
            self.closed = None;
            // A link reference definition starts no block of its own: the parse places it.
            if !line.trim_start_matches(' ').starts_with('[') {
                self.commit_block(start, None);
            }
            return true;
        }
        false
    }

    /// Ends the tail at `end`; what follows is a new tail, carrying on a list if `next` says so.
    fn commit_block(&mut self, end: usize, next: Option<ListPart>) {
        self.block_ends.push(end);
        self.parts
            .push(std::mem::replace(&mut self.tail_part, next));
    }

    /// While the tail is a top-level list with more than [`LIST_PART_ITEMS`] items on finished
    /// lines, its first items become a complete block (see [`ListPart`]). Cuts fall on fixed
    /// item counts, so the parts do not depend on how the text was split into deltas.
    fn cut_long_list(&mut self) {
        loop {
            let from = self.tail_start();
            let Some(last_newline) = self.text[from..].rfind('\n') else {
                return;
            };
            let finished = &self.text[from..from + last_newline + 1];
            let Some((start_number, cut)) = list_cut(finished) else {
                return;
            };
            let number = match self.tail_part {
                Some(part) => part.number,
                None => start_number,
            }
            .map(|n| n + LIST_PART_ITEMS as u64);
            let absolute = from + cut;
            let line_start = self.text[..absolute].rfind('\n').map_or(0, |i| i + 1);
            if line_start <= from {
                return;
            }
            self.commit_block(line_start, Some(ListPart { number }));
        }
    }

    /// Checks the finished lines not seen yet for the open block's closing fence; when found,
    /// the code block is complete. Returns whether it closed.
    fn close_open_fence(&mut self) -> bool {
        let Some(fence) = self.open_fence.as_mut() else {
            return false;
        };
        while let Some(newline) = self.text[fence.checked..].find('\n') {
            let line_end = fence.checked + newline + 1;
            let line = &self.text[fence.checked..line_end];
            fence.checked = line_end;
            if is_closing_fence(line, fence.marker, fence.len) {
                self.commit_block(line_end, None);
                self.open_fence = None;
                return true;
            }
        }
        false
    }
}

/// A line opening a fenced code block: up to three spaces, then three or more backticks or
/// tildes. Returns the marker, the run's length and the opening line's length.
fn fence_opener(text: &str) -> Option<(char, usize, usize)> {
    let line_len = text.find('\n')? + 1;
    let line = &text[..line_len];
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = trimmed.chars().take_while(|c| *c == marker).count();
    // A backtick fence's info string may not contain backticks (it would be inline code).
    let info_ok = marker == '~' || !trimmed[len..].contains('`');
    (len >= 3 && info_ok).then_some((marker, len, line_len))
}

/// A line of spaces and tabs only (markdown's blank line; other white space is text).
fn is_blank(line: &str) -> bool {
    line.trim_matches([' ', '\t', '\n']).is_empty()
}

/// The bytes of the blank lines that start `finished` (finished lines).
fn leading_blank_len(finished: &str) -> usize {
    finished
        .split_inclusive('\n')
        .take_while(|line| is_blank(line))
        .map(str::len)
        .sum()
}

/// Whether `finished` (an open block's finished lines) is a block that nothing after it can
/// join, and blank lines: a heading, or a paragraph's one line and the blank line that ended it.
fn is_closed(finished: &str) -> bool {
    let Some(first) = finished.split_inclusive('\n').next() else {
        return false;
    };
    let rest = &finished[first.len()..];
    if leading_blank_len(rest) != rest.len() {
        return false;
    }
    is_atx_heading(first) || (!rest.is_empty() && is_open_paragraph(first))
}

/// An ATX heading's line: up to three spaces, one to six `#`, then white space or the end. It
/// is a whole block by itself.
fn is_atx_heading(line: &str) -> bool {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return false;
    }
    let hashes = trimmed.len() - trimmed.trim_start_matches('#').len();
    (1..=6).contains(&hashes) && trimmed[hashes..].starts_with([' ', '\t', '\n'])
}

fn is_closing_fence(line: &str, marker: char, len: usize) -> bool {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return false;
    }
    let run = trimmed.chars().take_while(|c| *c == marker).count();
    run >= len && trimmed[run..].trim().is_empty()
}

/// When `source` opens with a list of more than [`LIST_PART_ITEMS`] items: the list's start
/// number (ordered lists) and where item number [`LIST_PART_ITEMS`] (from 0) starts.
fn list_cut(source: &str) -> Option<(Option<u64>, usize)> {
    // Each item starts on a line of its own, and a list starts with its marker: most tails
    // are told apart without a parse.
    let marker = source.trim_start_matches(' ').starts_with(['-', '*', '+']);
    let number = source
        .trim_start_matches(' ')
        .starts_with(|c: char| c.is_ascii_digit());
    if !(marker || number) || source.matches('\n').count() <= LIST_PART_ITEMS {
        return None;
    }
    let mut events = Parser::new_ext(source, MARKDOWN_OPTIONS).into_offset_iter();
    let start = match events.next()? {
        (Event::Start(Tag::List(start)), _) => start,
        _ => return None,
    };
    let mut depth = 1usize;
    let mut items = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(Tag::Item) if depth == 1 => {
                if items == LIST_PART_ITEMS {
                    return Some((start, range.start));
                }
                items += 1;
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth -= 1;
                if depth == 0 {
                    return None;
                }
            }
            _ => {}
        }
    }
    None
}

/// Where each top-level block of `source` starts.
fn top_level_block_starts(source: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(source, MARKDOWN_OPTIONS).into_offset_iter() {
        match event {
            Event::Start(_) => {
                if depth == 0 {
                    starts.push(range.start);
                }
                depth += 1;
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Rule if depth == 0 => starts.push(range.start),
            _ => {}
        }
    }
    starts
}

/// For the tails' property tests (below): `source` appended in pieces of `cuts` (cycled) splits into the
/// same blocks, with the same tail, as the text parsed whole at every step.
#[cfg(test)]
fn check_streamed_like_whole(source: &str, cuts: &[usize]) -> Result<(), String> {
    let blocks = |m: &MarkdownText| -> Vec<String> {
        (0..m.complete_blocks())
            .map(|i| m.block(i).to_string())
            .collect()
    };
    let mut streamed = MarkdownText::default();
    let mut at = 0;
    let mut cut = cuts.iter().cycle();
    while at < source.len() {
        let mut end = (at + cut.next().copied().unwrap_or(1)).min(source.len());
        while !source.is_char_boundary(end) {
            end += 1;
        }
        streamed.append(&source[at..end]);
        let whole = MarkdownText::new(&source[..end]);
        if blocks(&streamed) != blocks(&whole) || streamed.tail() != whole.tail() {
            return Err(format!(
                "at {:?}: streamed {:?} + {:?}, whole {:?} + {:?}",
                &source[..end],
                blocks(&streamed),
                streamed.tail(),
                blocks(&whole),
                whole.tail()
            ));
        }
        at = end;
    }
    Ok(())
}

#[cfg(test)]
#[path = "markdown_text_tests.rs"]
mod tests;
