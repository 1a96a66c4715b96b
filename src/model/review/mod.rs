//! A file change reviewed like a pull request: each file's hunks kept or reverted one by one,
//! and comments on a hunk or one of its lines. The protocol answers a file change whole
//! (`accept` or `decline`), so a mix is tern's own doing: it accepts, and once the patch is on
//! disk puts the reverted hunks back itself ([`revert::plan_revert`]) — only where the file is
//! exactly what the patch produced — then tells the agent what it did ([`message`]).
//!
//! The hunks are the change's own (`fileChange` diffs: bare hunks for an update, the whole
//! content for an add or a delete), read by rewind's exact parser; applying a chosen set is
//! exact too ([`apply::apply_kept`]), never a fuzzy guess. Pure: files are read and written by
//! the runtime.

pub(crate) mod apply;
pub(crate) mod findings;
pub(crate) mod message;
pub(crate) mod revert;
pub(crate) mod turn;

use super::rewind::patch::{parse, Hunk};
use crate::protocol::{FileUpdateChange, PatchChangeKind};

/// What the patch does to the file as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileKind {
    Add,
    Delete,
    Update,
}

/// A comment on a hunk, or on one of its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Comment {
    pub hunk: usize,
    /// The line within the hunk (`Hunk::lines`), or `None` for the hunk as a whole.
    pub line: Option<usize>,
    pub text: String,
}

/// One file of the change under review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReviewFile {
    /// Absolute, as the change names it.
    pub path: String,
    pub kind: FileKind,
    pub hunks: Vec<Hunk>,
    /// Per hunk: kept (`true`) or to be reverted.
    pub keep: Vec<bool>,
    pub comments: Vec<Comment>,
    /// Why its hunks cannot be reverted one by one (a move, an unreadable diff), when so: the
    /// file still takes comments, and is kept whole.
    pub fixed: Option<String>,
    /// In a turn's review: the git blob id of what the turn left (its diff's post-image), the
    /// file must still be for a revert. `None` for a question's change, checked against what
    /// its own patch produced instead.
    pub left: Option<String>,
}

impl ReviewFile {
    /// The file a `fileChange` change describes, every hunk kept.
    pub(crate) fn of_change(change: &FileUpdateChange) -> ReviewFile {
        let (kind, read) = match &change.kind {
            PatchChangeKind::Add => (FileKind::Add, Ok(whole(&change.diff, '+'))),
            PatchChangeKind::Delete => (FileKind::Delete, Ok(whole(&change.diff, '-'))),
            PatchChangeKind::Update { move_path } => {
                let read = bare_hunks(&change.diff);
                match (move_path, read) {
                    (Some(_), Ok(hunks)) => (
                        FileKind::Update,
                        Err((hunks, "moved by the patch: kept whole".to_string())),
                    ),
                    (_, read) => (FileKind::Update, read.map_err(|e| (Vec::new(), e))),
                }
            }
        };
        let (hunks, fixed) = match read {
            Ok(hunks) => (hunks, None),
            Err((hunks, why)) => (hunks, Some(why)),
        };
        ReviewFile {
            path: change.path.clone(),
            kind,
            keep: vec![true; hunks.len()],
            hunks,
            comments: Vec::new(),
            fixed,
            left: None,
        }
    }

    /// Flips one hunk between kept and reverted (not in a file kept whole).
    pub(crate) fn toggle(&mut self, hunk: usize) {
        if self.fixed.is_none() {
            if let Some(keep) = self.keep.get_mut(hunk) {
                *keep = !*keep;
            }
        }
    }

    /// Reverts every hunk, or keeps every hunk when all were reverted already.
    pub(crate) fn toggle_all(&mut self) {
        if self.fixed.is_none() {
            let to = self.all_reverted();
            self.keep.iter_mut().for_each(|k| *k = to);
        }
    }

    pub(crate) fn all_kept(&self) -> bool {
        self.keep.iter().all(|&k| k)
    }

    pub(crate) fn all_reverted(&self) -> bool {
        !self.keep.is_empty() && self.keep.iter().all(|&k| !k)
    }

    /// The reverted hunks, by index.
    pub(crate) fn reverted(&self) -> impl Iterator<Item = usize> + '_ {
        self.keep
            .iter()
            .enumerate()
            .filter(|(_, &k)| !k)
            .map(|(i, _)| i)
    }

    /// Sets the comment on a hunk or a line (an empty text removes it).
    pub(crate) fn comment(&mut self, hunk: usize, line: Option<usize>, text: &str) {
        self.comments
            .retain(|c| !(c.hunk == hunk && c.line == line));
        let text = text.trim();
        if !text.is_empty() {
            self.comments.push(Comment {
                hunk,
                line,
                text: text.to_string(),
            });
            self.comments.sort_by_key(|c| (c.hunk, c.line));
        }
    }

    /// The file's line number of a hunk's line: the new side for context and added lines,
    /// the old side for a removed one.
    pub(crate) fn line_number(&self, hunk: usize, line: usize) -> usize {
        let Some(h) = self.hunks.get(hunk) else {
            return 0;
        };
        let (mut old, mut new) = (h.old_start.max(1), h.new_start.max(1));
        for (kind, _) in h.lines.iter().take(line) {
            match kind {
                '-' => old += 1,
                '+' => new += 1,
                _ => {
                    old += 1;
                    new += 1;
                }
            }
        }
        match h.lines.get(line) {
            Some(('-', _)) => old,
            _ => new,
        }
    }
}

/// Bare hunks (`@@ …` lines and what follows, as an update's diff carries them).
fn bare_hunks(diff: &str) -> Result<Vec<Hunk>, String> {
    let files = parse(&format!("diff --git a/f b/f\n{diff}"))
        .map_err(|e| format!("its diff is unreadable ({e}): kept whole"))?;
    Ok(files
        .into_iter()
        .next()
        .map(|f| f.hunks)
        .unwrap_or_default())
}

/// A whole file's content as one hunk of `kind` lines: an add (`+`) or a delete (`-`).
fn whole(content: &str, kind: char) -> Vec<Hunk> {
    let lines: Vec<(char, String)> = content
        .split_inclusive('\n')
        .map(|l| (kind, l.to_string()))
        .collect();
    if lines.is_empty() {
        return Vec::new();
    }
    let n = lines.len();
    let (old_start, old_len, new_start, new_len) = if kind == '+' {
        (0, 0, 1, n)
    } else {
        (1, n, 0, 0)
    };
    vec![Hunk {
        old_start,
        old_len,
        new_start,
        new_len,
        lines,
    }]
}

#[cfg(test)]
mod tests;
