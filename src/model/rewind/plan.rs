//! Working out what putting files back would do: for each file the dropped turns patched, the
//! content before the first of them, found by undoing their patches newest first, each checked
//! against the blob ids the turn diff names. Refused per file, with the reason, where the file
//! today is not what the last turn left, where a patch does not undo exactly, where the path is
//! outside the session's folder (the one the person chose), and for binary files and renames.

use super::blob::{blob_id, is_absent, matches};
use super::patch::{parse, unapply, FilePatch};
use super::{FileRestore, Refusal, RestoreAction, TurnRecord};
use std::collections::BTreeMap;

/// How a file is read: its text, `None` when it does not exist, or why it cannot be read.
pub(crate) type Read<'a> = dyn Fn(&str) -> Result<Option<Vec<u8>>, String> + 'a;

/// The files to put back and the ones refused, for the `records` of the dropped turns (oldest
/// first), never outside `cwd`.
pub(crate) fn plan_restore(
    records: &[TurnRecord],
    cwd: &str,
    read: &Read<'_>,
) -> (Vec<FileRestore>, Vec<Refusal>) {
    // Per absolute path, the patches in turn order.
    let mut by_path: BTreeMap<String, Vec<FilePatch>> = BTreeMap::new();
    let mut refused = Vec::new();
    for record in records {
        let files = match parse(&record.diff) {
            Ok(files) => files,
            Err(e) => {
                refused.push(Refusal {
                    path: format!("(turn {})", record.turn_id),
                    reason: format!("its diff is unreadable: {e}"),
                });
                continue;
            }
        };
        for file in files {
            let Some(relative) = file.path() else {
                continue;
            };
            let path = resolve(relative, record, cwd);
            by_path.entry(path).or_default().push(file);
        }
    }
    let mut restores = Vec::new();
    for (path, patches) in by_path {
        match restore_one(&path, &patches, cwd, read) {
            Ok(Some(restore)) => restores.push(restore),
            Ok(None) => {}
            Err(reason) => refused.push(Refusal { path, reason }),
        }
    }
    (restores, refused)
}

/// The absolute path of a diff's relative one: the `fileChange` path it ends, else under the
/// cwd the turn ran in.
fn resolve(relative: &str, record: &TurnRecord, cwd: &str) -> String {
    let base = if record.cwd.is_empty() {
        cwd
    } else {
        &record.cwd
    };
    resolve_diff_path(relative, &record.paths, base)
}

/// The absolute path of a turn diff's relative one. codex writes those relative to the git
/// root above the turn's cwd (its turn diff tracker's display root), not to the cwd itself,
/// so the turn's own `fileChange` paths (absolute) that end with it name the file exactly;
/// only with none is the path taken under `cwd`. An absolute one (outside the root) stays.
pub(crate) fn resolve_diff_path(relative: &str, patch_paths: &[String], cwd: &str) -> String {
    if relative.starts_with('/') {
        return relative.to_string();
    }
    let suffix = format!("/{relative}");
    if let Some(found) = patch_paths.iter().find(|p| p.ends_with(&suffix)) {
        return found.clone();
    }
    format!("{}/{relative}", cwd.trim_end_matches('/'))
}

/// Whether `path` lies inside `dir`, judged on the path's own components (no `..`, nothing
/// relative): the runtime also refuses to follow a symlink out.
pub fn within(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    !dir.is_empty()
        && path.starts_with('/')
        && path
            .strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/') && rest.len() > 1)
        && !path
            .split('/')
            .any(|part| part == ".." || part == "." || part.contains('\0'))
}

fn restore_one(
    path: &str,
    patches: &[FilePatch],
    cwd: &str,
    read: &Read<'_>,
) -> Result<Option<FileRestore>, String> {
    if !within(path, cwd) {
        return Err("outside the session's folder: tern does not touch it".into());
    }
    if patches.iter().any(|p| p.binary) {
        return Err("binary, or only its mode changed: put it back by hand".into());
    }
    if patches.iter().any(FilePatch::renamed) {
        return Err("renamed by the turn: put it back by hand".into());
    }
    let today = match read(path)? {
        None => None,
        Some(bytes) => Some(String::from_utf8(bytes).map_err(|_| "not text".to_string())?),
    };
    let mut content = today.clone();
    for patch in patches.iter().rev() {
        let (Some(old_id), Some(new_id)) = (&patch.old_id, &patch.new_id) else {
            return Err("its diff names no blob ids to check it against".into());
        };
        let left = if is_absent(new_id) {
            content.is_none()
        } else {
            content
                .as_deref()
                .is_some_and(|c| matches(new_id, &blob_id(c.as_bytes())))
        };
        if !left {
            return Err(if content.is_none() {
                "deleted since the turn changed it".into()
            } else {
                "changed since the turn left it (by hand or by a command)".into()
            });
        }
        content = if is_absent(old_id) {
            None
        } else {
            let before = unapply(content.as_deref().unwrap_or(""), &patch.hunks)?;
            if !matches(old_id, &blob_id(before.as_bytes())) {
                return Err(
                    "undoing the turn's patch does not give back its earlier content".into(),
                );
            }
            Some(before)
        };
    }
    if content == today {
        return Ok(None);
    }
    let preview = preview(path, today.as_deref(), content.as_deref());
    Ok(Some(FileRestore {
        path: path.to_string(),
        expected: today.as_deref().map(|t| blob_id(t.as_bytes())),
        action: match content {
            Some(text) => RestoreAction::Write(text),
            None => RestoreAction::Delete,
        },
        preview,
    }))
}

