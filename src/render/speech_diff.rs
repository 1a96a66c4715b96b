//! Screen-reader mode reads a file change as linear text: what happened to which file, then
//! "added line 3: …" and "removed line 4: …" for each changed line, numbered as in the new
//! and the old file. Unchanged context lines are left out; the hunk says where it starts.

use crate::protocol::{FileUpdateChange, PatchChangeKind};
use crate::text::sanitize::sanitize_line;

/// Lines a change of one file reads as (unwrapped; the caller wraps them).
pub(crate) fn change_sentences(change: &FileUpdateChange, path: &str) -> Vec<String> {
    let path = sanitize_line(path);
    match &change.kind {
        PatchChangeKind::Add => {
            let mut out = vec![format!("new file {path}:")];
            out.extend(
                change
                    .diff
                    .lines()
                    .enumerate()
                    .map(|(n, line)| format!("added line {}: {}", n + 1, sanitize_line(line))),
            );
            out
        }
        PatchChangeKind::Delete => vec![format!("deleted file {path}")],
        PatchChangeKind::Update { move_path } => {
            let mut out = vec![match move_path {
                Some(to) => format!("moved {path} to {}:", sanitize_line(to)),
                None => format!("edited {path}:"),
            }];
            out.extend(unified_sentences(&change.diff));
            out
        }
    }
}

/// A unified diff's changed lines as sentences.
fn unified_sentences(diff: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut old, mut new) = (0usize, 0usize);
    for line in diff.lines() {
        if let Some(header) = line.strip_prefix("@@") {
            if let Some((from, to)) = hunk_starts(header) {
                old = from;
                new = to;
                out.push(format!("at line {to}:"));
            }
            continue;
        }
        if line.starts_with("+++") || line.starts_with("---") || line.starts_with("diff ") {
            continue;
        }
        if let Some(text) = line.strip_prefix('+') {
            out.push(format!("added line {new}: {}", sanitize_line(text)));
            new += 1;
        } else if let Some(text) = line.strip_prefix('-') {
            out.push(format!("removed line {old}: {}", sanitize_line(text)));
            old += 1;
        } else if !line.starts_with('\\') {
            old += 1;
            new += 1;
        }
    }
    out
}

/// `-3,4 +5,6 @@` → (3, 5).
fn hunk_starts(header: &str) -> Option<(usize, usize)> {
    let mut parts = header.split_whitespace();
    let old = parts.next()?.strip_prefix('-')?;
    let new = parts.next()?.strip_prefix('+')?;
    let start = |range: &str| range.split(',').next()?.parse::<usize>().ok();
    Some((start(old)?, start(new)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_reads_as_added_and_removed_lines_numbered() {
        let change = FileUpdateChange {
            path: "src/a.rs".into(),
            kind: PatchChangeKind::Update { move_path: None },
            diff: "@@ -2,3 +2,3 @@\n keep\n-old\n+new\n same\n".into(),
        };
        assert_eq!(
            change_sentences(&change, "src/a.rs"),
            [
                "edited src/a.rs:",
                "at line 2:",
                "removed line 3: old",
                "added line 3: new"
            ]
        );
    }
}
