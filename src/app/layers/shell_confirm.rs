//! The first `!` command of a session waits here for a confirming key: it runs in the person's
//! shell unsandboxed, with full access, which the sandbox the agent runs in does not prepare
//! them for. `y` or Enter runs it (and every later `!` command of the session without asking);
//! `n` or Esc puts the line back in the composer.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::shell;
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct ShellConfirm {
    /// What runs: the text after `!`.
    pub command: String,
}

/// The line's `!` command, asked about first when the session has not confirmed one yet.
pub fn submit(state: &mut Session, command: &str) -> Outcome {
    if state.beside.shell_confirmed || command.trim().is_empty() {
        return Outcome::Consumed(shell::run(state, command));
    }
    Outcome::Open(
        super::Layer::ShellConfirm(ShellConfirm {
            command: command.to_string(),
        }),
        vec![],
    )
}

impl LayerView for ShellConfirm {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // A paste is not an answer.
            return Outcome::Consumed(vec![]);
        };
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return Outcome::Ignored;
        }
        match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => {
                cx.beside.shell_confirmed = true;
                Outcome::Close(shell::run(cx, &self.command))
            }
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => {
                if cx.composer.is_empty() {
                    cx.composer.set_text(&format!("!{}", self.command));
                }
                Outcome::Close(vec![])
            }
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Run a shell command"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("y/Enter", "run it (and later ! commands)"),
            Hint::new("n/Esc", "back to the composer"),
        ]
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        // The command's first line, the warning, the keys.
        3
    }
}
