//! A file change of the transcript as a real unified diff for `/export`: the server gives an
//! added file's content and a deleted file's old content bare (no `+`/`-` marks, no hunk
//! header), and an update's hunks without the `---`/`+++` lines. A reader, `git apply` or a
//! diff viewer needs all of it.

use crate::protocol::{FileUpdateChange, PatchChangeKind};

/// `change` as a unified diff with `a/`/`b/` headers, paths relative to `cwd` when inside it.
pub(crate) fn unified_diff(change: &FileUpdateChange, cwd: Option<&str>) -> String {
    let path = relative(&change.path, cwd);
    match &change.kind {
        PatchChangeKind::Add => whole("", &change.diff, "/dev/null", &format!("b/{path}")),
        PatchChangeKind::Delete => whole(&change.diff, "", &format!("a/{path}"), "/dev/null"),
        PatchChangeKind::Update { move_path } => {
            let hunks = match change.diff.rfind("\n\nMoved to: ") {
                Some(i) => &change.diff[..i],
                None => change.diff.as_str(),
            };
            let to = move_path
                .as_deref()
                .map_or(path.clone(), |to| relative(to, cwd));
            let mut out = String::new();
            if !hunks.starts_with("--- ") {
                out.push_str(&format!("--- a/{path}\n+++ b/{to}\n"));
            }
            out.push_str(hunks);
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out
        }
    }
}

fn whole(old: &str, new: &str, a: &str, b: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(a, b)
        .to_string()
}

fn relative(path: &str, cwd: Option<&str>) -> String {
    let cwd = cwd.map(|c| c.trim_end_matches('/')).unwrap_or("");
    match path.strip_prefix(cwd).and_then(|r| r.strip_prefix('/')) {
        Some(rest) if !cwd.is_empty() && !rest.is_empty() => rest.to_string(),
        _ => path.trim_start_matches('/').to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &str, kind: PatchChangeKind, diff: &str) -> FileUpdateChange {
        FileUpdateChange {
            path: path.into(),
            kind,
            diff: diff.into(),
        }
    }

    #[test]
    fn added_deleted_and_updated_files_are_whole_unified_diffs() {
        let cwd = Some("/ws");
        let added = unified_diff(
            &change(
                "/ws/src/new.rs",
                PatchChangeKind::Add,
                "fn a() {}\nfn b() {}\n",
            ),
            cwd,
        );
        assert_eq!(
            added,
            "--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+fn a() {}\n+fn b() {}\n"
        );
        let deleted = unified_diff(&change("/ws/old.txt", PatchChangeKind::Delete, "x\n"), cwd);
        assert_eq!(deleted, "--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n");
        let updated = unified_diff(
            &change(
                "/ws/a.txt",
                PatchChangeKind::Update { move_path: None },
                "@@ -1 +1 @@\n-one\n+two\n",
            ),
            cwd,
        );
        assert_eq!(
            updated,
            "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n"
        );
    }
}
