//! One file's change as it is shown: a path relative to the session's cwd, what happened to
//! the file, counts, and hunks whose lines are already sanitised and paired. Built from the
//! three shapes of a `fileChange` item and from each file of a git-style diff.

use super::header::{interpret, HeaderInfo};
use super::pair::{pair_rows, partners, Row};
use super::parse::{parse_patch, FileDiff, Hunk, LineKind};
use crate::protocol::{FileUpdateChange, PatchChangeKind};
use crate::text::sanitize::sanitize_line;
use unicode_width::UnicodeWidthStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileStatus {
    Added,
    Deleted,
    Updated,
    Moved,
}

impl FileStatus {
    pub(crate) fn word(self) -> &'static str {
        match self {
            FileStatus::Added => "added",
            FileStatus::Deleted => "deleted",
            FileStatus::Updated => "updated",
            FileStatus::Moved => "moved",
        }
    }
}

/// Characters of one line shown at most; the rest is counted, not drawn (a minified file's
/// single line must not become thousands of rows).
const MAX_LINE_CHARS: usize = 2_000;

#[derive(Debug, Clone, PartialEq)]
pub struct ShownLine {
    pub kind: LineKind,
    pub old: Option<u32>,
    pub new: Option<u32>,
    /// Sanitised and cut to [`MAX_LINE_CHARS`].
    pub text: String,
    /// Characters cut off the end.
    pub cut: usize,
    /// The line ended in `\r` (CRLF).
    pub cr: bool,
    /// Terminal columns of `text`.
    pub cols: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShownHunk {
    /// `@@ -1,3 +1,4 @@ section`, sanitised; empty for a whole added or deleted file.
    pub header: String,
    pub lines: Vec<ShownLine>,
    /// Side-by-side rows (see `pair.rs`).
    pub rows: Vec<Row>,
    /// Each line's partner in its change block.
    pub partners: Vec<Option<usize>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DiffFile {
    /// Unsanitised: sanitised where drawn.
    pub path: String,
    pub moved_to: Option<String>,
    pub status: FileStatus,
    pub hunks: Vec<ShownHunk>,
    /// Said instead of (or before) hunks: binary content, an empty file, a mode change.
    pub note: Option<String>,
    pub added: usize,
    pub removed: usize,
    /// Which line-number columns the gutter has (an added file has no old numbers).
    pub old_column: bool,
    pub new_column: bool,
    /// Digits of the largest line number.
    pub number_width: usize,
    /// What the highlighter is asked for: the extension, or the name when there is none.
    pub lang: String,
}

/// `path` relative to `cwd` when it lies inside it.
pub(crate) fn relative_path(path: &str, cwd: Option<&str>) -> String {
    let cwd = cwd.map(|c| c.trim_end_matches('/')).unwrap_or("");
    if !cwd.is_empty() {
        if let Some(rest) = path.strip_prefix(cwd).and_then(|r| r.strip_prefix('/')) {
            if !rest.is_empty() {
                return rest.to_string();
            }
        }
    }
    path.to_string()
}

/// NUL bytes or replacement characters (bytes that were not UTF-8) mean the content is not
/// text a person can read on a terminal.
fn looks_binary(text: &str) -> bool {
    text.contains('\0') || text.contains('\u{fffd}')
}

fn binary_note(bytes: Option<usize>) -> String {
    match bytes {
        Some(n) => format!("binary file, {n} bytes (not shown)"),
        None => "binary file (not shown)".to_string(),
    }
}

impl DiffFile {
    /// One change of a `fileChange` item: `add` carries the new content, `delete` the old one,
    /// `update` bare hunks (a move appends `\n\nMoved to: <path>`).
    pub(crate) fn from_change(change: &FileUpdateChange, cwd: Option<&str>) -> DiffFile {
        let path = relative_path(&change.path, cwd);
        match &change.kind {
            PatchChangeKind::Add => {
                DiffFile::whole(path, FileStatus::Added, &change.diff, LineKind::Added)
            }
            PatchChangeKind::Delete => {
                DiffFile::whole(path, FileStatus::Deleted, &change.diff, LineKind::Removed)
            }
            PatchChangeKind::Update { move_path } => {
                let hunks_text = match change.diff.rfind("\n\nMoved to: ") {
                    Some(i) => &change.diff[..i],
                    None => change.diff.as_str(),
                };
                let patch = parse_patch(hunks_text);
                let hunks: Vec<&Hunk> = patch.files.iter().flat_map(|f| &f.hunks).collect();
                let moved_to = move_path.as_deref().map(|to| relative_path(to, cwd));
                let status = if moved_to.is_some() {
                    FileStatus::Moved
                } else {
                    FileStatus::Updated
                };
                let mut file = DiffFile::with_hunks(path, moved_to, status, &hunks);
                if hunks.is_empty() && file.note.is_none() {
                    file.note = Some("no changes to the content".to_string());
                }
                file
            }
        }
    }

    /// One file of a git-style diff (paths there are relative already).
    pub(crate) fn from_git(diff: &FileDiff) -> DiffFile {
        let info: HeaderInfo = interpret(&diff.header);
        let (path, moved_to, status) = match (&info.old_path, &info.new_path) {
            (None, Some(new)) => (new.clone(), None, FileStatus::Added),
            (Some(old), None) => (old.clone(), None, FileStatus::Deleted),
            (Some(old), Some(new)) if old != new => {
                (old.clone(), Some(new.clone()), FileStatus::Moved)
            }
            (Some(old), Some(_)) => (old.clone(), None, FileStatus::Updated),
            (None, None) => ("(unnamed)".to_string(), None, FileStatus::Updated),
        };
        let hunks: Vec<&Hunk> = diff.hunks.iter().collect();
        let mut file = DiffFile::with_hunks(path, moved_to, status, &hunks);
        if info.binary {
            file.note = Some(binary_note(None));
        } else if file.note.is_none() && hunks.is_empty() {
            file.note = Some(match (&info.mode_change, status) {
                (Some((from, to)), _) => format!("mode changed from {from} to {to}"),
                (None, FileStatus::Added | FileStatus::Deleted) => "empty file".to_string(),
                (None, FileStatus::Moved) => "renamed without changes".to_string(),
                (None, _) => "no changes to the content".to_string(),
            });
        }
        file
    }

    /// An added or deleted file shown as one hunk of its whole content.
    fn whole(path: String, status: FileStatus, content: &str, kind: LineKind) -> DiffFile {
        let mut file = DiffFile::empty(path, None, status);
        if looks_binary(content) {
            file.note = Some(binary_note(Some(content.len())));
            return file;
        }
        if content.is_empty() {
            file.note = Some("empty file".to_string());
            return file;
        }
        let body = content.strip_suffix('\n').unwrap_or(content);
        let mut lines: Vec<ShownLine> = body
            .split('\n')
            .zip(1u32..)
            .map(|(raw, n)| {
                let number = Some(n);
                let (old, new) = match kind {
                    LineKind::Removed => (number, None),
                    _ => (None, number),
                };
                shown_line(kind, raw, old, new)
            })
            .collect();
        if !content.ends_with('\n') {
            lines.push(shown_line(
                LineKind::NoNewline,
                "\\ No newline at end of file",
                None,
                None,
            ));
        }
        file.push_hunk(String::new(), lines);
        file
    }

    fn with_hunks(
        path: String,
        moved_to: Option<String>,
        status: FileStatus,
        hunks: &[&Hunk],
    ) -> DiffFile {
        let mut file = DiffFile::empty(path, moved_to, status);
        let binary = hunks
            .iter()
            .flat_map(|h| &h.lines)
            .any(|l| looks_binary(&l.raw));
        if binary {
            file.note = Some(binary_note(None));
            // Counted, never drawn.
            for line in hunks.iter().flat_map(|h| &h.lines) {
                match line.kind {
                    LineKind::Added => file.added += 1,
                    LineKind::Removed => file.removed += 1,
                    _ => {}
                }
            }
            return file;
        }
        for hunk in hunks {
            let lines = hunk
                .lines
                .iter()
                .map(|l| shown_line(l.kind, l.text(), l.old, l.new))
                .collect();
            file.push_hunk(sanitize_line(&hunk.header), lines);
        }
        file
    }

    fn empty(path: String, moved_to: Option<String>, status: FileStatus) -> DiffFile {
        let name = moved_to.as_deref().unwrap_or(&path);
        let base = name.rsplit('/').next().unwrap_or(name);
        let lang = match base.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => ext.to_string(),
            _ => base.to_string(),
        };
        DiffFile {
            path,
            moved_to,
            status,
            hunks: Vec::new(),
            note: None,
            added: 0,
            removed: 0,
            old_column: status != FileStatus::Added,
            new_column: status != FileStatus::Deleted,
            number_width: 1,
            lang,
        }
    }

    fn push_hunk(&mut self, header: String, lines: Vec<ShownLine>) {
        for line in &lines {
            match line.kind {
                LineKind::Added => self.added += 1,
                LineKind::Removed => self.removed += 1,
                _ => {}
            }
            let largest = line.old.max(line.new).unwrap_or(0);
            self.number_width = self.number_width.max(digits(largest));
        }
        let kinds: Vec<LineKind> = lines.iter().map(|l| l.kind).collect();
        let rows = pair_rows(&kinds);
        let partners = partners(&kinds, &rows);
        self.hunks.push(ShownHunk {
            header,
            lines,
            rows,
            partners,
        });
    }

    /// Lines of the diff body (hunk lines, hunk headers and the note), before any wrapping.
    pub(crate) fn body_len(&self) -> usize {
        let headers = self.hunks.iter().filter(|h| !h.header.is_empty()).count();
        self.hunks.iter().map(|h| h.lines.len()).sum::<usize>()
            + headers
            + usize::from(self.note.is_some())
    }
}

fn digits(n: u32) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

fn shown_line(kind: LineKind, raw: &str, old: Option<u32>, new: Option<u32>) -> ShownLine {
    let (raw, cr) = match raw.strip_suffix('\r') {
        Some(rest) => (rest, true),
        None => (raw, false),
    };
    let mut text = sanitize_line(raw);
    let mut cut = 0;
    if let Some((at, _)) = text.char_indices().nth(MAX_LINE_CHARS) {
        cut = text[at..].chars().count();
        text.truncate(at);
    }
    let cols = text.width();
    ShownLine {
        kind,
        old,
        new,
        text,
        cut,
        cr,
        cols,
    }
}

/// Every file of a git-style diff (`turn/diff/updated`, `git diff`).
pub fn files_of_patch(text: &str) -> Vec<DiffFile> {
    parse_patch(text)
        .files
        .iter()
        .map(DiffFile::from_git)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &str, kind: PatchChangeKind, diff: &str) -> FileUpdateChange {
        FileUpdateChange {
            path: path.into(),
            kind,
            diff: diff.into(),
        }
    }

