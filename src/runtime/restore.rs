//! Putting files back for a rewind: the preview (what the kept turn records say each file goes
//! back to, checked against the files as they are) and the restore itself. Each file is written
//! atomically (a temporary file renamed over it, its mode kept) and only if it still holds what
//! the preview saw; never a path outside the session's folder, a symbolic link, or a path
//! whose folders lead out of it.

use crate::model::rewind::blob::blob_id;
use crate::model::rewind::{
    plan_restore, within, FileRestore, RestoreAction, RestoreOutcome, RestorePlan,
};
use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Files larger than this are not read (nor put back).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// What putting back the files of `turns` (oldest first) would do.
pub(crate) fn preview(store: &Path, thread_id: &str, turns: &[String], cwd: &str) -> RestorePlan {
    let (records, unrecorded) = super::turn_store::load(store, thread_id, turns);
    let read = |path: &str| read_checked(path, cwd);
    let (files, refused) = plan_restore(&records, cwd, &read);
    RestorePlan {
        files,
        refused,
        unrecorded,
        kept_per_thread: super::turn_store::KEPT_PER_THREAD,
    }
}

/// A file's bytes, `None` when it does not exist; an error for what tern will not touch.
fn read_checked(path: &str, cwd: &str) -> Result<Option<Vec<u8>>, String> {
    check_path(path, cwd)?;
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
        Ok(meta) if meta.file_type().is_symlink() => {
            Err("a symbolic link: tern does not follow it".into())
        }
        Ok(meta) if !meta.is_file() => Err("not a regular file".into()),
        Ok(meta) if meta.len() > MAX_FILE_BYTES => Err("too large".into()),
        // Opened as checked: without following a link, only a regular file, never waiting on
        // one swapped in since (a FIFO).
        Ok(_) => super::regular_file::read_capped(path, MAX_FILE_BYTES, true)
            .map(Some)
            .map_err(|e| e.to_string()),
    }
}

/// Inside `cwd` as written, and its nearest existing folder inside `cwd` once symbolic links
/// are resolved.
fn check_path(path: &str, cwd: &str) -> Result<(), String> {
    if !within(path, cwd) {
        return Err("outside the session's folder".into());
    }
    let root = fs::canonicalize(cwd).map_err(|e| format!("the session's folder: {e}"))?;
    let mut folder = Path::new(path).parent();
    while let Some(dir) = folder {
        match fs::canonicalize(dir) {
            Ok(real) if real.starts_with(&root) => return Ok(()),
            Ok(_) => return Err("its folder leads outside the session's folder".into()),
            Err(_) => folder = dir.parent(),
        }
    }
    Err("outside the session's folder".into())
}

/// The files a change will patch, as they are now (before it), for its review: each path's
/// text, `None` when absent, or why tern will not read it.
pub(crate) fn read_before(
    cwd: &str,
    paths: &[String],
) -> Vec<(String, Result<Option<String>, String>)> {
    paths
        .iter()
        .map(|path| {
            let text = read_checked(path, cwd).and_then(|bytes| {
                bytes
                    .map(|b| String::from_utf8(b).map_err(|_| "not text".to_string()))
                    .transpose()
            });
            (path.clone(), text)
        })
        .collect()
}

/// Puts `files` back, each on its own: one that changed since the preview is refused.
pub(crate) fn restore(cwd: &str, files: &[FileRestore]) -> Vec<RestoreOutcome> {
    files
        .iter()
        .map(|file| RestoreOutcome {
            path: file.path.clone(),
            result: restore_one(cwd, file),
        })
        .collect()
}

fn restore_one(cwd: &str, file: &FileRestore) -> Result<(), String> {
    let now = read_checked(&file.path, cwd)?;
    let now_id = now.as_deref().map(blob_id);
    if now_id != file.expected {
        return Err("it changed since the preview".into());
    }
    let path = Path::new(&file.path);
    match &file.action {
        RestoreAction::Delete => fs::remove_file(path).map_err(|e| e.to_string()),
        RestoreAction::Write(text) => {
            let mode = fs::metadata(path)
                .map(|m| m.permissions().mode() & 0o7777)
                .unwrap_or(0o644);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(|e| e.to_string())?;
                check_path(&file.path, cwd)?;
            }
            super::atomic_file::write_atomic(path, text.as_bytes(), mode).map_err(|e| e.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rewind::TurnRecord;

    #[test]
    fn a_file_changed_after_the_preview_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let cwd = dir.path().canonicalize().unwrap();
        let cwd = cwd.to_str().unwrap();
        let path = format!("{cwd}/a.txt");
        fs::write(&path, "after\n").unwrap();
        let restore = FileRestore {
            path: path.clone(),
            action: RestoreAction::Write("before\n".into()),
            expected: Some(blob_id(b"after\n")),
            preview: String::new(),
        };
        fs::write(&path, "edited meanwhile\n").unwrap();
        let outcome = restore_one(cwd, &restore);
        assert!(outcome.unwrap_err().contains("changed since"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "edited meanwhile\n");
        fs::write(&path, "after\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        restore_one(cwd, &restore).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "before\n");
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "the file keeps its mode");
    }

    #[test]
    fn a_symlink_out_of_the_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let cwd = dir.path().canonicalize().unwrap();
        let cwd = cwd.to_str().unwrap();
        std::os::unix::fs::symlink(outside.path(), format!("{cwd}/link")).unwrap();
        fs::write(outside.path().join("x.txt"), "x\n").unwrap();
        let err = read_checked(&format!("{cwd}/link/x.txt"), cwd).unwrap_err();
        assert!(err.contains("outside"), "{err}");
    }

    #[test]
    fn the_preview_reads_kept_records_against_the_files() {
        let store = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let cwd = dir.path().canonicalize().unwrap();
        let cwd = cwd.to_str().unwrap().to_string();
        fs::write(format!("{cwd}/notes.txt"), "line one\nline two\n").unwrap();
        let diff = format!(
            "diff --git a/notes.txt b/notes.txt\nnew file mode 100644\nindex 0000000000000000000000000000000000000000..{}\n--- /dev/null\n+++ b/notes.txt\n@@ -0,0 +1,2 @@\n+line one\n+line two\n",
            blob_id(b"line one\nline two\n")
        );
        let record = TurnRecord {
            thread_id: "t".into(),
            turn_id: "u1".into(),
            cwd: cwd.clone(),
            diff,
            paths: vec![format!("{cwd}/notes.txt")],
        };
        super::super::turn_store::save(store.path(), &record).unwrap();
        let plan = preview(store.path(), "t", &["u1".into(), "u2".into()], &cwd);
        assert_eq!(plan.unrecorded, 1);
        assert_eq!(plan.files.len(), 1);
        assert_eq!(plan.files[0].action, RestoreAction::Delete);
        let outcomes = restore(&cwd, &plan.files);
        assert!(outcomes[0].result.is_ok(), "{outcomes:?}");
        assert!(!Path::new(&format!("{cwd}/notes.txt")).exists());
    }
}
