//! The top folder of the repository around a folder, as that folder spells it: the one helper
//! `/diff` (its bounds for the review, its untracked files) and `/worktree` ask. `--show-cdup`
//! climbs from `cwd` rather than `--show-toplevel`'s resolved path, so a cwd reached through a
//! symbolic link keeps its spelling (the review's bounds and a worktree's subfolder compare
//! against it).

use super::git_run::{run_git, Purpose};

/// Why there is no top folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NoTop {
    /// `cwd` is not in a git repository.
    NotARepository,
    /// git could not run or could not read the repository: why, in words.
    Failed(String),
}

/// The top folder of the repository holding `cwd`, git run for `purpose`.
pub(super) async fn top_folder(git: &str, cwd: &str, purpose: Purpose) -> Result<String, NoTop> {
    let run = run_git(git, cwd, &["rev-parse", "--show-cdup"], 4096, purpose)
        .await
        .map_err(NoTop::Failed)?;
    if !run.status.success() {
        return Err(
            if run.stderr.to_lowercase().contains("not a git repository") {
                NoTop::NotARepository
            } else {
                NoTop::Failed(format!(
                    "git could not read the repository: {}",
                    run.stderr.trim()
                ))
            },
        );
    }
    let up = String::from_utf8(run.stdout).map_err(|_| {
        NoTop::Failed("git named the top folder in bytes that are not UTF-8".into())
    })?;
    climb(cwd, up.trim_end())
        .ok_or_else(|| NoTop::Failed(format!("git named an odd way up from {cwd}: {}", up.trim())))
}

/// `cwd` climbed by `up` (`../../`, or empty at the top itself).
fn climb(cwd: &str, up: &str) -> Option<String> {
    let mut root = cwd.trim_end_matches('/').to_string();
    for part in up.split('/').filter(|p| !p.is_empty()) {
        if part != ".." {
            return None;
        }
        root.truncate(root.rfind('/')?);
    }
    Some(if root.is_empty() { "/".into() } else { root })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::git_command::test_git;

    const FOR: Purpose = Purpose("test");

    #[test]
    fn climbing_keeps_the_spelling_and_refuses_odd_answers() {
        assert_eq!(climb("/a/b/c", "../../").as_deref(), Some("/a"));
        assert_eq!(climb("/a/b/", "").as_deref(), Some("/a/b"));
        assert_eq!(climb("/a", "../").as_deref(), Some("/"));
        assert_eq!(climb("/a/b", "x/"), None);
    }

    #[tokio::test]
    async fn a_subfolder_through_a_link_gives_the_top_as_spelled_and_a_plain_folder_none() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join("sub/deeper")).unwrap();
        if !test_git(&repo, &["init", "-q"]) {
            eprintln!("skipping: git is not available");
            return;
        }
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&repo, &link).unwrap();
        let below = format!("{}/sub/deeper", link.display());
        assert_eq!(
            top_folder("git", &below, FOR).await,
            Ok(link.display().to_string())
        );
        let plain = tempfile::tempdir().unwrap();
        assert_eq!(
            top_folder("git", &plain.path().to_string_lossy(), FOR).await,
            Err(NoTop::NotARepository)
        );
        let missing = top_folder("no-such-git", &below, Purpose("find the top")).await;
        assert!(
            matches!(&missing, Err(NoTop::Failed(why)) if why.contains("tern needs it to find the top")),
            "{missing:?}"
        );
    }
}