    #[test]
    fn the_three_shapes_of_a_file_change() {
        let cwd = Some("/home/user/proj/ws");
        let add = DiffFile::from_change(
            &change(
                "/home/user/proj/ws/new.txt",
                PatchChangeKind::Add,
                "brand\nnew\n",
            ),
            cwd,
        );
        assert_eq!(add.path, "new.txt");
        assert_eq!(
            (add.status, add.added, add.removed),
            (FileStatus::Added, 2, 0)
        );
        assert!(!add.old_column);
        let delete = DiffFile::from_change(
            &change(
                "/home/user/proj/ws/gone.txt",
                PatchChangeKind::Delete,
                "x\n",
            ),
            cwd,
        );
        assert_eq!(
            (delete.status, delete.added, delete.removed),
            (FileStatus::Deleted, 0, 1)
        );
        let moved = DiffFile::from_change(
            &change(
                "/home/user/proj/ws/old.txt",
                PatchChangeKind::Update {
                    move_path: Some("/home/user/proj/ws/moved.txt".into()),
                },
                "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\n\nMoved to: /home/user/proj/ws/moved.txt",
            ),
            cwd,
        );
        assert_eq!(moved.status, FileStatus::Moved);
        assert_eq!(moved.moved_to.as_deref(), Some("moved.txt"));
        assert_eq!((moved.added, moved.removed), (1, 1));
        assert_eq!(moved.hunks[0].lines.len(), 4);
        assert_eq!(moved.lang, "txt");
    }

