//! A yes/no question tern asks before replacing something of the person's: `/init` where an
//! `AGENTS.md` exists, `/export` over an existing file. `y` or Enter goes ahead; `n` or Esc keeps
//! what is there.

use super::{Ctx, LayerView, Outcome};
use crate::app::event::Confirmable;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::{export, init};
use crate::app::state::Session;
use crate::model::NoticeLevel;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct Confirm {
    pub ask: Confirmable,
}

impl Confirm {
    /// The question, as shown (paths sanitised where drawn).
    pub fn question(&self) -> String {
        match &self.ask {
            Confirmable::InitOverwrite { path } => {
                format!("{path} already exists. Let the agent write a new one over it?")
            }
            Confirmable::ExportOverwrite { path } => {
                format!(
                    "{} exists. Replace it with this conversation?",
                    path.display()
                )
            }
        }
    }
}

impl LayerView for Confirm {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let now = cx.now;
        match key.code {
            KeyCode::Char('y' | 'Y') | KeyCode::Enter => Outcome::Close(match &self.ask {
                Confirmable::InitOverwrite { .. } => init::send(cx, true, now),
                Confirmable::ExportOverwrite { path } => export::write(cx, path.clone(), true),
            }),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                let kept = match &self.ask {
                    Confirmable::InitOverwrite { .. } => {
                        "AGENTS.md is left as it is; nothing was sent."
                    }
                    Confirmable::ExportOverwrite { .. } => {
                        "The file is left as it is; nothing was saved."
                    }
                };
                cx.shown.transcript.notice(NoticeLevel::Info, kept);
                Outcome::Close(vec![])
            }
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        match self.ask {
            Confirmable::InitOverwrite { .. } => "Replace AGENTS.md?",
            Confirmable::ExportOverwrite { .. } => "Replace the file?",
        }
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("y/Enter", "yes"),
            Hint::new("n/Esc", "no, keep it"),
        ]
    }
}
