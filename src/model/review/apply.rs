//! A file's content with a chosen set of a patch's hunks applied to what was there before it.
//! Exact, like rewind's undoing: every context and removed line must be where its hunk says,
//! or nothing is made.

use crate::model::rewind::patch::Hunk;

/// `before` with the hunks whose `keep` is true applied (the others left as they were).
pub(crate) fn apply_kept(before: &str, hunks: &[Hunk], keep: &[bool]) -> Result<String, String> {
    let lines: Vec<&str> = before.split_inclusive('\n').collect();
    let mut out: Vec<&str> = Vec::with_capacity(lines.len());
    let mut at = 0;
    for (i, hunk) in hunks.iter().enumerate() {
        // A hunk that removes nothing names the line after which it adds.
        let start = if hunk.old_len == 0 {
            hunk.old_start
        } else {
            hunk.old_start.saturating_sub(1)
        };
        let old: Vec<&str> = side(hunk, '+');
        let end = start + old.len();
        if start < at || end > lines.len() || lines[start..end] != old[..] {
            return Err(format!(
                "its lines {}–{} are not what the patch expected",
                start + 1,
                end
            ));
        }
        out.extend_from_slice(&lines[at..start]);
        if keep.get(i).copied().unwrap_or(true) {
            out.extend(side(hunk, '-'));
        } else {
            out.extend_from_slice(&lines[start..end]);
        }
        at = end;
    }
    out.extend_from_slice(&lines[at..]);
    Ok(out.concat())
}

/// The hunk's lines without those of kind `not`: `'+'` gives the old side, `'-'` the new.
fn side(hunk: &Hunk, not: char) -> Vec<&str> {
    hunk.lines
        .iter()
        .filter(|(k, _)| *k != not)
        .map(|(_, t)| t.as_str())
        .collect()
}
