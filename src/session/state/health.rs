//! Whether the server answers, as data: its deadlines, its process, the check on a quiet one,
//! how many restarts, and the server-down box (what the person is told until it is back). The
//! session's `health` and `restart` modules change it.

pub use crate::session::event::ProcessState;
use crate::text::sanitize::sanitize_line;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    pub initialize: Duration,
    /// A turn runs and the server has said nothing this long: it is asked a question it must
    /// answer at once (`Probe`). A model may think for minutes without a byte, so silence alone
    /// never calls the server stuck.
    pub silence: Duration,
    /// How long that question may go unanswered before the server is called stuck.
    pub probe: Duration,
}

/// How long a probe may wait when the server's process is seen stopped (`T`): a stopped
/// process cannot answer, and only a wrapper's own stop (its child serving on) would answer
/// within this.
pub(crate) const STOPPED_PROBE: Duration = Duration::from_secs(2);

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            initialize: Duration::from_secs(10),
            silence: Duration::from_secs(30),
            probe: Duration::from_secs(10),
        }
    }
}

/// The check on a server that went quiet during a turn: a cheap request it must answer
/// whatever the model does (`thread/loaded/list`), and what its process looked like.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    pub sent: Instant,
    /// What the runtime saw of the process (`Effect::InspectServer`), once it answered.
    pub process: Option<ProcessState>,
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
    /// A quiet server is being checked: the probe is out and not answered yet.
    pub probe: Option<Probe>,
    /// The connection closed: the process is gone (and reaped), nothing to kill.
    pub closed: bool,
    /// How many times the server was restarted this session.
    pub restarts: u32,
    /// The server died, never answered or went silent: what the person is told, until it is
    /// back.
    pub down: Option<ServerDown>,
}

impl Health {
    /// A new link to a server is on its way (a restart, a redial, joining the shared service):
    /// the old one's clocks, its unanswered check and its closed flag belong to it and go.
    /// A probe kept across the switch would be one the new server never received; the box
    /// (`down`) and the pid are each caller's to decide.
    pub(crate) fn reset(&mut self) {
        self.started = None;
        self.last_heard = None;
        self.probe = None;
        self.closed = false;
    }
}

/// What the person is told went wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum DownCause {
    /// The connection closed: exit status or signal and the last stderr lines, as the transport
    /// described them.
    Exited { detail: String },
    /// `initialize` went unanswered for `secs`.
    /// `remote`: where tern is connected when the server is not its own child (its hint then
    /// names no local binary).
    NoAnswer {
        secs: u64,
        binary: Option<String>,
        remote: Option<String>,
    },
    /// A turn runs, the server said nothing for `secs`, and then left a request it answers at
    /// once unanswered for `probe_secs`; `stopped` when its process (or one of its group) was
    /// seen stopped: that pid.
    Silent {
        secs: u64,
        probe_secs: u64,
        pid: Option<u32>,
        stopped: Option<u32>,
    },
    /// A restart was asked for but the new server could not be started.
    StartFailed { detail: String },
    /// The server ended before it answered `initialize`: what it said (often about its config
    /// file) is all there is to go on.
    ExitedAtStartup { detail: String },
    /// codex runs, but its config file has an error, so no thread can start (`thread/start`
    /// refused "failed to load configuration"). Ctrl+R (and a timer) asks again; no restart.
    ConfigError(super::first_run::ConfigProblem),
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
            DownCause::NoAnswer {
                secs,
                remote: Some(remote),
                ..
            } => vec![
                format!("codex app-server has not answered `initialize` in {secs} s."),
                format!(
                    "Is a codex app-server what answers at {}? The connection is open, but \
                     nothing that speaks its protocol replied.",
                    sanitize_line(remote)
                ),
            ],
            DownCause::NoAnswer { secs, binary, .. } => vec![
                format!("codex app-server has not answered `initialize` in {secs} s."),
                format!(
                    "Is {} codex app-server? tern ran `<binary> app-server`; check --codex-bin or TERN_CODEX_BIN.",
                    binary
                        .as_deref()
                        .map(|b| format!("`{}`", sanitize_line(b)))
                        .unwrap_or_else(|| "this".into())
                ),
            ],
            DownCause::Silent {
                secs,
                probe_secs,
                pid,
                stopped: Some(stopped),
            } => vec![
                format!(
                    "codex app-server{} is stopped (process {stopped} is in state T): it has said \
                     nothing for {secs} s and left a status request unanswered for {probe_secs} s.",
                    pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
                ),
                format!("`kill -CONT {stopped}` lets it go on where it was."),
            ],
            DownCause::Silent {
                secs,
                probe_secs,
                pid,
                stopped: None,
            } => vec![format!(
                "codex app-server{} has said nothing for {secs} s and left a status request \
                 unanswered for {probe_secs} s — it is stuck, or stopped.",
                pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
            )],
            DownCause::StartFailed { detail } => vec![format!(
                "Could not start codex app-server again: {}",
                sanitize_line(detail)
            )],
            DownCause::ExitedAtStartup { detail } => vec![
                sanitize_line(detail),
                "It stopped before it answered tern, so what it said above is the reason: often \
                 its config.toml ($CODEX_HOME/config.toml). Fix what it names, then Ctrl+R starts \
                 it again."
                    .to_string(),
            ],
            DownCause::ConfigError(problem) => {
                let mut out = problem.paragraphs();
                out.push(
                    "Ctrl+R tries again once the file is fixed (tern also tries every few seconds, \
                     and when this window gets the focus back) · your draft is kept and nothing is \
                     sent meanwhile"
                        .to_string(),
                );
                return out;
            }
        };
        // What Ctrl+C does is the hint bar's to say: it follows the quit ladder (a running turn
        // is interrupted first), and a fixed "Ctrl+C quits" here told otherwise.
        out.push(if self.restarting {
            "Restarting codex app-server…".to_string()
        } else {
            "Ctrl+R restarts it and resumes this thread · your draft is kept".to_string()
        });
        out
    }

    /// The paragraphs broken into rows of at most `width` columns, at word boundaries (a word
    /// longer than a row is split).
    pub fn lines(&self, width: u16) -> Vec<String> {
        let width = usize::from(width.max(1));
        let mut rows = Vec::new();
        for paragraph in self.paragraphs() {
            let spans = [ratatui::text::Span::raw(paragraph)];
            for line in crate::render::wrap::wrap_spans(&spans, width, &[], &[]) {
                rows.push(line.spans.iter().map(|s| s.content.as_ref()).collect());
            }
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
            DownCause::Silent {
                stopped: Some(_), ..
            } => "codex app-server is stopped",
            DownCause::Silent { .. } => "codex app-server does not answer",
            DownCause::ExitedAtStartup { .. } => "codex app-server stopped at startup",
            DownCause::ConfigError(_) => "codex's config file has an error",
        }
    }
}
