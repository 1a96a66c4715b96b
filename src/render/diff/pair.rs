//! Which removed line faces which added line, and which words changed between the two.
//!
//! Within a hunk, a run of removed lines followed by a run of added lines is a change block:
//! the k-th removed line pairs with the k-th added line (as `git diff --word-diff`, GitHub and
//! delta do), the rest stand alone. Side by side, each pair is one row; unified, a pair only
//! decides which words are emphasised.

use super::parse::LineKind;
use similar::{capture_diff_slices, Algorithm, DiffOp};
use std::ops::Range;

/// One side-by-side row: indices into the hunk's lines. A context line is on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub old: Option<usize>,
    pub new: Option<usize>,
}

/// Rows for a hunk whose lines have these kinds. A `\ No newline` marker goes on the side of
/// the line it describes.
pub fn pair_rows(kinds: &[LineKind]) -> Vec<Row> {
    let mut rows = Vec::with_capacity(kinds.len());
    let (mut removed, mut added): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    let flush = |rows: &mut Vec<Row>, removed: &mut Vec<usize>, added: &mut Vec<usize>| {
        for k in 0..removed.len().max(added.len()) {
            rows.push(Row {
                old: removed.get(k).copied(),
                new: added.get(k).copied(),
            });
        }
        removed.clear();
        added.clear();
    };
    let mut last = LineKind::Context;
    for (i, &kind) in kinds.iter().enumerate() {
        match kind {
            LineKind::Removed => {
                if !added.is_empty() {
                    flush(&mut rows, &mut removed, &mut added);
                }
                removed.push(i);
            }
            LineKind::Added => added.push(i),
            LineKind::NoNewline => match last {
                LineKind::Removed => removed.push(i),
                LineKind::Added => added.push(i),
                _ => {
                    flush(&mut rows, &mut removed, &mut added);
                    rows.push(Row {
                        old: Some(i),
                        new: Some(i),
                    });
                }
            },
            LineKind::Context => {
                flush(&mut rows, &mut removed, &mut added);
                rows.push(Row {
                    old: Some(i),
                    new: Some(i),
                });
            }
        }
        if kind != LineKind::NoNewline {
            last = kind;
        }
    }
    flush(&mut rows, &mut removed, &mut added);
    rows
}

/// For each line, the line it pairs with (a removed line's added partner and back).
pub fn partners(kinds: &[LineKind], rows: &[Row]) -> Vec<Option<usize>> {
    let mut out = vec![None; kinds.len()];
    for row in rows {
        if let (Some(old), Some(new)) = (row.old, row.new) {
            let changed = |i: usize| matches!(kinds[i], LineKind::Added | LineKind::Removed);
            if old != new && changed(old) && changed(new) {
                out[old] = Some(new);
                out[new] = Some(old);
            }
        }
    }
    out
}

/// Byte ranges of a line.
pub(crate) type Ranges = Vec<Range<usize>>;

/// Lines longer than this (in tokens) are not compared word by word: it would cost more than
/// it shows.
const MAX_TOKENS: usize = 2_000;
/// Below this share of unchanged text the lines are simply different: emphasising nearly
/// everything would say less than not emphasising at all.
const MIN_SAME: f64 = 0.4;

/// The byte ranges that changed in `old` and in `new`, or `None` when the two lines are too
/// different (or too long) for a word-level comparison to help.
pub(crate) fn emphasis(old: &str, new: &str) -> Option<(Ranges, Ranges)> {
    let (a, b) = (tokens(old), tokens(new));
    if a.len() > MAX_TOKENS || b.len() > MAX_TOKENS {
        return None;
    }
    let offsets = |toks: &[&str]| -> Vec<usize> {
        let mut at = vec![0];
        for t in toks {
            at.push(at.last().copied().unwrap_or(0) + t.len());
        }
        at
    };
    let (oa, ob) = (offsets(&a), offsets(&b));
    let mut same = 0usize;
    let (mut ra, mut rb) = (Vec::new(), Vec::new());
    for op in capture_diff_slices(Algorithm::Myers, &a, &b) {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                same += oa[old_index + len] - oa[old_index];
            }
            _ => {
                let (old_range, new_range) = (op.old_range(), op.new_range());
                if !old_range.is_empty() {
                    ra.push(oa[old_range.start]..oa[old_range.end]);
                }
                if !new_range.is_empty() {
                    rb.push(ob[new_range.start]..ob[new_range.end]);
                }
            }
        }
    }
    let total = old.len() + new.len();
    if total > 0 && (2 * same) as f64 / (total as f64) < MIN_SAME {
        return None;
    }
    Some((merge(ra, old), merge(rb, new)))
}

/// Joins ranges separated only by spaces, so `foo bar` → `baz qux` is one emphasis, not two.
fn merge(ranges: Vec<Range<usize>>, text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match out.last_mut() {
            Some(last) if text[last.end..range.start].chars().all(char::is_whitespace) => {
                last.end = range.end
            }
            _ => out.push(range),
        }
    }
    out
}

/// Words (letters, digits, `_`), runs of whitespace, and every other character alone: code
/// changes are mostly in identifiers and punctuation.
fn tokens(text: &str) -> Vec<&str> {
    #[derive(PartialEq)]
    enum Class {
        Word,
        Space,
        Other,
    }
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            Class::Word
        } else if c.is_whitespace() {
            Class::Space
        } else {
            Class::Other
        }
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut current: Option<Class> = None;
    for (i, c) in text.char_indices() {
        let k = class(c);
        let joins = current.as_ref() == Some(&k) && k != Class::Other;
        if !joins && i > start {
            out.push(&text[start..i]);
            start = i;
        }
        current = Some(k);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use LineKind::*;

    fn row(old: Option<usize>, new: Option<usize>) -> Row {
        Row { old, new }
    }

    #[test]
    fn removed_and_added_runs_pair_in_order() {
        let kinds = [Context, Removed, Removed, Added, Context, Added, NoNewline];
        assert_eq!(
            pair_rows(&kinds),
            [
                row(Some(0), Some(0)),
                row(Some(1), Some(3)),
                row(Some(2), None),
                row(Some(4), Some(4)),
                row(None, Some(5)),
                row(None, Some(6)),
            ]
        );
        let p = partners(&kinds, &pair_rows(&kinds));
        assert_eq!(p[1], Some(3));
        assert_eq!(p[3], Some(1));
        assert_eq!(p[2], None);
    }

    #[test]
    fn a_one_word_change_is_emphasised_alone() {
        let old = "let total = items.iter().map(|i| i.price).sum::<u32>();";
        let new = "let total = items.iter().map(|i| i.cost).sum::<u32>();";
        let (a, b) = emphasis(old, new).unwrap();
        assert_eq!(
            a.iter().map(|r| &old[r.clone()]).collect::<Vec<_>>(),
            ["price"]
        );
        assert_eq!(
            b.iter().map(|r| &new[r.clone()]).collect::<Vec<_>>(),
            ["cost"]
        );
    }

    #[test]
    fn unrelated_lines_get_no_emphasis() {
        assert_eq!(emphasis("fn main() {", "// a comment about it"), None);
        assert_eq!(emphasis("same", "same"), Some((vec![], vec![])));
    }

    #[test]
    fn neighbouring_changes_merge_across_spaces() {
        let (a, _) = emphasis("keep foo bar keep", "keep baz qux keep").unwrap();
        assert_eq!(a, vec![Range { start: 5, end: 12 }]);
    }
}
