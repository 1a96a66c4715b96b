//! A whole diff laid out lazily: measured at a (width, mode) once — a cheap pass that only
//! counts rows — and painted only where it is seen. Syntax colours are computed per block of
//! lines and kept, so scrolling back costs nothing and a 5,000-line diff never stalls a frame.

use super::file::{DiffFile, ShownHunk};
use super::paint::{
    file_header, hunk_header, more_line, note_line, side_height, side_rows, unified_height,
    unified_rows,
};
use super::parse::LineKind;
use crate::render::highlight::{highlight, Theme};
use ratatui::text::{Line, Span};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// Unified: one column, old and new lines interleaved. Side by side: old left, new right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffMode {
    Unified,
    SideBySide,
}

/// From this many columns on, diffs are shown side by side unless the person chose otherwise.
pub const SIDE_BY_SIDE_MIN_WIDTH: u16 = 160;

impl DiffMode {
    pub(crate) fn auto(width: u16) -> DiffMode {
        if width >= SIDE_BY_SIDE_MIN_WIDTH {
            DiffMode::SideBySide
        } else {
            DiffMode::Unified
        }
    }
}

/// Lines highlighted together: syntax state restarts at each block, which costs a little
/// accuracy (a block starting inside a comment) for never highlighting what is not seen.
/// syntect takes ~0.2 ms per line of Rust, so a block costs a few milliseconds.
const BLOCK: usize = 32;

/// A diff laid out whole (a transcript cell expanded, a question's body) is coloured only up to
/// this many lines per file: beyond, colouring it would stall the frame that shows it. The
/// pager colours lazily and has no such limit.
pub const EAGER_HIGHLIGHT_MAX_LINES: usize = 1_000;

/// The syntax-coloured spans of each line of one block.
type BlockColours = Vec<Vec<Span<'static>>>;

/// One unit of the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    FileHeader(usize),
    Note(usize),
    HunkHeader(usize, usize),
    /// Unified: one hunk line.
    Line(usize, usize, usize),
    /// Side by side: one pair row of a hunk.
    Pair(usize, usize, usize),
    /// The blank row after a file.
    Gap(usize),
}

/// A place in the diff that survives a change of width or mode: the source position of an
/// entry and a row inside it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct DocAnchor {
    key: (usize, usize, usize, usize),
    row: usize,
}

impl DocAnchor {
    /// The top of file `file`'s header, whatever the width or mode.
    pub(crate) fn file_start(file: usize) -> DocAnchor {
        DocAnchor {
            key: (file, 0, 0, 0),
            row: 0,
        }
    }
}

#[derive(Debug)]
struct Measured {
    width: u16,
    mode: DiffMode,
    entries: Vec<Entry>,
    /// Row where each entry starts; one more at the end: the total.
    starts: Vec<usize>,
}

#[derive(Debug)]
pub struct DiffDocument {
    files: Vec<DiffFile>,
    theme: Theme,
    /// Pager style: file headers ruled across the width, a blank row between files.
    pager: bool,
    /// Files with more lines than this are shown without syntax colours.
    highlight_max_lines: Option<usize>,
    highlights: RefCell<HashMap<(usize, usize, usize), Arc<BlockColours>>>,
    measured: RefCell<Option<Arc<Measured>>>,
}

impl DiffDocument {
    pub fn new(files: Vec<DiffFile>, theme: Theme, pager: bool) -> Self {
        DiffDocument {
            files,
            theme,
            pager,
            highlight_max_lines: None,
            highlights: RefCell::default(),
            measured: RefCell::default(),
        }
    }

    /// Leaves files longer than `lines` without syntax colours (see
    /// [`EAGER_HIGHLIGHT_MAX_LINES`]).
    pub(crate) fn with_highlight_limit(mut self, lines: Option<usize>) -> Self {
        self.highlight_max_lines = lines;
        self
    }

    pub(crate) fn files(&self) -> &[DiffFile] {
        &self.files
    }

    fn entries_of(&self, file: usize, mode: DiffMode, out: &mut Vec<Entry>) {
        let f = &self.files[file];
        out.push(Entry::FileHeader(file));
        if f.note.is_some() {
            out.push(Entry::Note(file));
        }
        for (h, hunk) in f.hunks.iter().enumerate() {
            if !hunk.header.is_empty() {
                out.push(Entry::HunkHeader(file, h));
            }
            match mode {
                DiffMode::Unified => {
                    out.extend((0..hunk.lines.len()).map(|i| Entry::Line(file, h, i)))
                }
                DiffMode::SideBySide => {
                    out.extend((0..hunk.rows.len()).map(|r| Entry::Pair(file, h, r)))
                }
            }
        }
        if self.pager {
            out.push(Entry::Gap(file));
        }
    }

