//! The one way tern starts git to read a repository (`git diff` for `/diff`, refs and commits
//! for `/review`): never taking the index lock from the agent's own git commands, reading no
//! input, killed with its handle. And, for their tests, git in a throwaway repository.

use std::process::Stdio;
use tokio::process::Command;

/// `git` in `cwd`, ready for its arguments.
pub(crate) fn reading_git(git: &str, cwd: &str) -> Command {
    let mut command = Command::new(git);
    command
        .current_dir(cwd)
        // Reading must never take the index lock from the agent's own git commands.
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .kill_on_drop(true);
    command
}

/// Runs git in a test's repository `dir` with no global or system config (and a name to
/// commit under); whether it succeeded.
#[cfg(test)]
pub(crate) fn test_git(dir: &std::path::Path, args: &[&str]) -> bool {
    std::process::Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .is_ok_and(|o| o.status.success())
}
