//! Reads `git diff HEAD` for the diff view: bounded in time and size, never blocking the loop,
//! and with errors a person can act on.

use crate::app::GitDiffOutput;
use std::process::{ExitStatus, Stdio};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::process::Command;

/// A repository so large that `git diff` takes longer is not worth waiting for in a pager.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// Output beyond this is not read: the view shows the start and says it was cut.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;
const MAX_STDERR: usize = 64 * 1024;

/// `git diff HEAD` in `cwd` (plain `git diff` in a repository without commits yet).
pub async fn read_git_diff(git: &str, cwd: &str) -> Result<GitDiffOutput, String> {
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
            return Ok(GitDiffOutput {
                text: String::from_utf8_lossy(&run.stdout).into_owned(),
                truncated: run.truncated,
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

struct Run {
    status: ExitStatus,
    stdout: Vec<u8>,
    truncated: bool,
    stderr: String,
}

async fn run(git: &str, cwd: &str, args: &[&str]) -> Result<Run, String> {
    let mut command = Command::new(git);
    command
        // Paths as they are (not octal-escaped); no pager, colours, external diff tools or
        // text conversion filters: plain text for tern's own parser.
        .args(["-c", "core.quotepath=off", "--no-pager", "diff"])
        .args(["--no-color", "--no-ext-diff", "--no-textconv"])
        .args(args)
        .current_dir(cwd)
        // Reading must never take the index lock from the agent's own git commands.
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command.spawn().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound if !std::path::Path::new(cwd).is_dir() => {
            format!("The working directory {cwd} does not exist.")
        }
        std::io::ErrorKind::NotFound => {
            "git is not installed (or not on PATH): tern needs it to show `git diff`.".to_string()
        }
        _ => format!("Could not run git in {cwd}: {e}"),
    })?;
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let ((out, truncated), (err, _)) = tokio::join!(
        read_capped(stdout, MAX_BYTES),
        read_capped(stderr, MAX_STDERR)
    );
    if truncated {
        // Dropping the child kills it; the start of the output is enough.
        return Ok(Run {
            status: ExitStatus::default(),
            stdout: out,
            truncated,
            stderr: String::new(),
        });
    }
    let status = child
        .wait()
        .await
        .map_err(|e| format!("git did not finish: {e}"))?;
    Ok(Run {
        status,
        stdout: out,
        truncated: false,
        stderr: String::from_utf8_lossy(&err).into_owned(),
    })
}

/// Reads up to `cap` bytes; says whether there was more.
async fn read_capped(mut reader: impl AsyncRead + Unpin, cap: usize) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match reader.read(&mut chunk).await {
            Ok(0) | Err(_) => return (out, false),
            Ok(n) => {
                if out.len() + n > cap {
                    out.extend_from_slice(&chunk[..cap - out.len()]);
                    return (out, true);
                }
                out.extend_from_slice(&chunk[..n]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &std::path::Path, args: &[&str]) -> bool {
        std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .is_ok_and(|o| o.status.success())
    }

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
        assert!(!diff.truncated);

        let err = read_git_diff("no-such-git-binary", cwd).await.unwrap_err();
        assert!(err.contains("git is not installed"), "{err}");
    }
}
