//! A child process whose stdio carries the protocol: `codex app-server` itself (JSON lines), or
//! `ssh` running it, or running `codex app-server proxy`, on another machine. Its stderr is
//! logged and its last lines kept, so the end of the link can say why (an exit status, codex's
//! last words, ssh's own "Permission denied" or "Host key verification failed").

use super::lines::{line_parts, Line, LineReader};
use super::paced_pipe::{PacedPipe, PACE};
use super::transport::{Ending, LinkEnd, Transport, TransportParts};
use futures::future::BoxFuture;
use futures::FutureExt;
use std::collections::VecDeque;
use std::path::Path;
#[cfg(test)]
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufRead, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::task::JoinHandle;

/// How many lines of the child's stderr are kept to explain a crash.
const STDERR_TAIL: usize = 20;

/// The longest stderr line kept; a longer one is skipped (and said so in the tail).
const STDERR_LINE_MAX: usize = 16 << 10;

/// Reads the child's stderr to its end, keeping the last lines to explain a crash. Bytes, not
/// text: an invalid byte is replaced and reading goes on (stopping would leave the tail stale
/// and, once the pipe filled, block the child or break its writes); a line is bounded, so one
/// without a line end costs nothing but the time to read it.
pub async fn keep_stderr(stderr: impl AsyncBufRead + Unpin, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut lines = LineReader::new(stderr, STDERR_LINE_MAX);
    while let Ok(Some(line)) = lines.next_line().await {
        let line = match line {
            Line::Text { text, .. } => {
                tracing::debug!(target: "codex_stderr", "{}", super::redact::redact(&text));
                text
            }
            Line::TooLong { bytes } => {
                tracing::warn!(
                    bytes,
                    "codex wrote a stderr line over {STDERR_LINE_MAX} bytes; skipped"
                );
                format!("[a stderr line of {bytes} bytes, skipped]")
            }
        };
        let mut tail = tail.lock().unwrap_or_else(|p| p.into_inner());
        if tail.len() == STDERR_TAIL {
            tail.pop_front();
        }
        tail.push_back(line);
    }
}

/// A running child with piped stdio, its stderr read into a tail of recent lines.
pub(crate) struct ChildProcess {
    child: Child,
    /// What it is, for the sentence that says it ended ("codex app-server", "ssh to host").
    what: String,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Ends when the child's stderr closes, i.e. once every line has been kept.
    stderr_done: Option<JoinHandle<()>>,
}

impl ChildProcess {
    /// Spawns `command` with piped stdio, in a process group of its own, killed when dropped.
    pub(crate) fn spawn(
        mut command: Command,
        what: impl Into<String>,
    ) -> std::io::Result<ChildProcess> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // A group of its own, so a restart can kill the whole of it: the npm `codex` is a
            // node wrapper whose native child holds the pipes (see `runtime::restart`).
            .process_group(0)
            .kill_on_drop(true);
        let mut child = command.spawn()?;
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = child
            .stderr
            .take()
            .map(|stderr| tokio::spawn(keep_stderr(BufReader::new(stderr), stderr_tail.clone())));
        Ok(ChildProcess {
            child,
            what: what.into(),
            stderr_tail,
            stderr_done,
        })
    }

    /// The process id (while it runs).
    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Its stdout and stdin, and a future that, once they have closed, waits (briefly) for the
    /// exit and says how it ended, with the last stderr lines.
    pub(crate) fn into_pipes(self) -> (ChildStdout, ChildStdin, BoxFuture<'static, String>) {
        let ChildProcess {
            mut child,
            what,
            stderr_tail,
            stderr_done,
        } = self;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take().expect("stdin is piped");
        let epitaph = async move {
            // stdout closing usually means the process is exiting; give it a moment to finish so
            // the exit status can be reported, then stop waiting and kill it.
            let status = match tokio::time::timeout(Duration::from_secs(2), child.wait()).await {
                Ok(Ok(status)) => status.to_string(),
                Ok(Err(e)) => format!("unknown status ({e})"),
                Err(_) => {
                    let _ = child.kill().await;
                    "closed its output and was killed".to_string()
                }
            };
            // Wait for the stderr reader to keep the last lines (a grandchild holding stderr open
            // must not hold the report up for long).
            if let Some(done) = stderr_done {
                let _ = tokio::time::timeout(Duration::from_secs(1), done).await;
            }
            let tail: Vec<String> = stderr_tail.lock().unwrap().iter().cloned().collect();
            describe_exit(&what, &status, &tail)
        }
        .boxed();
        (stdout, stdin, epitaph)
    }
}

/// JSON lines over a child's stdio: `codex app-server`, or ssh running it elsewhere (that server
/// ends with its stdin, so the child's end is the server's end either way).
pub struct ChildTransport {
    process: ChildProcess,
    /// The server runs here (not through ssh).
    local: bool,
}

impl ChildTransport {
    /// Spawns `<codex> app-server` with the given extra arguments. The child is killed when tern
    /// drops it, so a crash of tern never leaves an orphaned server behind.
    pub fn spawn(codex: &Path, extra_args: &[String]) -> std::io::Result<ChildTransport> {
        let mut command = Command::new(codex);
        command.arg("app-server").args(extra_args);
        Ok(ChildTransport {
            process: ChildProcess::spawn(command, "codex app-server")?,
            local: true,
        })
    }

