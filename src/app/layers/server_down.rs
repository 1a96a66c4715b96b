//! The server-down box as a layer: what happened (`health::ServerDown`, kept in the session's
//! health, which alone shows and hides it) and one key, Ctrl+R, to start a new app-server and
//! resume the same thread. It sits in the composer's place, under the layers the person opened;
//! every other key falls through to the composer, so typing goes on and nothing typed is lost.
//! (Ctrl+R rather than a letter: a person typing a draft must not restart the server by
//! accident.)

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

/// The view of `Health::down`: the state is the session's, so this is only its behaviour.
#[derive(Debug, Clone, Copy, Default)]
pub struct ServerDownBox;

impl LayerView for ServerDownBox {
    /// Ctrl+R restarts; the rest is not for the box.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        match input {
            Input::Key(key)
                if key.code == KeyCode::Char('r')
                    && key.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                let now = cx.now;
                // A config file with an error needs no new server: the thread is asked again.
                if config_error(cx) {
                    return Outcome::Consumed(crate::app::session::first_run::retry_config(
                        cx, now,
                    ));
                }
                Outcome::Consumed(crate::app::session::restart::restart(cx, now))
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, session: &Session) -> &'static str {
        session
            .health
            .down
            .as_ref()
            .map_or("codex app-server", |down| down.title())
    }

    fn hints(&self, session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = Vec::new();
        if config_error(session) {
            hints.push(Hint::new("Ctrl+R", "try again (after fixing the file)"));
        } else if !session.health.down.as_ref().is_some_and(|d| d.restarting) {
            hints.push(Hint::new("Ctrl+R", "restart codex and resume the thread"));
        }
        hints.push(Hint::new("PgUp/PgDn", "scroll"));
        hints.push(Hint::new("Ctrl+C", "quit"));
        hints
    }

    fn rows(&self, width: u16, session: &Session) -> usize {
        session
            .health
            .down
            .as_ref()
            .map_or(0, |down| down.rows(width))
    }
}

/// The box shows codex's config error (Ctrl+R asks for the thread again, no restart).
fn config_error(session: &Session) -> bool {
    matches!(
        session.health.down.as_ref().map(|d| &d.cause),
        Some(crate::app::state::health::DownCause::ConfigError(_))
    )
}
