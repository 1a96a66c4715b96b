//! `/daemon`'s child: `codex app-server daemon <subcommand>`, run with no input and a deadline.
//! What it prints is kept (bounded) as it comes, so a child that fills its pipe never stalls,
//! and a daemon started by it that keeps the pipe open never holds the answer back: once the
//! command itself has exited, its output is taken as it is after a short grace. Past the
//! deadline the child is killed and the person told so — `/daemon` never hangs.

use crate::app::AppEvent;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::sync::mpsc::UnboundedSender;

/// How long each subcommand may take (a start waits for the daemon to answer).
fn deadline(subcommand: &str) -> Duration {
    match subcommand {
        "version" => Duration::from_secs(15),
        _ => Duration::from_secs(60),
    }
}

/// The most output kept of each stream.
const MAX_OUTPUT: usize = 64 * 1024;
/// How long the output may still come once the command has exited.
const GRACE: Duration = Duration::from_millis(500);

/// Runs it off the loop; the outcome comes back as `AppEvent::DaemonRan`.
pub(crate) fn run(binary: String, subcommand: String, responses: UnboundedSender<AppEvent>) {
    tokio::spawn(async move {
        let result = run_bounded(&binary, &subcommand, deadline(&subcommand)).await;
        let _ = responses.send(AppEvent::DaemonRan { subcommand, result });
    });
}

/// What it printed (stdout, then stderr) if it succeeded; else its exit and what it printed,
/// or why it did not run or finish.
pub(crate) async fn run_bounded(
    binary: &str,
    subcommand: &str,
    limit: Duration,
) -> Result<String, String> {
    let mut child = tokio::process::Command::new(binary)
        .args(["app-server", "daemon", subcommand])
        // A person's RUST_BACKTRACE would turn codex's one-line "not running" into a screen
        // of `<unknown>` frames in the box.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("could not run {binary}: {e}"))?;
    let out = Arc::new(Mutex::new(Vec::new()));
    let err = Arc::new(Mutex::new(Vec::new()));
    let readers = [
        child.stdout.take().map(|s| keep(s, out.clone())),
        child.stderr.take().map(|s| keep(s, err.clone())),
    ];
    let status = match tokio::time::timeout(limit, child.wait()).await {
        Ok(Ok(status)) => status,
        Ok(Err(e)) => return Err(format!("could not wait for it: {e}")),
        Err(_) => {
            let _ = child.kill().await;
            return Err(format!(
                "it did not finish within {} s and was stopped",
                limit.as_secs()
            ));
        }
    };
    for mut reader in readers.into_iter().flatten() {
        // Past the grace, a daemon it started holds the pipe: what came is enough, and the
        // reader stops rather than reading that pipe for as long as the daemon lives.
        if tokio::time::timeout(GRACE, &mut reader).await.is_err() {
            reader.abort();
        }
    }
    let text = |buf: &Arc<Mutex<Vec<u8>>>| {
        let bytes = buf.lock().map(|b| b.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let mut output = text(&out);
    let stderr = text(&err);
    if !stderr.trim().is_empty() {
        if !output.is_empty() && !output.ends_with('\n') {
            output.push('\n');
        }
        output.push_str(&stderr);
    }
    if status.success() {
        Ok(output)
    } else {
        Err(format!("it failed ({status}):\n{output}"))
    }
}

/// Reads `stream` into `into`, keeping the first [`MAX_OUTPUT`] bytes and draining the rest.
fn keep(
    mut stream: impl AsyncRead + Unpin + Send + 'static,
    into: Arc<Mutex<Vec<u8>>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut chunk = [0u8; 4096];
        while let Ok(n) = stream.read(&mut chunk).await {
            if n == 0 {
                break;
            }
            if let Ok(mut kept) = into.lock() {
                let room = MAX_OUTPUT.saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..n.min(room)]);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A stand-in for codex: a shell script that runs `body` with the subcommand as `$3`.
    fn fake_codex(dir: &std::path::Path, body: &str) -> String {
        let path = dir.join("codex");
        let mut file = std::fs::File::create(&path).unwrap();
        writeln!(file, "#!/bin/sh\n{body}").unwrap();
        drop(file);
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }

    #[tokio::test]
    async fn its_output_comes_back_with_the_subcommand_passed() {
        let dir = tempfile::tempdir().unwrap();
        let bin = fake_codex(dir.path(), "echo \"$1 $2 $3\"; echo warn >&2");
        let out = run_bounded(&bin, "version", Duration::from_secs(10)).await;
        assert_eq!(out, Ok("app-server daemon version\nwarn\n".to_string()));
    }

    #[tokio::test]
    async fn a_failure_says_its_exit_and_what_it_printed() {
        let dir = tempfile::tempdir().unwrap();
        let bin = fake_codex(dir.path(), "echo 'Error: failed to connect' >&2; exit 1");
        let out = run_bounded(&bin, "version", Duration::from_secs(10)).await;
        let err = out.unwrap_err();
        assert!(err.contains("exit status: 1"), "{err}");
        assert!(err.contains("Error: failed to connect"), "{err}");
    }

    #[tokio::test]
    async fn a_command_that_hangs_is_stopped_at_its_deadline() {
        let dir = tempfile::tempdir().unwrap();
        let bin = fake_codex(dir.path(), "exec sleep 30");
        let started = std::time::Instant::now();
        let out = run_bounded(&bin, "start", Duration::from_millis(300)).await;
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(out.unwrap_err().contains("did not finish"));
    }

    #[tokio::test]
    async fn a_daemon_left_holding_the_pipe_does_not_hold_the_answer() {
        let dir = tempfile::tempdir().unwrap();
        // The command exits at once; what it started keeps stdout open for 30 s.
        let bin = fake_codex(dir.path(), "echo started; (sleep 30 &) ; exit 0");
        let started = std::time::Instant::now();
        let out = run_bounded(&bin, "start", Duration::from_secs(10)).await;
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(out, Ok("started\n".to_string()));
    }

    #[tokio::test]
    async fn a_missing_binary_is_said() {
        let out = run_bounded("/nonexistent/codex", "version", Duration::from_secs(1)).await;
        assert!(out
            .unwrap_err()
            .starts_with("could not run /nonexistent/codex"));
    }
}
