//! git run for reading, with nothing of the repository's own run (hooks, filters, fsmonitor,
//! external diff programs off) and its output read up to a cap: the one runner `/diff`'s
//! tracked changes (`git.rs`), its untracked files (`git_untracked.rs`) and `/worktree`'s
//! checkouts (`git_worktree.rs`) share. Each caller names what git is for, and a refusal says
//! so in those words.

use super::git_command::reading_git;
use std::process::{ExitStatus, Stdio};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt};

/// Output beyond this is not read: the view shows the start and says it was cut.
pub(crate) const MAX_BYTES: usize = 8 * 1024 * 1024;
const MAX_STDERR: usize = 64 * 1024;

/// What one git run gave: its status, its output up to the cap, and whether there was more.
pub(super) struct Run {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub truncated: bool,
    pub stderr: String,
}

/// The empty tree: attributes read from it are none at all.
const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/// Settings that let a repository's own config run a program during a read, each turned off
/// for tern's call: the file-system monitor hook, hooks (`post-index-change`), an external
/// diff program. (The pager, external diff drivers and text conversion are off by flag;
/// clean/smudge filters and diff drivers come from attributes, read from the empty tree.)
const NOTHING_RUNS: &[&str] = &[
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.untrackedCache=false",
    "diff.external=",
    "core.quotepath=off",
];

/// The repository's configured filters (`filter.<name>.clean`, `.smudge`, `.process`), each
/// to be emptied for the call: belt and braces for a git too old to read attributes from a
/// tree (`GIT_ATTR_SOURCE`, git 2.42). Reading config runs nothing.
async fn configured_filters(git: &str, cwd: &str) -> Vec<String> {
    let output = reading_git(git, cwd)
        .args([
            "config",
            "--null",
            "--name-only",
            "--get-regexp",
            r"^filter\..*\.(clean|smudge|process)$",
        ])
        .stderr(Stdio::null())
        .output();
    match tokio::time::timeout(Duration::from_secs(2), output).await {
        Ok(Ok(out)) => String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|name| !name.is_empty() && !name.contains('='))
            .map(|name| format!("{name}="))
            .collect(),
        _ => Vec::new(),
    }
}

/// What git is run for, as the end of "tern needs it to …" (e.g. "show `git diff`").
#[derive(Debug, Clone, Copy)]
pub(super) struct Purpose(pub &'static str);

/// What `/diff` (tracked changes and untracked files) runs git for.
pub(super) const FOR_DIFF: Purpose = Purpose("show `git diff`");

/// `git <args>` in `cwd` with nothing of the repository's own run (see `NOTHING_RUNS`), its
/// output read up to `cap` bytes; a git that cannot run is explained for `purpose`.
pub(super) async fn run_git(
    git: &str,
    cwd: &str,
    args: &[&str],
    cap: usize,
    purpose: Purpose,
) -> Result<Run, String> {
    let mut command = reading_git(git, cwd);
    for setting in NOTHING_RUNS
        .iter()
        .map(|s| s.to_string())
        .chain(configured_filters(git, cwd).await)
    {
        command.args(["-c", &setting]);
    }
    command
        .arg("--no-pager")
        .args(args)
        .env("GIT_ATTR_SOURCE", EMPTY_TREE)
        .env_remove("GIT_EXTERNAL_DIFF")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound if !std::path::Path::new(cwd).is_dir() => {
            format!("The working directory {cwd} does not exist.")
        }
        std::io::ErrorKind::NotFound => format!(
            "git is not installed (or not on PATH): tern needs it to {}.",
            purpose.0
        ),
        _ => format!("Could not run git in {cwd}: {e}"),
    })?;
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let ((out, truncated), (err, _)) =
        tokio::join!(read_capped(stdout, cap), read_capped(stderr, MAX_STDERR));
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
