//! Is the server answering? Two deadlines, told from `now` (the app reads no clock): a server
//! that has not answered `initialize` within `Timeouts::initialize`, and one that says nothing
//! for `Timeouts::silence` while a turn runs (stopped with SIGSTOP, or stuck). Either shows the
//! server-down box (`Health::down`, drawn in the composer's place with the restart key); a word
//! from the server takes it away again.

use super::event::AppEvent;
use super::state::{Session, TurnPhase};
use crate::text::sanitize::sanitize_line;
use std::time::{Duration, Instant};
use unicode_width::UnicodeWidthChar;

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
    /// A restart is under way (see `restart`).
    pub restart: Option<super::restart::Restart>,
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
            for c in paragraph.chars() {
                let w = c.width().unwrap_or(0);
                if used + w > width && !row.is_empty() {
                    rows.push(std::mem::take(&mut row));
                    used = 0;
                }
                row.push(c);
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

/// Notes what `event` says about the server's health, before the event is handled.
pub fn observe(state: &mut Session, event: &AppEvent, now: Instant) {
    state.health.started.get_or_insert(now);
    let heard = match event {
        AppEvent::Notification(_) | AppEvent::ServerRequest { .. } => true,
        AppEvent::Response { result, .. } => result.is_ok(),
        _ => false,
    };
    if heard {
        state.health.last_heard = Some(now);
        // It was only slow, or stopped and continued: say nothing more about it.
        let suspected = state.health.down.as_ref().is_some_and(|down| {
            !down.restarting
                && matches!(
                    down.cause,
                    DownCause::NoAnswer { .. } | DownCause::Silent { .. }
                )
        });
        if suspected {
            state.health.down = None;
        }
    }
}

/// On a tick: has a deadline passed?
pub fn check(state: &mut Session, now: Instant) {
    if let Some(at) = initialize_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.initialize.as_secs();
            let binary = state.health.binary.clone();
            show(state, DownCause::NoAnswer { secs, binary });
        }
    }
    if let Some(at) = silence_deadline(state) {
        if now >= at {
            let secs = state.health.timeouts.silence.as_secs();
            let pid = state.health.pid;
            show(state, DownCause::Silent { secs, pid });
        }
    }
}

/// When `check` must run next, if ever.
pub fn next_deadline(state: &Session) -> Option<Instant> {
    match (initialize_deadline(state), silence_deadline(state)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Shows `cause` in the server-down box, in place of what it said before.
pub fn show(state: &mut Session, cause: DownCause) {
    state.health.down = Some(ServerDown::new(cause));
}

fn down_shown(state: &Session) -> bool {
    state.health.down.is_some()
}

/// `initialize` was sent and not answered yet.
fn initialize_deadline(state: &Session) -> Option<Instant> {
    let health = &state.health;
    if state.server.is_some() || health.closed || state.quitting || down_shown(state) {
        return None;
    }
    Some(health.started? + health.timeouts.initialize)
}

/// A turn is running (or being started or interrupted) and no question waits for the person:
/// the server owes us a word.
fn silence_deadline(state: &Session) -> Option<Instant> {
    let health = &state.health;
    if health.closed || state.quitting || !state.questions.is_empty() || down_shown(state) {
        return None;
    }
    let since = match &state.turn {
        TurnPhase::Idle => return None,
        TurnPhase::Starting { since }
        | TurnPhase::Running { since, .. }
        | TurnPhase::Interrupting { since, .. } => *since,
    };
    let last = health.last_heard.map_or(since, |heard| heard.max(since));
    Some(last + health.timeouts.silence)
}
