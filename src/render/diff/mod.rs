//! Diffs a person can judge without an editor: per file a header (cwd-relative path, what
//! happened, `+N −M`), then hunks with old and new line numbers, changed lines tinted, the
//! words that changed emphasised, code coloured by the file's extension; unified, or side by
//! side from [`SIDE_BY_SIDE_MIN_WIDTH`] columns on.
//!
//! `parse` reads unified diffs losslessly, `header` interprets git file headers, `file` builds
//! the shown model from a `fileChange` item or a git-style diff, `pair` pairs removed with
//! added lines and finds the changed words, `colour` styles a line, `paint` lays out rows,
//! `document` measures a whole diff and paints only what is seen.

pub mod colour;
pub(crate) mod document;
pub(crate) mod file;
pub(crate) mod header;
pub(crate) mod paint;
pub mod pair;
pub mod parse;

pub use document::{
    DiffDocument, DiffMode, DocAnchor, EAGER_HIGHLIGHT_MAX_LINES, SIDE_BY_SIDE_MIN_WIDTH,
};
pub(crate) use file::relative_path;
pub use file::{files_of_patch, DiffFile, FileStatus};

use crate::protocol::FileUpdateChange;
use crate::render::highlight::Theme;
use ratatui::text::Line;

/// One change of a `fileChange` item, as the transcript and the approval question show it: a
/// header line (path relative to `cwd`, kind, `+N −M`), then its hunks, unified below
/// [`SIDE_BY_SIDE_MIN_WIDTH`] columns and side by side from there, at most
/// `max_lines_per_file` rows of them followed by "… N more lines". Every row is at most
/// `width` columns; changed rows are padded to `width` so their tint spans the row.
pub fn file_change_lines(
    change: &FileUpdateChange,
    cwd: Option<&str>,
    width: u16,
    theme: Theme,
    max_lines_per_file: Option<usize>,
) -> Vec<Line<'static>> {
    let file = DiffFile::from_change(change, cwd);
    let layout = FileLayout {
        header_width: width,
        body_width: width,
        mode: DiffMode::auto(width),
        theme,
        max_lines_per_file,
        more_hint: "",
    };
    let (mut header, body) = file_parts(file, &layout);
    header.extend(body);
    header
}

/// How [`file_parts`] lays out one file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileLayout<'a> {
    pub header_width: u16,
    pub body_width: u16,
    /// Callers decide by the screen's width ([`DiffMode::auto`]), not by their indented box.
    pub mode: DiffMode,
    pub theme: Theme,
    /// Rows of hunks shown before "… N more lines"; `None` shows all.
    pub max_lines_per_file: Option<usize>,
    /// Words after "… N more lines" (how to see them).
    pub more_hint: &'a str,
}

/// A file's header and body, each laid out at its own width (the transcript indents the body
/// more than the header).
pub(crate) fn file_parts(
    file: DiffFile,
    layout: &FileLayout<'_>,
) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let header = paint::file_header(
        &file,
        layout.header_width as usize,
        false,
        layout.theme.palette(),
    );
    // Laid out whole, a long file would be coloured whole: past a limit it is shown plain.
    let limit = layout
        .max_lines_per_file
        .is_none()
        .then_some(document::EAGER_HIGHLIGHT_MAX_LINES);
    let doc = DiffDocument::new(vec![file], layout.theme, false).with_highlight_limit(limit);
    let (_, body) = doc.file_parts(
        0,
        layout.body_width,
        layout.mode,
        layout.max_lines_per_file,
        layout.more_hint,
    );
    (header, body)
}

/// Lines added and removed by one change, counted as they are shown.
pub(crate) fn change_counts(change: &FileUpdateChange) -> (usize, usize) {
    let file = DiffFile::from_change(change, None);
    (file.added, file.removed)
}