    fn height(&self, entry: Entry, width: u16) -> usize {
        let w = width as usize;
        match entry {
            Entry::FileHeader(f) => {
                file_header(&self.files[f], w, self.pager, self.theme.palette()).len()
            }
            Entry::Note(f) => note_line(&self.files[f], w).len(),
            Entry::HunkHeader(..) | Entry::Gap(_) => 1,
            Entry::Line(f, h, i) => {
                let file = &self.files[f];
                unified_height(file, &file.hunks[h], i, w)
            }
            Entry::Pair(f, h, r) => {
                let file = &self.files[f];
                let hunk = &file.hunks[h];
                side_height(file, hunk, hunk.rows[r], w)
            }
        }
    }

    /// Where an entry sits in the source, the same in both modes (a pair row counts as its
    /// first line), so an anchor can be carried from one layout to another.
    fn key(&self, entry: Entry) -> (usize, usize, usize, usize) {
        match entry {
            Entry::FileHeader(f) => (f, 0, 0, 0),
            Entry::Note(f) => (f, 1, 0, 0),
            Entry::HunkHeader(f, h) => (f, 2, h, 0),
            Entry::Line(f, h, i) => (f, 2, h, i + 1),
            Entry::Pair(f, h, r) => {
                let row = self.files[f].hunks[h].rows[r];
                let first = row.old.into_iter().chain(row.new).min().unwrap_or(0);
                (f, 2, h, first + 1)
            }
            Entry::Gap(f) => (f, 3, 0, 0),
        }
    }

    fn measured(&self, width: u16, mode: DiffMode) -> Arc<Measured> {
        if let Some(m) = self.measured.borrow().as_ref() {
            if m.width == width && m.mode == mode {
                return Arc::clone(m);
            }
        }
        let mut entries = Vec::new();
        for file in 0..self.files.len() {
            self.entries_of(file, mode, &mut entries);
        }
        let mut starts = Vec::with_capacity(entries.len() + 1);
        let mut row = 0;
        for &entry in &entries {
            starts.push(row);
            row += self.height(entry, width);
        }
        starts.push(row);
        let m = Arc::new(Measured {
            width,
            mode,
            entries,
            starts,
        });
        *self.measured.borrow_mut() = Some(Arc::clone(&m));
        m
    }

    pub fn total_rows(&self, width: u16, mode: DiffMode) -> usize {
        *self.measured(width, mode).starts.last().unwrap_or(&0)
    }

