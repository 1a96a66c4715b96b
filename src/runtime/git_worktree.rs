//! `/worktree`'s git: a new checkout of the session's repository in codex's worktree pool
//! (`CODEX_HOME/worktrees/<id>/<repo>`, as the official TUI makes them), detached at HEAD or on
//! a new branch the person named, and the list of the pool's checkouts. Run as `/diff` runs git
//! (`git_run`): hooks, filters, fsmonitor and external programs off, so making a checkout runs
//! nothing of the repository's own (no `post-checkout` hook, no smudge filter).

use super::git_run::{run_git, Purpose};
use super::git_top::{top_folder, NoTop};
use crate::session::event::ManagedWorktree;
use std::path::Path;

/// Output of the small commands here is short; more is not read.
const CAP: usize = 1024 * 1024;

/// What git is run for here, in its refusals.
const FOR_WORKTREE: Purpose = Purpose("make a worktree");
const FOR_LIST: Purpose = Purpose("list the worktrees");

/// A new checkout for the repository holding `cwd`: the folder the thread should work in (the
/// same subfolder of the new checkout as `cwd` is of its repository), or why not.
pub(crate) async fn create_worktree(
    git: &str,
    cwd: &str,
    codex_home: &str,
    branch: Option<&str>,
) -> Result<String, String> {
    let top = top_folder(git, cwd, FOR_WORKTREE)
        .await
        .map_err(|why| match why {
            NoTop::NotARepository => not_in_a_repo(cwd),
            NoTop::Failed(why) => why,
        })?;
    let name = Path::new(&top)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "repo".into());
    let pool = Path::new(codex_home).join("worktrees");
    let checkout = (0..16)
        .map(|attempt| pool.join(short_id(attempt)).join(&name))
        .find(|p| !p.parent().is_some_and(Path::exists))
        .ok_or("no free folder in the worktree pool")?;
    let target = checkout.to_string_lossy().into_owned();
    let mut args = vec!["worktree", "add"];
    match branch {
        Some(branch) => args.extend(["-b", branch]),
        None => args.push("--detach"),
    }
    args.extend([target.as_str(), "HEAD"]);
    let run = run_git(git, &top, &args, CAP, FOR_WORKTREE).await?;
    if !run.status.success() {
        return Err(format!("git worktree add failed: {}", run.stderr.trim()));
    }
    let within = Path::new(cwd).strip_prefix(&top).unwrap_or(Path::new(""));
    Ok(checkout.join(within).to_string_lossy().into_owned())
}

/// The checkouts of `cwd`'s repository that live in codex's worktree pool.
pub(crate) async fn list_worktrees(
    git: &str,
    cwd: &str,
    codex_home: &str,
) -> Result<Vec<ManagedWorktree>, String> {
    let run = run_git(
        git,
        cwd,
        &["worktree", "list", "--porcelain"],
        CAP,
        FOR_LIST,
    )
    .await?;
    if !run.status.success() {
        return Err(not_a_repo(cwd, &run.stderr));
    }
    let pool = Path::new(codex_home).join("worktrees");
    Ok(parse_list(&String::from_utf8_lossy(&run.stdout))
        .into_iter()
        .filter(|w| Path::new(&w.path).starts_with(&pool))
        .collect())
}

/// `git worktree list --porcelain`: records of `worktree`, `HEAD`, `branch` or `detached`
/// lines, a blank line between them.
pub(crate) fn parse_list(text: &str) -> Vec<ManagedWorktree> {
    let mut out = Vec::new();
    for record in text.split("\n\n") {
        let mut path = None;
        let mut head = String::new();
        let mut branch = None;
        for line in record.lines() {
            if let Some(p) = line.strip_prefix("worktree ") {
                path = Some(p.to_string());
            } else if let Some(h) = line.strip_prefix("HEAD ") {
                head = h.chars().take(7).collect();
            } else if let Some(b) = line.strip_prefix("branch ") {
                branch = Some(b.trim_start_matches("refs/heads/").to_string());
            }
        }
        if let Some(path) = path {
            out.push(ManagedWorktree { path, branch, head });
        }
    }
    out
}

fn not_in_a_repo(cwd: &str) -> String {
    format!("{cwd} is not in a git repository: a worktree needs one.")
}

fn not_a_repo(cwd: &str, stderr: &str) -> String {
    if stderr.contains("not a git repository") {
        not_in_a_repo(cwd)
    } else {
        format!("git could not read the repository: {}", stderr.trim())
    }
}

