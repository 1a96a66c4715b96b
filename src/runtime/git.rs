//! Reads `git diff HEAD` for the diff view, with the untracked files git does not ignore shown
//! as added ones (`git_untracked.rs`): bounded in time and size, never blocking the loop, and
//! with errors a person can act on.

use super::git_run::{run_git, Run, FOR_DIFF};
use crate::app::GitDiffOutput;
use std::time::Duration;

/// A repository so large that `git diff` takes longer is not worth waiting for in a pager.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(10);
pub(crate) use super::git_run::MAX_BYTES;

/// `git diff HEAD` in `cwd` (plain `git diff` in a repository without commits yet).
pub(crate) async fn read_git_diff(git: &str, cwd: &str) -> Result<GitDiffOutput, String> {
    let work = async {
        let first = run(git, cwd, &["HEAD", "--"]).await?;
        let run = if !first.status.success()
            && !first.truncated
            && first.stderr.contains("HEAD")
            && !not_a_repository(&first.stderr)
        {
            // No commit yet: there is no HEAD to compare with.
            run(git, cwd, &["--"]).await?
        } else {
            first
        };
        if run.status.success() || run.truncated {
            let mut text = String::from_utf8_lossy(&run.stdout).into_owned();
            let mut truncated = run.truncated;
            if !truncated {
                let room = MAX_BYTES.saturating_sub(text.len());
                let untracked = super::git_untracked::untracked_as_added(git, cwd, room).await;
                text.push_str(&untracked.text);
                truncated = untracked.truncated;
            }
            let root = super::git_top::top_folder(git, cwd, FOR_DIFF).await.ok();
            return Ok(GitDiffOutput {
                text,
                truncated,
                root,
            });
        }
        if not_a_repository(&run.stderr) {
            return Err(format!(
                "{cwd} is not in a git repository, and no turn has changed a file yet: \
                 there is no diff to show."
            ));
        }
        Err(format!("git diff failed: {}", run.stderr.trim()))
    };
    match tokio::time::timeout(TIMEOUT, work).await {
        Ok(result) => result,
        Err(_) => Err(format!(
            "git diff took longer than {} s in {cwd}; gave up.",
            TIMEOUT.as_secs()
        )),
    }
}

/// git says so in different words and cases depending on the command and version.
fn not_a_repository(stderr: &str) -> bool {
    stderr.to_lowercase().contains("not a git repository")
}

async fn run(git: &str, cwd: &str, args: &[&str]) -> Result<Run, String> {
    // Paths as they are (not octal-escaped); no pager, colours, external diff tools, text
    // conversion or submodules (whose own config would apply): plain text for tern's own
    // parser, and nothing of the repository's run.
    let mut all = vec![
        "diff",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        "--ignore-submodules=all",
        // Paths from the top folder even if `diff.relative` is set: the review resolves them.
        "--no-relative",
    ];
    all.extend_from_slice(args);
    run_git(git, cwd, &all, MAX_BYTES, FOR_DIFF).await
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::runtime::git_command::test_git as git;

    #[tokio::test]
    async fn a_repository_shows_its_changes_and_other_places_say_why_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path();
        let cwd = path.to_str().unwrap();
        if !git(path, &["init", "-q"]) {
            eprintln!("skipping: git is not available");
            return;
        }
        let outside = tempfile::tempdir().unwrap();
        let err = read_git_diff("git", outside.path().to_str().unwrap())
            .await
            .unwrap_err();
        assert!(err.contains("not in a git repository"), "{err}");

        std::fs::write(path.join("a.txt"), "one\n").unwrap();
        git(path, &["add", "a.txt"]);
        let staged = read_git_diff("git", cwd).await.unwrap();
        assert!(
            staged.text.is_empty(),
            "no HEAD yet: `git diff` shows unstaged only"
        );

        let committed = git(
            path,
            &[
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "first",
            ],
        );
        assert!(committed);
        std::fs::write(path.join("a.txt"), "two\n").unwrap();
        let diff = read_git_diff("git", cwd).await.unwrap();
        assert!(diff.text.contains("-one\n+two"), "{}", diff.text);
        assert_eq!(diff.root.as_deref(), Some(cwd));
        std::fs::create_dir(path.join("sub")).unwrap();
        let below = read_git_diff("git", &format!("{cwd}/sub")).await.unwrap();
        assert_eq!(
            below.root.as_deref(),
            Some(cwd),
            "git's paths start at the top"
        );
        assert!(below.text.contains("a/a.txt"), "{}", below.text);
        assert!(!diff.truncated);

        let err = read_git_diff("no-such-git-binary", cwd).await.unwrap_err();
        assert!(err.contains("git is not installed"), "{err}");
    }

    /// A repository's config can name programs git runs on a read: the file-system monitor,
    /// a clean filter, hooks, an external diff. `/diff` must run none of them.
    #[tokio::test]
    async fn a_repository_config_runs_nothing_on_a_diff() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path();
        if !git(path, &["init", "-q"]) {
            eprintln!("skipping: git is not available");
            return;
        }
        let ran = tempfile::tempdir().unwrap();
        let marker = |name: &str| ran.path().join(name);
        let script = |name: &str| {
            let file = path.join(format!("{name}.sh"));
            std::fs::write(
                &file,
                format!("#!/bin/sh\ntouch '{}'\ncat\n", marker(name).display()),
            )
            .unwrap();
            std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o755))
                .unwrap();
            file.display().to_string()
        };
        std::fs::write(path.join("a.txt"), "one\n").unwrap();
        git(path, &["add", "a.txt"]);
        git(
            path,
            &[
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "a",
            ],
        );
        for (key, name) in [
            ("core.fsmonitor", "fsmonitor"),
            ("filter.evil.clean", "clean"),
            ("filter.evil.process", "process"),
            ("diff.external", "external"),
            ("diff.evil.command", "driver"),
            ("diff.evil.textconv", "textconv"),
            ("core.pager", "pager"),
        ] {
            let program = script(name);
            git(path, &["config", key, &program]);
        }
        std::fs::create_dir_all(path.join(".git/hooks")).unwrap();
        std::fs::copy(
            path.join("fsmonitor.sh"),
            path.join(".git/hooks/post-index-change"),
        )
        .unwrap();
        std::fs::write(path.join(".gitattributes"), "* filter=evil diff=evil\n").unwrap();
        std::fs::write(path.join("a.txt"), "two\n").unwrap();
        let diff = read_git_diff("git", path.to_str().unwrap()).await.unwrap();
        assert!(diff.text.contains("-one\n+two"), "{}", diff.text);
        let ran: Vec<String> = std::fs::read_dir(ran.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(ran.is_empty(), "the repository's config ran: {ran:?}");
    }
}