    #[test]
    fn paths_outside_the_cwd_stay_absolute() {
        assert_eq!(relative_path("/etc/hosts", Some("/home/u")), "/etc/hosts");
        assert_eq!(relative_path("/home/u/a/b.rs", Some("/home/u/")), "a/b.rs");
        assert_eq!(
            relative_path("/home/user2/x", Some("/home/user")),
            "/home/user2/x"
        );
        assert_eq!(relative_path("rel.txt", None), "rel.txt");
    }

    #[test]
    fn hard_contents() {
        let binary =
            DiffFile::from_change(&change("a.bin", PatchChangeKind::Add, "PNG\0\u{1}"), None);
        assert_eq!(
            binary.note.as_deref(),
            Some("binary file, 5 bytes (not shown)")
        );
        assert!(binary.hunks.is_empty());
        let empty = DiffFile::from_change(&change("e", PatchChangeKind::Add, ""), None);
        assert_eq!(empty.note.as_deref(), Some("empty file"));
        let no_eol = DiffFile::from_change(&change("n", PatchChangeKind::Add, "a\nb"), None);
        assert_eq!(
            no_eol.hunks[0].lines.last().unwrap().kind,
            LineKind::NoNewline
        );
        assert_eq!(no_eol.added, 2);
        let crlf = DiffFile::from_change(
            &change(
                "c",
                PatchChangeKind::Add,
                "one\r\n\u{1b}]0;evil\u{7}two\r\n",
            ),
            None,
        );
        let texts: Vec<_> = crlf.hunks[0]
            .lines
            .iter()
            .map(|l| (l.text.as_str(), l.cr))
            .collect();
        assert_eq!(texts, [("one", true), ("two", true)]);
        let long = "x".repeat(MAX_LINE_CHARS + 10);
        let cut = DiffFile::from_change(&change("l", PatchChangeKind::Add, &long), None);
        assert_eq!(cut.hunks[0].lines[0].cut, 10);
    }

    #[test]
    fn a_turn_diff_splits_into_files() {
        let text = "diff --git a/README.md b/README.md\nindex 2..a\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\ndiff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\ndiff --git a/e b/e\nnew file mode 100644\nindex 0000000..e69de29\ndiff --git a/old.txt b/moved.txt\n--- a/old.txt\n+++ b/moved.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";
        let files = files_of_patch(text);
        let summary: Vec<_> = files
            .iter()
            .map(|f| {
                (
                    f.path.as_str(),
                    f.status,
                    f.added,
                    f.removed,
                    f.note.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("README.md", FileStatus::Updated, 1, 1, None),
                ("gone.txt", FileStatus::Deleted, 0, 1, None),
                ("e", FileStatus::Added, 0, 0, Some("empty file")),
                ("old.txt", FileStatus::Moved, 1, 1, None),
            ]
        );
    }
}
