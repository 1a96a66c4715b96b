//! A whole turn's changes reviewed afterwards (`r` in `/diff`'s turn view): every file of the
//! turn's aggregate diff (`turn/diff/updated`, git style, what rewind keeps per turn) as a
//! review file. Reverting a hunk there works from the file as it is today, which must be
//! exactly what the turn left (the diff's post-image blob id) — else every revert of that file
//! is refused and the file is left alone, as rewind refuses. What was there before the turn is
//! found by undoing the turn's hunks (rewind's `unapply`), and what is written is that with
//! exactly the kept hunks applied.

use super::revert::plan_kept;
use super::{FileKind, ReviewFile};
use crate::model::rewind::blob::{blob_id, is_absent, matches};
use crate::model::rewind::patch::{parse, unapply, FilePatch};
use crate::model::rewind::plan::resolve_diff_path;
use crate::model::rewind::{FileRestore, Refusal};

/// The files of a turn's aggregate `diff`, every hunk kept. Its paths are relative to the git
/// root codex found above `cwd`, so they are resolved through the turn's own `fileChange`
/// paths (`patch_paths`, absolute), as rewind resolves them; else under `cwd`.
pub(crate) fn files_of_turn(
    diff: &str,
    cwd: &str,
    patch_paths: &[String],
) -> Result<Vec<ReviewFile>, String> {
    let patches = parse(diff).map_err(|e| format!("the turn's diff is unreadable: {e}"))?;
    Ok(patches
        .into_iter()
        .filter_map(|patch| {
            let relative = patch.path()?.to_string();
            let path = resolve_diff_path(&relative, patch_paths, cwd);
            Some(of_patch(patch, path))
        })
        .collect())
}

fn of_patch(patch: FilePatch, path: String) -> ReviewFile {
    let kind = match (&patch.old_path, &patch.new_path) {
        (None, _) => FileKind::Add,
        (_, None) => FileKind::Delete,
        _ => FileKind::Update,
    };
    let fixed = if patch.binary {
        Some("binary, or only its mode changed: kept".to_string())
    } else if patch.renamed() {
        Some("renamed by the turn: kept whole".to_string())
    } else if patch.new_id.is_none() {
        Some("its diff names no blob id to check the file against: kept".to_string())
    } else {
        None
    };
    ReviewFile {
        path,
        kind,
        keep: vec![true; patch.hunks.len()],
        hunks: patch.hunks,
        comments: Vec::new(),
        fixed,
        left: patch.new_id,
    }
}

/// What putting `file`'s reverted hunks back writes, given the file `today`: refused, touching
/// nothing, unless today is exactly what the turn left. `Ok(None)`: all kept.
pub(crate) fn plan_turn_revert(
    file: &ReviewFile,
    today: Option<&str>,
) -> Result<Option<FileRestore>, Refusal> {
    if file.all_kept() {
        return Ok(None);
    }
    let refuse = |reason: &str| Refusal {
        path: file.path.clone(),
        reason: reason.to_string(),
    };
    if let Some(why) = &file.fixed {
        return Err(refuse(why));
    }
    let Some(left) = file.left.as_deref() else {
        return Err(refuse("no blob id to check the file against: kept"));
    };
    let as_left = match today {
        None => is_absent(left),
        Some(text) => !is_absent(left) && matches(left, &blob_id(text.as_bytes())),
    };
    if !as_left {
        return Err(refuse(if today.is_none() {
            "deleted since the turn changed it: left alone"
        } else {
            "changed since the turn left it (by hand, a command or a later turn): left alone"
        }));
    }
    let before = match file.kind {
        FileKind::Add => None,
        FileKind::Delete => Some(
            file.hunks
                .iter()
                .flat_map(|h| h.lines.iter().filter(|(k, _)| *k != '+'))
                .map(|(_, t)| t.as_str())
                .collect::<String>(),
        ),
        FileKind::Update => {
            Some(unapply(today.unwrap_or_default(), &file.hunks).map_err(|e| refuse(&e))?)
        }
    };
    plan_kept(file, before.as_deref())
}

/// A `/diff` git-diff file's reverts (back towards `HEAD`), given the file `today`: refused,
/// touching nothing, unless today is exactly what the view showed (its diff's post-image).
pub(crate) fn plan_shown_revert(
    file: &ReviewFile,
    today: Option<&str>,
) -> Result<Option<FileRestore>, Refusal> {
    let shown = match (file.left.as_deref(), today) {
        (Some(left), None) => is_absent(left),
        (Some(left), Some(text)) => !is_absent(left) && matches(left, &blob_id(text.as_bytes())),
        (None, _) => true,
    };
    if !shown && !file.all_kept() && file.fixed.is_none() {
        return Err(Refusal {
            path: file.path.clone(),
            reason: "changed since /diff showed it: left alone".into(),
        });
    }
    plan_turn_revert(file, today)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rewind::RestoreAction;

    const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
    const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";

    fn diff() -> String {
        format!(
            "diff --git a/f.txt b/f.txt\nindex {}..{} 100644\n--- a/f.txt\n+++ b/f.txt\n\
             @@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n\
             @@ -7,4 +7,4 @@\n seven\n eight\n nine\n-ten\n+TEN\n\
             diff --git a/new.txt b/new.txt\nnew file mode 100644\nindex 0000000..{}\n\
             --- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n",
            &blob_id(BEFORE.as_bytes())[..7],
            &blob_id(AFTER.as_bytes())[..7],
            &blob_id(b"a\nb\n")[..7],
        )
    }

    #[test]
    fn a_turns_files_revert_exactly_the_reverted_hunks() {
        let mut files = files_of_turn(&diff(), "/p/", &[]).unwrap();
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].path, "/p/f.txt");
        assert_eq!(files[0].hunks.len(), 2);
        assert_eq!(files[1].kind, FileKind::Add);
        files[0].toggle(1);
        let plan = plan_turn_revert(&files[0], Some(AFTER)).unwrap().unwrap();
        let hunk_one = BEFORE.replace("two", "TWO");
        assert_eq!(plan.action, RestoreAction::Write(hunk_one));
        assert_eq!(plan.expected, Some(blob_id(AFTER.as_bytes())));
        files[1].toggle_all();
        let plan = plan_turn_revert(&files[1], Some("a\nb\n"))
            .unwrap()
            .unwrap();
        assert_eq!(plan.action, RestoreAction::Delete);
    }

    #[test]
    fn a_file_changed_since_the_turn_refuses_its_reverts() {
        let mut files = files_of_turn(&diff(), "/p", &[]).unwrap();
        files[0].toggle(0);
        let edited = AFTER.replace("five", "FIVE");
        let refused = plan_turn_revert(&files[0], Some(&edited)).unwrap_err();
        assert!(
            refused.reason.starts_with("changed since the turn"),
            "{refused:?}"
        );
        let gone = plan_turn_revert(&files[0], None).unwrap_err();
        assert!(gone.reason.starts_with("deleted since"), "{gone:?}");
        // Kept whole: nothing to check, nothing written.
        files[0].toggle(0);
        assert_eq!(plan_turn_revert(&files[0], Some(&edited)), Ok(None));
    }
}
