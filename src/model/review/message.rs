//! The review as one message to the agent, written like a code review: which hunks of which
//! files tern reverted (quoted, since the agent saw them applied and may build on them), which
//! reverts it refused and why, and each comment under its `path:line` with the lines it is
//! about quoted. What the person decided, in words the model reads as theirs.

use super::ReviewFile;
use crate::model::rewind::patch::Hunk;
use crate::model::rewind::Refusal;
use std::fmt::Write;

/// Lines quoted from one hunk at most; the rest is counted.
const QUOTED: usize = 40;

/// The message for `files` as reviewed, `refused` naming the files whose reverts did not
/// happen; paths are shown relative to `cwd` when inside it. `None` when there is nothing to
/// say (everything kept, no comment).
pub(crate) fn review_message(
    files: &[ReviewFile],
    refused: &[Refusal],
    cwd: &str,
) -> Option<String> {
    let out = body(files, refused, cwd)?;
    Some(format!(
        "Review of your changes, from the person at the keyboard (tern).\n{out}"
    ))
}

/// The message for a change declined whole (nothing of it was applied), with the comments.
/// `None` without a comment.
pub(crate) fn declined_message(files: &[ReviewFile], cwd: &str) -> Option<String> {
    let mut kept: Vec<ReviewFile> = files.to_vec();
    kept.iter_mut()
        .for_each(|f| f.keep.iter_mut().for_each(|k| *k = true));
    let out = body(&kept, &[], cwd)?;
    Some(format!(
        "Review of your proposed file change, from the person at the keyboard (tern): it was \
         declined, none of it was applied.\n{out}"
    ))
}

fn body(files: &[ReviewFile], refused: &[Refusal], cwd: &str) -> Option<String> {
    let mut reverted = String::new();
    let mut refusals = String::new();
    let mut comments = String::new();
    for file in files {
        let path = shown(&file.path, cwd);
        let refusal = refused.iter().find(|r| r.path == file.path);
        for i in file.reverted() {
            let hunk = &file.hunks[i];
            let target = match refusal {
                Some(_) => &mut refusals,
                None => &mut reverted,
            };
            let _ = writeln!(
                target,
                "- {path}:{} (hunk {} of {})",
                span(file, i),
                i + 1,
                file.hunks.len()
            );
            quote(target, &hunk.lines, QUOTED);
        }
        if let Some(r) = refusal {
            let _ = writeln!(refusals, "  not reverted: {}", r.reason);
        }
        for c in &file.comments {
            let Some(hunk) = file.hunks.get(c.hunk) else {
                continue;
            };
            let (line, quoted) = match c.line.and_then(|l| hunk.lines.get(l).map(|x| (l, x))) {
                Some((l, x)) => (file.line_number(c.hunk, l).to_string(), vec![x.clone()]),
                None => (span(file, c.hunk), changed(hunk)),
            };
            let _ = writeln!(comments, "{path}:{line}");
            quote(&mut comments, &quoted, QUOTED);
            for text in c.text.lines() {
                let _ = writeln!(comments, "{text}");
            }
            comments.push('\n');
        }
    }
    if reverted.is_empty() && refusals.is_empty() && comments.is_empty() {
        return None;
    }
    let mut out = String::new();
    if !reverted.is_empty() {
        out.push_str(
            "\nReverted: these hunks were applied, and you may have seen them, but tern has put \
             them back as they were; they are no longer on disk:\n",
        );
        out.push_str(&reverted);
    }
    if !refusals.is_empty() {
        out.push_str(
            "\nAsked to revert, but left on disk (the file no longer matched the patch):\n",
        );
        out.push_str(&refusals);
    }
    if !comments.is_empty() {
        out.push_str("\nComments:\n\n");
        out.push_str(comments.trim_end());
        out.push('\n');
    }
    Some(out)
}

/// A path as the agent names it: relative to the working folder when inside it.
pub(crate) fn shown(path: &str, cwd: &str) -> String {
    let dir = cwd.trim_end_matches('/');
    match path.strip_prefix(dir).and_then(|r| r.strip_prefix('/')) {
        Some(rest) if !dir.is_empty() && !rest.is_empty() => rest.to_string(),
        _ => path.to_string(),
    }
}

/// Where a hunk's change lies in the file: its first to last changed line, `a–b` (or `a`).
fn span(file: &ReviewFile, hunk: usize) -> String {
    let lines = &file.hunks[hunk].lines;
    let mut changed = (0..lines.len()).filter(|&i| lines[i].0 != ' ');
    let Some(first) = changed.next() else {
        return file.line_number(hunk, 0).to_string();
    };
    let (a, b) = (
        file.line_number(hunk, first),
        file.line_number(hunk, changed.next_back().unwrap_or(first)),
    );
    if b <= a {
        a.to_string()
    } else {
        format!("{a}–{b}")
    }
}

/// A hunk's added and removed lines (what a comment on the whole hunk is about).
fn changed(hunk: &Hunk) -> Vec<(char, String)> {
    hunk.lines
        .iter()
        .filter(|(k, _)| *k != ' ')
        .cloned()
        .collect()
}

/// Diff lines as a fenced block, at most `cap` of them.
fn quote(out: &mut String, lines: &[(char, String)], cap: usize) {
    out.push_str("  ```diff\n");
    for (kind, text) in lines.iter().take(cap) {
        let _ = writeln!(out, "  {kind}{}", text.trim_end_matches(['\n', '\r']));
    }
    if lines.len() > cap {
        let _ = writeln!(out, "  … {} more lines", lines.len() - cap);
    }
    out.push_str("  ```\n");
}
