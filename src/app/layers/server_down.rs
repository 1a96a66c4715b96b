//! The server is gone, silent, or never answered: what happened, and one key (Ctrl+R) to start
//! a new app-server and resume the same thread. Sits in the composer's place with the draft
//! shown under it; every key but Ctrl+R falls through to the composer, so typing goes on and
//! nothing typed is lost. (Ctrl+R rather than a letter: a person typing a draft must not restart
//! the server by accident.)

use super::{Hint, Input, Outcome};
use crate::app::state::AppState;
use crate::text::sanitize::sanitize_line;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;
use unicode_width::UnicodeWidthChar;

/// What the person is told went wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum Cause {
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

#[derive(Debug, Clone, PartialEq)]
pub struct ServerDown {
    pub cause: Cause,
    /// Ctrl+R was pressed: a new server is starting.
    pub restarting: bool,
}

impl ServerDown {
    pub fn new(cause: Cause) -> Self {
        ServerDown {
            cause,
            restarting: false,
        }
    }

    pub fn handle(&mut self, input: &Input<'_>, state: &mut AppState, now: Instant) -> Outcome {
        match input {
            Input::Key(key)
                if key.code == KeyCode::Char('r')
                    && key.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                if self.restarting {
                    return Outcome::Consumed(vec![]);
                }
                self.restarting = true;
                Outcome::Consumed(crate::app::restart::restart(state, now))
            }
            _ => Outcome::Ignored,
        }
    }

    /// What the box says, one entry per paragraph, sanitised (details come from the server's
    /// stderr and the command line).
    pub fn paragraphs(&self) -> Vec<String> {
        let mut out = match &self.cause {
            Cause::Exited { detail } => vec![sanitize_line(detail)],
            Cause::NoAnswer { secs, binary } => vec![
                format!("codex app-server has not answered `initialize` in {secs} s."),
                format!(
                    "Is {} codex app-server? tern ran `<binary> app-server`; check --codex-bin or TERN_CODEX_BIN.",
                    binary
                        .as_deref()
                        .map(|b| format!("`{}`", sanitize_line(b)))
                        .unwrap_or_else(|| "this".into())
                ),
            ],
            Cause::Silent { secs, pid } => vec![format!(
                "No word from codex app-server for {secs} s{} — it may be stopped or stuck.",
                pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
            )],
            Cause::StartFailed { detail } => vec![format!(
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
            Cause::Exited { .. } | Cause::StartFailed { .. } => "codex app-server stopped",
            Cause::NoAnswer { .. } => "codex app-server does not answer",
            Cause::Silent { .. } => "codex app-server is silent",
        }
    }
}

pub fn hints(down: &ServerDown) -> Vec<Hint> {
    let mut hints = Vec::new();
    if !down.restarting {
        hints.push(Hint::new("Ctrl+R", "restart codex and resume the thread"));
    }
    hints.push(Hint::new("PgUp/PgDn", "scroll"));
    hints.push(Hint::new("Ctrl+C", "quit"));
    hints
}

/// The open server-down layer, if any.
pub fn find(state: &mut AppState) -> Option<&mut ServerDown> {
    state.layers.iter_mut().find_map(|layer| match layer {
        super::Layer::ServerDown(down) => Some(down),
        _ => None,
    })
}

/// Shows `cause`, replacing what an open server-down layer said.
pub fn open(state: &mut AppState, cause: Cause) {
    match find(state) {
        Some(down) => *down = ServerDown::new(cause),
        None => state
            .layers
            .push(super::Layer::ServerDown(ServerDown::new(cause))),
    }
}

/// The server is back (or spoke after all): the layer goes.
pub fn close(state: &mut AppState) {
    state
        .layers
        .retain(|layer| !matches!(layer, super::Layer::ServerDown(_)));
}
