//! The branches and recent commits `/review` offers: `git for-each-ref` and `git log`, bounded in
//! time and size, never blocking the loop.

use super::git_command::reading_git;
use crate::session::event::{CommitRef, GitRefKind, GitRefs};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(10);
/// Commits listed, as the official TUI does.
pub(crate) const COMMITS: usize = 100;
/// Branches listed at most (a repository with thousands of branches still answers).
pub(crate) const BRANCHES: usize = 1_000;
const MAX_BYTES: usize = 1024 * 1024;

pub(crate) async fn read_git_refs(
    git: &str,
    cwd: &str,
    kind: GitRefKind,
) -> Result<GitRefs, String> {
    let work = async {
        match kind {
            GitRefKind::Branches => {
                let out = run(
                    git,
                    cwd,
                    &[
                        "for-each-ref",
                        "--sort=-committerdate",
                        "--format=%(refname:short)",
                        "refs/heads",
                    ],
                )
                .await?;
                let current = run(git, cwd, &["rev-parse", "--abbrev-ref", "HEAD"])
                    .await
                    .ok()
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty() && s != "HEAD");
                let branches = out
                    .lines()
                    .map(str::trim)
                    .filter(|b| !b.is_empty())
                    .take(BRANCHES)
                    .map(str::to_string)
                    .collect();
                Ok(GitRefs::Branches { current, branches })
            }
            GitRefKind::Commits => {
                let count = format!("-n{COMMITS}");
                let out = run(git, cwd, &["log", &count, "--format=%H%x09%s"]).await?;
                Ok(GitRefs::Commits(
                    out.lines()
                        .filter_map(|line| line.split_once('\t'))
                        .map(|(sha, subject)| CommitRef {
                            sha: sha.to_string(),
                            subject: subject.to_string(),
                        })
                        .collect(),
                ))
            }
        }
    };
    match tokio::time::timeout(TIMEOUT, work).await {
        Ok(result) => result,
        Err(_) => Err(format!(
            "git took longer than {} s; gave up.",
            TIMEOUT.as_secs()
        )),
    }
}

async fn run(git: &str, cwd: &str, args: &[&str]) -> Result<String, String> {
    let output = reading_git(git, cwd)
        .args(["-c", "core.quotepath=off", "--no-pager"])
        .args(args)
        .output()
        .await
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "git is not installed (or not on PATH).".to_string(),
            _ => format!("Could not run git in {cwd}: {e}"),
        })?;
    if !output.status.success() {
        let err = String::from_utf8_lossy(&output.stderr);
        if err.to_lowercase().contains("not a git repository") {
            return Err(format!("{cwd} is not in a git repository."));
        }
        // An empty repository has no HEAD and no commits: nothing to list, not an error.
        if err.contains("does not have any commits") || err.contains("unknown revision") {
            return Ok(String::new());
        }
        return Err(format!("git failed: {}", err.trim()));
    }
    let mut stdout = output.stdout;
    stdout.truncate(MAX_BYTES);
    Ok(String::from_utf8_lossy(&stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::runtime::git_command::test_git as git;

    #[tokio::test]
    async fn branches_and_commits_are_listed_with_subjects() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path();
        let cwd = path.to_str().unwrap();
        if !git(path, &["init", "-q", "-b", "main"]) {
            eprintln!("skipping: git is not available");
            return;
        }
        assert_eq!(
            read_git_refs("git", cwd, GitRefKind::Commits)
                .await
                .unwrap(),
            GitRefs::Commits(vec![])
        );
        std::fs::write(path.join("a"), "1").unwrap();
        git(path, &["add", "a"]);
        assert!(git(path, &["commit", "-qm", "first: the start"]));
        assert!(git(path, &["checkout", "-qb", "feature"]));
        let GitRefs::Branches { current, branches } =
            read_git_refs("git", cwd, GitRefKind::Branches)
                .await
                .unwrap()
        else {
            panic!("branches")
        };
        assert_eq!(current.as_deref(), Some("feature"));
        assert!(branches.contains(&"main".to_string()), "{branches:?}");
        let GitRefs::Commits(commits) = read_git_refs("git", cwd, GitRefKind::Commits)
            .await
            .unwrap()
        else {
            panic!("commits")
        };
        assert_eq!(commits.len(), 1);
        assert_eq!(commits[0].subject, "first: the start");
        assert_eq!(commits[0].sha.len(), 40);
        let outside = tempfile::tempdir().unwrap();
        let err = read_git_refs(
            "git",
            outside.path().to_str().unwrap(),
            GitRefKind::Branches,
        )
        .await
        .unwrap_err();
        assert!(err.contains("not in a git repository"), "{err}");
    }
}