/// The change putting a file back makes, as a git-style unified diff.
pub(crate) fn preview(path: &str, today: Option<&str>, restored: Option<&str>) -> String {
    let diff = similar::TextDiff::from_lines(today.unwrap_or(""), restored.unwrap_or(""));
    let old = if today.is_some() { path } else { "/dev/null" };
    let new = if restored.is_some() {
        path
    } else {
        "/dev/null"
    };
    diff.unified_diff()
        .context_radius(3)
        .header(old, new)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn record(turn: &str, diff: &str) -> TurnRecord {
        TurnRecord {
            thread_id: "t".into(),
            turn_id: turn.into(),
            cwd: "/w".into(),
            diff: diff.into(),
            paths: vec![],
        }
    }

    /// A turn diff for `path` going from `before` to `after` (`None`: absent), as codex writes it.
    fn diff(path: &str, before: Option<&str>, after: Option<&str>) -> String {
        let id = |c: Option<&str>| c.map_or("0".repeat(40), |c| blob_id(c.as_bytes()));
        let body = similar::TextDiff::from_lines(before.unwrap_or(""), after.unwrap_or(""))
            .unified_diff()
            .header("x", "y")
            .to_string();
        let hunks = body.split_once("+++ y\n").map_or("", |(_, h)| h);
        let old = if before.is_some() {
            format!("a/{path}")
        } else {
            "/dev/null".into()
        };
        let new = if after.is_some() {
            format!("b/{path}")
        } else {
            "/dev/null".into()
        };
        format!(
            "diff --git a/{path} b/{path}\nindex {}..{}\n--- {old}\n+++ {new}\n{hunks}",
            id(before),
            id(after)
        )
    }

    fn reader<'a>(
        files: &'a HashMap<&'a str, &'a str>,
    ) -> impl Fn(&str) -> Result<Option<Vec<u8>>, String> + 'a {
        move |path| Ok(files.get(path).map(|t| t.as_bytes().to_vec()))
    }

    #[test]
    fn two_turns_are_undone_newest_first() {
        let turns = [
            record("1", &diff("notes.txt", None, Some("one\ntwo\n"))),
            record(
                "2",
                &diff("notes.txt", Some("one\ntwo\n"), Some("one\nTWO\n")),
            ),
        ];
        let files = HashMap::from([("/w/notes.txt", "one\nTWO\n")]);
        let (restores, refused) = plan_restore(&turns, "/w", &reader(&files));
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(restores.len(), 1);
        assert_eq!(
            restores[0].action,
            RestoreAction::Delete,
            "turn 1 created it"
        );
        let (restores, _) = plan_restore(&turns[1..], "/w", &reader(&files));
        assert_eq!(
            restores[0].action,
            RestoreAction::Write("one\ntwo\n".into())
        );
        assert!(
            restores[0].preview.contains("-TWO"),
            "{}",
            restores[0].preview
        );
    }

    #[test]
    fn a_file_edited_since_is_refused_and_others_still_restored() {
        let turns = [record(
            "1",
            &format!(
                "{}{}",
                diff("a.txt", Some("a\n"), Some("A\n")),
                diff("b.txt", Some("b\n"), Some("B\n"))
            ),
        )];
        let files = HashMap::from([("/w/a.txt", "A by hand\n"), ("/w/b.txt", "B\n")]);
        let (restores, refused) = plan_restore(&turns, "/w", &reader(&files));
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].path, "/w/a.txt");
        assert!(refused[0].reason.contains("changed since"), "{refused:?}");
        assert_eq!(restores[0].path, "/w/b.txt");
        assert_eq!(restores[0].expected, Some(blob_id(b"B\n")));
    }

    #[test]
    fn paths_outside_the_directory_are_never_touched() {
        let turns = [record(
            "1",
            &diff("../escape.txt", Some("x\n"), Some("y\n")),
        )];
        let files = HashMap::from([("/w/../escape.txt", "y\n")]);
        let (restores, refused) = plan_restore(&turns, "/w", &reader(&files));
        assert!(restores.is_empty());
        assert!(refused[0].reason.contains("outside"));
        assert!(within("/w/a/b", "/w"));
        assert!(!within("/wx/a", "/w"));
        assert!(!within("/w", "/w"));
        assert!(!within("/w/a/../../etc", "/w"));
    }

    #[test]
    fn relative_paths_resolve_to_the_patch_paths_the_turn_named() {
        let mut turn = record("1", &diff("src/lib.rs", Some("a\n"), Some("b\n")));
        turn.cwd = "/w/sub".into();
        turn.paths = vec!["/w/src/lib.rs".into()];
        let files = HashMap::from([("/w/src/lib.rs", "b\n")]);
        let (restores, refused) = plan_restore(&[turn], "/w", &reader(&files));
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(restores[0].path, "/w/src/lib.rs");
    }
}
