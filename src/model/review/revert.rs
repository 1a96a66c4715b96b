//! Putting a reviewed file's reverted hunks back, once the patch is on disk: the file must be
//! exactly what the patch produced from what was there before it (read before the answer), or
//! every revert of that file is refused and the file is left alone. What is written is
//! rewind's `FileRestore`, so the runtime's own check (the blob id it expects) and its preview
//! (the whole change, today → written) are rewind's too.

use super::apply::apply_kept;
use super::{FileKind, ReviewFile};
use crate::model::rewind::blob::blob_id;
use crate::model::rewind::plan::preview;
use crate::model::rewind::{FileRestore, Refusal, RestoreAction};

/// What the patch left: the content (`None`: no file) it produces from `before`.
pub(crate) fn produced(file: &ReviewFile, before: Option<&str>) -> Result<Option<String>, String> {
    content(file, before, &vec![true; file.hunks.len()])
}

/// What the file holds with exactly the kept hunks applied to `before`.
pub(crate) fn kept(file: &ReviewFile, before: Option<&str>) -> Result<Option<String>, String> {
    content(file, before, &file.keep)
}

fn content(
    file: &ReviewFile,
    before: Option<&str>,
    keep: &[bool],
) -> Result<Option<String>, String> {
    let all = keep.iter().all(|&k| k);
    match file.kind {
        FileKind::Add if all => apply_kept("", &file.hunks, keep).map(Some),
        FileKind::Add => Ok(None),
        FileKind::Delete if all => Ok(None),
        FileKind::Delete | FileKind::Update => {
            let before = before.ok_or("it did not exist before the patch")?;
            if file.kind == FileKind::Delete {
                return Ok(Some(before.to_string()));
            }
            apply_kept(before, &file.hunks, keep).map(Some)
        }
    }
}

/// What putting `file`'s reverted hunks back writes, given the file `before` the patch: the
/// restore expects the file to be exactly what the patch produced (its blob id), so the
/// runtime refuses it, touching nothing, when it was edited since. `Ok(None)`: all kept.
pub(crate) fn plan_kept(
    file: &ReviewFile,
    before: Option<&str>,
) -> Result<Option<FileRestore>, Refusal> {
    if file.all_kept() {
        return Ok(None);
    }
    let refuse = |reason: String| Refusal {
        path: file.path.clone(),
        reason,
    };
    if let Some(why) = &file.fixed {
        return Err(refuse(why.clone()));
    }
    let produced = produced(file, before).map_err(refuse)?;
    let target = kept(file, before).map_err(refuse)?;
    if target == produced {
        return Ok(None);
    }
    Ok(Some(FileRestore {
        path: file.path.clone(),
        action: match &target {
            Some(text) => RestoreAction::Write(text.clone()),
            None => RestoreAction::Delete,
        },
        expected: produced.as_deref().map(|t| blob_id(t.as_bytes())),
        preview: preview(&file.path, produced.as_deref(), target.as_deref()),
    }))
}

/// [`plan_kept`] checked against the file `now`, as the runtime checks it: refused when `now`
/// is not what the patch produced (edited since, by hand or by a command).
#[cfg(test)]
pub(crate) fn plan_revert(
    file: &ReviewFile,
    before: Option<&str>,
    now: Option<&str>,
) -> Result<Option<FileRestore>, Refusal> {
    let plan = plan_kept(file, before)?;
    match &plan {
        Some(restore) if restore.expected != now.map(|t| blob_id(t.as_bytes())) => Err(Refusal {
            path: file.path.clone(),
            reason: CHANGED.into(),
        }),
        _ => Ok(plan),
    }
}

/// Why a file's reverts were refused when it is no longer what the patch produced.
#[cfg(test)]
pub(crate) const CHANGED: &str =
    "changed since the patch wrote it (by hand or by a command): left alone";
