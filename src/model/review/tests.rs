//! The review model: hunks read from a change, kept and reverted exactly, refused when the
//! file moved on, and said to the agent as one review.

use super::message::review_message;
use super::revert::{plan_revert, produced};
use super::{FileKind, ReviewFile};
use crate::model::rewind::patch::unapply;
use crate::model::rewind::{Refusal, RestoreAction};
use crate::protocol::{FileUpdateChange, PatchChangeKind};
use proptest::prelude::*;
use similar::{DiffOp, TextDiff};

/// An update change from `before` to `after`, its diff bare hunks as codex sends them.
fn update(path: &str, before: &str, after: &str) -> FileUpdateChange {
    let text = TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header("a", "b")
        .to_string();
    let diff = text
        .split_once("+++ b\n")
        .map_or("", |(_, h)| h)
        .to_string();
    FileUpdateChange {
        path: path.into(),
        kind: PatchChangeKind::Update { move_path: None },
        diff,
    }
}

/// `before` with the kept groups of `similar`'s own diff applied: the oracle, built from the
/// diff's operations rather than from the hunks tern parsed.
fn oracle(before: &str, after: &str, keep: &[bool]) -> String {
    let diff = TextDiff::from_lines(before, after);
    let old: Vec<&str> = before.split_inclusive('\n').collect();
    let new: Vec<&str> = after.split_inclusive('\n').collect();
    let mut out = String::new();
    let mut at = 0;
    for (i, group) in diff.grouped_ops(3).iter().enumerate() {
        for op in group {
            let (o, n) = (op.old_range(), op.new_range());
            out.extend(old[at..o.start].iter().copied());
            if matches!(op, DiffOp::Equal { .. }) || !keep[i] {
                out.extend(old[o.clone()].iter().copied());
            } else {
                out.extend(new[n].iter().copied());
            }
            at = o.end;
        }
    }
    out.extend(old[at..].iter().copied());
    out
}

const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";

#[test]
fn an_update_reads_as_its_hunks_all_kept() {
    let file = ReviewFile::of_change(&update("/w/f.txt", BEFORE, AFTER));
    assert_eq!(file.kind, FileKind::Update);
    assert_eq!(file.hunks.len(), 2);
    assert_eq!(file.keep, vec![true, true]);
    assert_eq!(file.fixed, None);
    // "TEN" is line 10 of the new file; the removed "ten" line 10 of the old.
    let last = &file.hunks[1];
    let added = last.lines.iter().position(|(k, _)| *k == '+').unwrap();
    assert_eq!(file.line_number(1, added), 10);
    assert_eq!(file.line_number(0, 0), 1);
}

#[test]
fn the_second_hunk_reverted_leaves_the_first_only() {
    let mut file = ReviewFile::of_change(&update("/w/f.txt", BEFORE, AFTER));
    file.toggle(1);
    let restore = plan_revert(&file, Some(BEFORE), Some(AFTER))
        .unwrap()
        .unwrap();
    let expected = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
    assert_eq!(restore.action, RestoreAction::Write(expected.into()));
    assert!(
        restore.preview.contains("-TEN\n+ten\n"),
        "{}",
        restore.preview
    );
    // Nothing to write when all is kept; a file edited since is refused.
    file.toggle(1);
    assert_eq!(plan_revert(&file, Some(BEFORE), Some(AFTER)), Ok(None));
    file.toggle_all();
    assert!(file.all_reverted());
    let edited = AFTER.replace("five", "FIVE");
    let refusal = plan_revert(&file, Some(BEFORE), Some(&edited)).unwrap_err();
    assert!(
        refusal.reason.contains("changed since the patch"),
        "{refusal:?}"
    );
}

#[test]
fn an_added_file_reverted_is_deleted_and_a_deleted_one_comes_back() {
    let add = FileUpdateChange {
        path: "/w/new.txt".into(),
        kind: PatchChangeKind::Add,
        diff: "brand\nnew\n".into(),
    };
    let mut file = ReviewFile::of_change(&add);
    assert_eq!(
        produced(&file, None).unwrap().as_deref(),
        Some("brand\nnew\n")
    );
    file.toggle_all();
    let restore = plan_revert(&file, None, Some("brand\nnew\n"))
        .unwrap()
        .unwrap();
    assert_eq!(restore.action, RestoreAction::Delete);
    let delete = FileUpdateChange {
        path: "/w/gone.txt".into(),
        kind: PatchChangeKind::Delete,
        diff: "x\n".into(),
    };
    let mut file = ReviewFile::of_change(&delete);
    file.toggle(0);
    let restore = plan_revert(&file, Some("x\n"), None).unwrap().unwrap();
    assert_eq!(restore.action, RestoreAction::Write("x\n".into()));
    // Recreated by someone since: refused.
    assert!(plan_revert(&file, Some("x\n"), Some("y\n")).is_err());
}

