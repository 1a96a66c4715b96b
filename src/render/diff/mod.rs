//! Diffs a person can judge without an editor: per file a header (cwd-relative path, what
//! happened, `+N −M`), then hunks with old and new line numbers, changed lines tinted, the
//! words that changed emphasised, code coloured by the file's extension; unified, or side by
//! side from [`SIDE_BY_SIDE_MIN_WIDTH`] columns on.
//!
//! `parse` reads unified diffs losslessly, `header` interprets git file headers, `file` builds
//! the shown model from a `fileChange` item or a git-style diff, `pair` pairs removed with
//! added lines and finds the changed words, `paint` lays out rows, `document` measures a whole
//! diff and paints only what is seen.

pub mod document;
pub mod file;
pub mod header;
pub mod paint;
pub mod pair;
pub mod parse;

pub use document::{
    DiffDocument, DiffMode, DocAnchor, EAGER_HIGHLIGHT_MAX_LINES, SIDE_BY_SIDE_MIN_WIDTH,
};
pub use file::{files_of_patch, relative_path, DiffFile, FileStatus};

use crate::protocol::FileUpdateChange;
use crate::render::highlight::Theme;
use ratatui::text::Line;

/// One change of a `fileChange` item, as the transcript and the approval prompt show it: a
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
    let (mut header, body) = change_parts(change, cwd, width, width, theme, max_lines_per_file, "");
    header.extend(body);
    header
}

/// [`file_change_lines`] as header and body, each laid out at its own width (the transcript
/// indents the body more), with words after "… N more lines" (how to see them).
pub fn change_parts(
    change: &FileUpdateChange,
    cwd: Option<&str>,
    header_width: u16,
    body_width: u16,
    theme: Theme,
    max_lines_per_file: Option<usize>,
    more_hint: &str,
) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let file = DiffFile::from_change(change, cwd);
    file_parts(
        file,
        header_width,
        body_width,
        theme,
        max_lines_per_file,
        more_hint,
    )
}

/// [`change_parts`] of a file already built.
pub fn file_parts(
    file: DiffFile,
    header_width: u16,
    body_width: u16,
    theme: Theme,
    max_lines_per_file: Option<usize>,
    more_hint: &str,
) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let header = paint::file_header(&file, header_width as usize, false);
    // Laid out whole, a long file would be coloured whole: past a limit it is shown plain.
    let limit = max_lines_per_file
        .is_none()
        .then_some(document::EAGER_HIGHLIGHT_MAX_LINES);
    let doc = DiffDocument::new(vec![file], theme, false).with_highlight_limit(limit);
    let (_, body) = doc.file_parts(
        0,
        body_width,
        DiffMode::auto(body_width),
        max_lines_per_file,
        more_hint,
    );
    (header, body)
}

/// Lines added and removed by one change, counted as they are shown.
pub fn change_counts(change: &FileUpdateChange) -> (usize, usize) {
    let file = DiffFile::from_change(change, None);
    (file.added, file.removed)
}