    /// The rows `top..top + height` (fewer at the end).
    pub fn lines(
        &self,
        width: u16,
        mode: DiffMode,
        top: usize,
        height: usize,
    ) -> Vec<Line<'static>> {
        let m = self.measured(width, mode);
        let total = m.starts.last().copied().unwrap_or(0);
        let mut out = Vec::with_capacity(height.min(total.saturating_sub(top)));
        let mut index = m.starts.partition_point(|&s| s <= top).saturating_sub(1);
        let mut skip = top.saturating_sub(m.starts.get(index).copied().unwrap_or(0));
        while out.len() < height && index < m.entries.len() {
            let rows = self.paint(m.entries[index], width);
            out.extend(rows.into_iter().skip(skip).take(height - out.len()));
            skip = 0;
            index += 1;
        }
        out
    }

    /// The rows where each file starts.
    pub fn file_rows(&self, width: u16, mode: DiffMode) -> Vec<usize> {
        let m = self.measured(width, mode);
        m.entries
            .iter()
            .zip(&m.starts)
            .filter(|(e, _)| matches!(e, Entry::FileHeader(_)))
            .map(|(_, &row)| row)
            .collect()
    }

    /// The rows where each hunk starts (its header, or its first line when it has none).
    pub fn hunk_rows(&self, width: u16, mode: DiffMode) -> Vec<usize> {
        let m = self.measured(width, mode);
        let mut rows = Vec::new();
        let mut last: Option<(usize, usize)> = None;
        for (entry, &row) in m.entries.iter().zip(&m.starts) {
            let hunk = match *entry {
                Entry::HunkHeader(f, h) | Entry::Line(f, h, _) | Entry::Pair(f, h, _) => (f, h),
                _ => continue,
            };
            if last != Some(hunk) {
                rows.push(row);
                last = Some(hunk);
            }
        }
        rows
    }

    pub fn anchor_at(&self, width: u16, mode: DiffMode, row: usize) -> DocAnchor {
        let m = self.measured(width, mode);
        let index = m.starts.partition_point(|&s| s <= row).saturating_sub(1);
        match m.entries.get(index) {
            Some(&entry) => DocAnchor {
                key: self.key(entry),
                row: row - m.starts[index],
            },
            None => DocAnchor::default(),
        }
    }

    pub fn row_of(&self, width: u16, mode: DiffMode, anchor: DocAnchor) -> usize {
        let m = self.measured(width, mode);
        let index = m
            .entries
            .partition_point(|&e| self.key(e) <= anchor.key)
            .saturating_sub(1);
        match m.starts.get(index) {
            Some(&start) => {
                let height = m.starts[index + 1] - start;
                start + anchor.row.min(height.saturating_sub(1))
            }
            None => 0,
        }
    }

    /// What rows `first..=last` show, as diff text: one line per source line they touch —
    /// hunk lines with their sign (`+`, `-`, ` `), hunk headers, file paths — without line
    /// numbers, wrap rows or the blank row between files. Side by side, a changed pair gives
    /// its old line, then its new one. What the pager's copy mode copies.
    pub(crate) fn source_text(
        &self,
        width: u16,
        mode: DiffMode,
        first: usize,
        last: usize,
    ) -> Vec<String> {
        let m = self.measured(width, mode);
        let entry_at = |row: usize| m.starts.partition_point(|&s| s <= row).saturating_sub(1);
        let (start, end) = (entry_at(first.min(last)), entry_at(first.max(last)));
        let mut out = Vec::new();
        for &entry in m.entries.iter().take(end + 1).skip(start) {
            match entry {
                Entry::FileHeader(f) => {
                    let file = &self.files[f];
                    let path = file.moved_to.as_deref().unwrap_or(&file.path);
                    out.push(crate::text::sanitize::sanitize_line(path));
                }
                Entry::HunkHeader(f, h) => out.push(self.files[f].hunks[h].header.clone()),
                Entry::Line(f, h, i) => out.push(signed(&self.files[f].hunks[h].lines[i])),
                Entry::Pair(f, h, r) => {
                    let hunk = &self.files[f].hunks[h];
                    let row = hunk.rows[r];
                    out.extend(row.old.map(|i| signed(&hunk.lines[i])));
                    if row.new != row.old {
                        out.extend(row.new.map(|i| signed(&hunk.lines[i])));
                    }
                }
                Entry::Note(_) | Entry::Gap(_) => {}
            }
        }
        out
    }

    /// One file as the transcript (or a question) shows it: its header, then its body — the
    /// note and at most `max_body_rows` rows of hunks, then how many lines were left out.
    pub(crate) fn file_parts(
        &self,
        file: usize,
        width: u16,
        mode: DiffMode,
        max_body_rows: Option<usize>,
        more_hint: &str,
    ) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
        let mut entries = Vec::new();
        self.entries_of(file, mode, &mut entries);
        let mut header = Vec::new();
        let mut out = Vec::new();
        let mut body_rows = 0;
        let mut hidden = 0;
        for entry in entries {
            if let Entry::FileHeader(_) = entry {
                header.extend(self.paint(entry, width));
                continue;
            }
            let is_body = !matches!(entry, Entry::Gap(_));
            if is_body && max_body_rows.is_some_and(|max| body_rows >= max) {
                hidden += match entry {
                    Entry::Pair(f, h, r) => {
                        let row = self.files[f].hunks[h].rows[r];
                        usize::from(row.old.is_some())
                            + usize::from(row.new.is_some() && row.new != row.old)
                    }
                    _ => 1,
                };
                continue;
            }
            let rows = self.paint(entry, width);
            if is_body {
                body_rows += rows.len();
            }
            out.extend(rows);
        }
        if hidden > 0 {
            out.push(more_line(hidden, more_hint, self.theme.palette()));
        }
        (header, out)
    }

    fn paint(&self, entry: Entry, width: u16) -> Vec<Line<'static>> {
        let w = width as usize;
        let palette = self.theme.palette();
        match entry {
            Entry::FileHeader(f) => file_header(&self.files[f], w, self.pager, palette),
            Entry::Note(f) => note_line(&self.files[f], w),
            Entry::HunkHeader(f, h) => vec![hunk_header(&self.files[f].hunks[h], w, palette)],
            Entry::Gap(_) => vec![Line::default()],
            Entry::Line(f, h, i) => {
                let file = &self.files[f];
                let colours_of = self.block(f, h, i / BLOCK);
                let spans = colours_of.get(i % BLOCK).map(Vec::as_slice);
                unified_rows(file, &file.hunks[h], i, spans, w, palette)
            }
            Entry::Pair(f, h, r) => {
                let file = &self.files[f];
                let hunk = &file.hunks[h];
                let row = hunk.rows[r];
                let spans_of =
                    |i: Option<usize>| i.map(|i| (self.block(f, h, i / BLOCK), i % BLOCK));
                let (old, new) = (spans_of(row.old), spans_of(row.new));
                let old_spans = old.as_ref().and_then(|(b, k)| b.get(*k)).map(Vec::as_slice);
                let new_spans = new.as_ref().and_then(|(b, k)| b.get(*k)).map(Vec::as_slice);
                side_rows(file, hunk, row, (old_spans, new_spans), w, palette)
            }
        }
    }

    /// Syntax colours of one block of a hunk's lines, computed once.
    fn block(&self, file: usize, hunk: usize, block: usize) -> Arc<BlockColours> {
        let key = (file, hunk, block);
        if let Some(done) = self.highlights.borrow().get(&key) {
            return Arc::clone(done);
        }
        let f = &self.files[file];
        let too_long = self
            .highlight_max_lines
            .is_some_and(|max| f.body_len() > max);
        let done = Arc::new(if too_long {
            Vec::new()
        } else {
            highlight_block(&f.hunks[hunk], block, &f.lang, self.theme)
        });
        self.highlights.borrow_mut().insert(key, Arc::clone(&done));
        done
    }
}

