//! Whether the server answers, as data: its deadlines, its process, how many restarts,
//! and the server-down box (what the person is told until it is back). The session's `health`
//! and `restart` modules change it.

use crate::text::graphemes::clusters;
use crate::text::sanitize::sanitize_line;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    pub initialize: Duration,
    pub silence: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            initialize: Duration::from_secs(10),
            silence: Duration::from_secs(30),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Health {
    pub timeouts: Timeouts,
    /// The app-server's process id, when it is a child process.
    pub pid: Option<u32>,
    /// The binary run as `<binary> app-server`, for the hint when it does not answer.
    pub binary: Option<String>,
    /// When the current server was started (the session's first event, or the restart).
    pub started: Option<Instant>,
    /// The last message from the server.
    pub last_heard: Option<Instant>,
    /// The connection closed: the process is gone (and reaped), nothing to kill.
    pub closed: bool,
    /// How many times the server was restarted this session.
    pub restarts: u32,
    /// The server died, never answered or went silent: what the person is told, until it is
    /// back.
    pub down: Option<ServerDown>,
}

/// What the person is told went wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum DownCause {
    /// The connection closed: exit status or signal and the last stderr lines, as the transport
    /// described them.
    Exited { detail: String },
    /// `initialize` went unanswered for `secs`.
    NoAnswer { secs: u64, binary: Option<String> },
    /// A turn runs but the server has said nothing for `secs`.
    Silent { secs: u64, pid: Option<u32> },
    /// A restart was asked for but the new server could not be started.
    StartFailed { detail: String },
}

/// The server-down box: drawn in the composer's place while `Health::down` holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerDown {
    pub cause: DownCause,
    /// Ctrl+R was pressed: a new server is starting.
    pub restarting: bool,
}

impl ServerDown {
    pub fn new(cause: DownCause) -> Self {
        ServerDown {
            cause,
            restarting: false,
        }
    }

    /// What the box says, one entry per paragraph, sanitised (details come from the server's
    /// stderr and the command line).
    pub fn paragraphs(&self) -> Vec<String> {
        let mut out = match &self.cause {
            DownCause::Exited { detail } => vec![sanitize_line(detail)],
            DownCause::NoAnswer { secs, binary } => vec![
                format!("codex app-server has not answered `initialize` in {secs} s."),
                format!(
                    "Is {} codex app-server? tern ran `<binary> app-server`; check --codex-bin or TERN_CODEX_BIN.",
                    binary
                        .as_deref()
                        .map(|b| format!("`{}`", sanitize_line(b)))
                        .unwrap_or_else(|| "this".into())
                ),
            ],
            DownCause::Silent { secs, pid } => vec![format!(
                "No word from codex app-server for {secs} s{} — it may be stopped or stuck.",
                pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
            )],
            DownCause::StartFailed { detail } => vec![format!(
                "Could not start codex app-server again: {}",
                sanitize_line(detail)
            )],
        };
        out.push(if self.restarting {
            "Restarting codex app-server…".to_string()
        } else {
            "Ctrl+R restarts it and resumes this thread · your draft is kept · Ctrl+C quits (unsent text is printed)".to_string()
        });
        out
    }

    /// The paragraphs broken into rows of at most `width` columns.
    pub fn lines(&self, width: u16) -> Vec<String> {
        let width = usize::from(width.max(1));
        let mut rows = Vec::new();
        for paragraph in self.paragraphs() {
            let mut row = String::new();
            let mut used = 0;
            for (g, w) in clusters(&paragraph) {
                if used + w > width && !row.is_empty() {
                    rows.push(std::mem::take(&mut row));
                    used = 0;
                }
                row.push_str(g);
                used += w;
            }
            rows.push(row);
        }
        rows
    }

    /// Rows inside a box `width` columns wide with borders.
    pub fn rows(&self, width: u16) -> usize {
        self.lines(width.saturating_sub(2)).len()
    }

    pub fn title(&self) -> &'static str {
        match self.cause {
            DownCause::Exited { .. } | DownCause::StartFailed { .. } => "codex app-server stopped",
            DownCause::NoAnswer { .. } => "codex app-server does not answer",
            DownCause::Silent { .. } => "codex app-server is silent",
        }
    }
}