/// Four hex digits, different at each `attempt` (the official TUI's ids look the same).
fn short_id(attempt: u32) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mixed = (nanos ^ std::process::id().rotate_left(11)).wrapping_add(attempt * 0x9e37);
    format!("{:04x}", mixed & 0xffff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::git_command::test_git;

    #[test]
    fn porcelain_records_become_worktrees() {
        let text = "worktree /r\nHEAD 0123456789abcdef\nbranch refs/heads/main\n\n\
                    worktree /h/worktrees/ab12/r\nHEAD fedcba9876543210\ndetached\n";
        assert_eq!(
            parse_list(text),
            [
                ManagedWorktree {
                    path: "/r".into(),
                    branch: Some("main".into()),
                    head: "0123456".into()
                },
                ManagedWorktree {
                    path: "/h/worktrees/ab12/r".into(),
                    branch: None,
                    head: "fedcba9".into()
                }
            ]
        );
    }

    /// A repository whose hooks and filters would leave a mark if git ran them.
    fn hostile_repo(dir: &Path) {
        assert!(test_git(dir, &["init", "-q"]));
        std::fs::write(dir.join("a.txt"), "hello\n").unwrap();
        std::fs::write(dir.join(".gitattributes"), "* filter=evil\n").unwrap();
        assert!(test_git(dir, &["add", "."]));
        assert!(test_git(dir, &["commit", "-q", "-m", "one"]));
        let mark = dir.join("ran");
        let hook = dir.join(".git/hooks/post-checkout");
        std::fs::write(&hook, format!("#!/bin/sh\ntouch {}\n", mark.display())).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
        let smudge = format!("touch {}; cat", mark.display());
        assert!(test_git(dir, &["config", "filter.evil.smudge", &smudge]));
        assert!(test_git(
            dir,
            &[
                "config",
                "core.fsmonitor",
                &format!("touch {}", mark.display())
            ]
        ));
    }

    #[tokio::test]
    async fn a_detached_checkout_in_the_pool_runs_nothing_of_the_repository() {
        let repo = tempfile::tempdir().unwrap();
        let home = tempfile::tempdir().unwrap();
        hostile_repo(repo.path());
        std::fs::create_dir(repo.path().join("sub")).unwrap();
        let cwd = repo.path().join("sub");
        let home_path = home.path().to_string_lossy().into_owned();
        let made = create_worktree("git", &cwd.to_string_lossy(), &home_path, None)
            .await
            .unwrap();
        let made = Path::new(&made);
        // CODEX_HOME/worktrees/<id>/<repo>/sub, the id four hex digits.
        assert_eq!(made.file_name().unwrap(), "sub");
        let checkout = made.parent().unwrap();
        assert_eq!(checkout.file_name(), repo.path().file_name());
        let id = checkout.parent().unwrap();
        assert_eq!(id.parent().unwrap(), home.path().join("worktrees"));
        assert_eq!(id.file_name().unwrap().len(), 4);
        assert_eq!(
            std::fs::read_to_string(checkout.join("a.txt")).unwrap(),
            "hello\n"
        );
        assert!(!repo.path().join("ran").exists(), "a hook or filter ran");
        let listed = list_worktrees("git", &repo.path().to_string_lossy(), &home_path)
            .await
            .unwrap();
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert_eq!(listed[0].branch, None);
        assert!(Path::new(&listed[0].path).ends_with(checkout.strip_prefix(home.path()).unwrap()));
    }

    #[tokio::test]
    async fn a_named_branch_is_made_and_a_plain_folder_is_refused() {
        let repo = tempfile::tempdir().unwrap();
        let home = tempfile::tempdir().unwrap();
        hostile_repo(repo.path());
        let home_path = home.path().to_string_lossy().into_owned();
        create_worktree(
            "git",
            &repo.path().to_string_lossy(),
            &home_path,
            Some("feature-x"),
        )
        .await
        .unwrap();
        let listed = list_worktrees("git", &repo.path().to_string_lossy(), &home_path)
            .await
            .unwrap();
        assert_eq!(listed[0].branch.as_deref(), Some("feature-x"));
        let plain = tempfile::tempdir().unwrap();
        let refused = create_worktree("git", &plain.path().to_string_lossy(), &home_path, None)
            .await
            .unwrap_err();
        assert!(refused.contains("is not in a git repository"), "{refused}");
        let missing = create_worktree(
            "no-such-git-here",
            &plain.path().to_string_lossy(),
            &home_path,
            None,
        )
        .await
        .unwrap_err();
        assert!(missing.contains("git is not installed"), "{missing}");
        assert!(missing.contains("to make a worktree"), "{missing}");
    }

    /// A cwd reached through a symbolic link keeps its subfolder in the new checkout: the top
    /// folder is climbed to from the cwd as it is spelt (`git_top`), not git's resolved path.
    #[tokio::test]
    async fn a_subfolder_reached_through_a_link_is_the_same_subfolder_of_the_checkout() {
        let repo = tempfile::tempdir().unwrap();
        let home = tempfile::tempdir().unwrap();
        hostile_repo(repo.path());
        std::fs::create_dir(repo.path().join("sub")).unwrap();
        std::fs::write(repo.path().join("sub/b.txt"), "b\n").unwrap();
        assert!(test_git(repo.path(), &["add", "."]));
        assert!(test_git(repo.path(), &["commit", "-q", "-m", "two"]));
        let links = tempfile::tempdir().unwrap();
        let link = links.path().join("linked");
        std::os::unix::fs::symlink(repo.path(), &link).unwrap();
        let cwd = link.join("sub");
        let made = create_worktree(
            "git",
            &cwd.to_string_lossy(),
            &home.path().to_string_lossy(),
            None,
        )
        .await
        .unwrap();
        assert!(made.ends_with("/linked/sub"), "{made}");
        assert_eq!(
            std::fs::read_to_string(Path::new(&made).join("b.txt")).unwrap(),
            "b\n"
        );
    }
}