/// A hunk line as a patch writes it: its sign, then its (sanitised) text.
fn signed(line: &super::file::ShownLine) -> String {
    let sign = match line.kind {
        LineKind::Added => "+",
        LineKind::Removed => "-",
        LineKind::Context => " ",
        LineKind::NoNewline => "",
    };
    format!("{sign}{}", line.text)
}

/// Each side is highlighted as the file it belongs to: the old side from context and removed
/// lines, the new side from context and added lines.
fn highlight_block(
    hunk: &ShownHunk,
    block: usize,
    lang: &str,
    theme: Theme,
) -> Vec<Vec<Span<'static>>> {
    let start = block * BLOCK;
    let lines = &hunk.lines[start.min(hunk.lines.len())..(start + BLOCK).min(hunk.lines.len())];
    let mut out: Vec<Vec<Span<'static>>> = vec![Vec::new(); lines.len()];
    for side in [LineKind::Removed, LineKind::Added] {
        // Context lines take the new side's colours: the old side is only worth colouring
        // for its removed lines.
        if side == LineKind::Removed && !lines.iter().any(|l| l.kind == side) {
            continue;
        }
        let picked: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].kind == side || lines[i].kind == LineKind::Context)
            .collect();
        if picked.is_empty() {
            continue;
        }
        let mut code = String::new();
        for &i in &picked {
            code.push_str(&lines[i].text);
            code.push('\n');
        }
        let coloured = highlight(&code, lang, theme);
        if coloured.len() != picked.len() {
            continue;
        }
        for (&i, spans) in picked.iter().zip(coloured) {
            if lines[i].kind == side || side == LineKind::Added {
                out[i] = spans;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{FileUpdateChange, PatchChangeKind};

    fn lines(limit: Option<usize>) -> Vec<Line<'static>> {
        let change = FileUpdateChange {
            path: "a.rs".into(),
            kind: PatchChangeKind::Add,
            diff: "fn main() {\n    let x = 1;\n}\n".into(),
        };
        let doc = DiffDocument::new(
            vec![DiffFile::from_change(&change, None)],
            Theme::Dark,
            false,
        )
        .with_highlight_limit(limit);
        doc.lines(80, DiffMode::Unified, 0, usize::MAX)
    }

    /// Whether the code got colours of its own: the lines differ from those of a document
    /// that highlights nothing (a limit of no lines).
    fn coloured(limit: Option<usize>) -> bool {
        lines(limit) != lines(Some(0))
    }

    #[test]
    fn code_is_coloured_unless_the_file_is_over_the_limit() {
        assert!(coloured(None));
        assert!(coloured(Some(3)));
        assert!(!coloured(Some(2)));
    }
}