    /// Spawns `command` (ssh), which speaks the app-server's JSON lines on its stdio for a
    /// server on another machine.
    pub(crate) fn spawn_remote(command: Command, what: &str) -> std::io::Result<ChildTransport> {
        Ok(ChildTransport {
            process: ChildProcess::spawn(command, what)?,
            local: false,
        })
    }

    /// The child's process id (while it runs).
    pub(crate) fn pid(&self) -> Option<u32> {
        self.process.pid()
    }
}

impl Transport for ChildTransport {
    fn into_parts(self: Box<Self>) -> TransportParts {
        let local = self.local;
        let (reader, writer, epitaph) = self.process.into_pipes();
        let reader = reader
            .into_owned_fd()
            .and_then(|pipe| PacedPipe::start(pipe, PACE))
            .unwrap_or_else(PacedPipe::failed);
        let (incoming, outgoing) = line_parts(reader, writer);
        // A stdio app-server ends with its stdin: over ssh, the link's end is the server's.
        let epitaph = epitaph.map(move |text| {
            if local {
                text
            } else {
                format!(
                    "{text} — the codex app-server that ssh ran ended with the link, and a \
                     running turn with it (for work that outlives the link, use ssh://…?daemon)"
                )
            }
        });
        TransportParts {
            incoming,
            outgoing,
            epitaph: epitaph
                .map(|text| Ending::new(LinkEnd::ServerExited, text))
                .boxed(),
            local,
        }
    }
}

/// The stderr lines are redacted one by one: this text is shown on screen and printed after
/// exit, and codex may log a request's headers or its environment when it fails.
fn describe_exit(what: &str, status: &str, stderr_tail: &[String]) -> String {
    let mut text = format!("{what} stopped ({status})");
    // An error report's backtrace (anyhow's "Stack backtrace:" and its numbered frames) says
    // nothing to a person and would push the error itself out of the lines shown.
    let before_backtrace = stderr_tail
        .iter()
        .position(|l| l.trim() == "Stack backtrace:")
        .map_or(stderr_tail, |at| &stderr_tail[..at]);
    let last: Vec<&String> = before_backtrace
        .iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if !last.is_empty() {
        let shown = &last[last.len().saturating_sub(5)..];
        text.push_str("; last stderr: ");
        text.push_str(
            &shown
                .iter()
                .map(|s| super::redact::redact(s))
                .collect::<Vec<_>>()
                .join(" | "),
        );
    }
    text
}

/// Where to find codex: an explicit path, `TERN_CODEX_BIN`, or `codex` on PATH.
#[cfg(test)]
pub(crate) fn locate_codex(explicit: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = explicit {
        return if path.is_file() {
            Ok(path.to_path_buf())
        } else {
            Err(format!("codex binary {} does not exist", path.display()))
        };
    }
    let path_var = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path_var) {
        let candidate = dir.join("codex");
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    Err("codex was not found on PATH".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_description_names_status_and_last_stderr() {
        let text = describe_exit(
            "codex app-server",
            "exit status: 1",
            &["warming up".into(), "".into(), "error: bad config".into()],
        );
        assert_eq!(
            text,
            "codex app-server stopped (exit status: 1); last stderr: warming up | error: bad config"
        );
    }

    #[test]
    fn exit_description_redacts_secrets_in_stderr() {
        let text = describe_exit(
            "codex app-server",
            "exit status: 1",
            &[
                "request failed; Authorization: Bearer sk-live-abc".into(),
                "env OPENAI_API_KEY=sk-proj-123 set".into(),
            ],
        );
        assert!(!text.contains("sk-live-abc"), "{text}");
        assert!(!text.contains("sk-proj-123"), "{text}");
        assert_eq!(
            text,
            "codex app-server stopped (exit status: 1); last stderr: request failed; \
             Authorization: [redacted] | env OPENAI_API_KEY=[redacted] set"
        );
    }

    #[test]
    fn a_backtrace_does_not_push_the_error_out() {
        let mut tail: Vec<String> = vec![
            "Error: failed to connect to socket at /c/app-server-control.sock".into(),
            "".into(),
            "Caused by:".into(),
            "    No such file or directory (os error 2)".into(),
            "".into(),
            "Stack backtrace:".into(),
        ];
        tail.extend((0..8).map(|i| format!("   {i}: <unknown>")));
        let text = describe_exit("ssh to box", "exit status: 1", &tail);
        assert_eq!(
            text,
            "ssh to box stopped (exit status: 1); last stderr: Error: failed to connect to socket \
             at /c/app-server-control.sock | Caused by: |     No such file or directory (os error 2)"
        );
    }

    #[test]
    fn missing_explicit_binary_is_an_error() {
        let err = locate_codex(Some(Path::new("/nonexistent/codex"))).unwrap_err();
        assert!(err.contains("/nonexistent/codex"));
    }

    #[tokio::test]
    async fn stderr_is_read_past_invalid_bytes_and_lines_without_end() {
        let mut input = b"first\n\xff\xfe broken\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * STDERR_LINE_MAX));
        input.extend_from_slice(b"\nlast words\n");
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        keep_stderr(input.as_slice(), tail.clone()).await;
        let tail: Vec<String> = tail.lock().unwrap().iter().cloned().collect();
        assert_eq!(
            tail,
            [
                "first".to_string(),
                "\u{fffd}\u{fffd} broken".to_string(),
                format!("[a stderr line of {} bytes, skipped]", 3 * STDERR_LINE_MAX),
                "last words".to_string(),
            ]
        );
    }
}