#[test]
fn a_moved_file_is_kept_whole_but_takes_comments() {
    let change = FileUpdateChange {
        path: "/w/old.txt".into(),
        kind: PatchChangeKind::Update {
            move_path: Some("/w/moved.txt".into()),
        },
        diff: "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\n\nMoved to: /w/moved.txt".into(),
    };
    let mut file = ReviewFile::of_change(&change);
    assert_eq!(file.hunks.len(), 1);
    assert!(file.fixed.is_some());
    file.toggle(0);
    assert!(file.all_kept());
    file.comment(0, Some(2), "why upper case?");
    assert_eq!(file.comments.len(), 1);
}

#[test]
fn the_review_quotes_reverted_hunks_and_comments_against_their_lines() {
    let mut file = ReviewFile::of_change(&update("/w/src/f.txt", BEFORE, AFTER));
    file.toggle(1);
    let added = file.hunks[1]
        .lines
        .iter()
        .position(|(k, _)| *k == '+')
        .unwrap();
    file.comment(1, Some(added), "keep ten lower case");
    file.comment(0, None, "fine");
    let text = review_message(std::slice::from_ref(&file), &[], "/w").unwrap();
    assert!(text.contains("- src/f.txt:10 (hunk 2 of 2)\n"), "{text}");
    assert!(text.contains("  -ten\n  +TEN\n"), "{text}");
    assert!(
        text.contains("src/f.txt:10\n  ```diff\n  +TEN\n  ```\nkeep ten lower case\n"),
        "{text}"
    );
    assert!(
        text.contains("src/f.txt:2\n  ```diff\n  -two\n  +TWO\n  ```\nfine\n"),
        "{text}"
    );
    assert!(text.contains("you may have seen them"), "{text}");
    // A refused revert says so instead of claiming it happened.
    let refused = [Refusal {
        path: "/w/src/f.txt".into(),
        reason: "changed since".into(),
    }];
    let text = review_message(&[file.clone()], &refused, "/w").unwrap();
    assert!(
        text.contains("left on disk") && text.contains("not reverted: changed since"),
        "{text}"
    );
    assert!(!text.contains("Reverted:"), "{text}");
    // All kept and nothing said: no message.
    let plain = ReviewFile::of_change(&update("/w/f.txt", BEFORE, AFTER));
    assert_eq!(review_message(&[plain], &[], "/w"), None);
}

/// Lines from a small alphabet, so random edits make several hunks and repeated lines.
fn text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop::sample::select(vec!["a", "b", "c", "d", "", "  x"]),
            0..40,
        ),
        any::<bool>(),
    )
        .prop_map(|(lines, final_newline)| {
            let mut t = lines.join("\n");
            if final_newline && !t.is_empty() {
                t.push('\n');
            }
            t
        })
}

/// `before` edited at random: lines kept, dropped, replaced or doubled.
fn edited(before: &str, ops: &[u8]) -> String {
    let mut out = String::new();
    for (i, line) in before.split_inclusive('\n').enumerate() {
        match ops.get(i).copied().unwrap_or(0) % 6 {
            1 => {}
            2 => out.push_str("new\n"),
            3 => {
                out.push_str(line);
                out.push_str("added\n");
            }
            _ => out.push_str(line),
        }
    }
    if ops.last().is_some_and(|o| o % 5 == 4) {
        out.push_str("tail");
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// Whatever is kept or reverted, the file written is the original with exactly the kept
    /// hunks; rewind's undoing of the reverted hunks agrees; and a file changed after the
    /// patch refuses its reverts.
    #[test]
    fn reverts_leave_exactly_the_kept_hunks(
        before in text(),
        ops in prop::collection::vec(any::<u8>(), 0..40),
        keep_bits in any::<u64>(),
        stray in 0usize..50,
    ) {
        let after = edited(&before, &ops);
        let mut file = ReviewFile::of_change(&update("/w/f", &before, &after));
        prop_assert_eq!(file.fixed.clone(), None);
        for i in 0..file.hunks.len() {
            if keep_bits >> (i % 64) & 1 == 1 {
                file.toggle(i);
            }
        }
        let made = produced(&file, Some(&before)).unwrap();
        prop_assert_eq!(made.as_deref(), Some(after.as_str()));
        let want = oracle(&before, &after, &file.keep);
        let mut disk = after.clone();
        match plan_revert(&file, Some(&before), Some(&disk)).unwrap() {
            Some(restore) => match restore.action {
                RestoreAction::Write(text) => disk = text,
                RestoreAction::Delete => prop_assert!(false, "an update never deletes"),
            },
            None => prop_assert!(file.all_kept() || want == after),
        }
        prop_assert_eq!(&disk, &want);
        let reverted: Vec<_> = file.reverted().map(|i| file.hunks[i].clone()).collect();
        prop_assert_eq!(unapply(&after, &reverted).unwrap(), want);

        // Changed on disk after the patch: every revert refused, nothing to write.
        let lines: Vec<&str> = after.split_inclusive('\n').collect();
        let at = stray % (lines.len() + 1);
        let changed = [&lines[..at], &["stray edit\n"], &lines[at..]].concat().concat();
        if !file.all_kept() {
            let refused = plan_revert(&file, Some(&before), Some(&changed));
            prop_assert!(refused.is_err(), "{:?}", refused);
        }
    }
}
