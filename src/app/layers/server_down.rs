//! The server-down box as a layer: what happened (`health::ServerDown`, kept in the session's
//! health, which alone shows and hides it) and one key, Ctrl+R, to start a new app-server and
//! resume the same thread. It sits in the composer's place, under the layers the person opened;
//! every other key falls through to the composer, so typing goes on and nothing typed is lost.
//! (Ctrl+R rather than a letter: a person typing a draft must not restart the server by
//! accident.) When codex's config file has an error, Ctrl+R asks for the thread again on the
//! same server instead (`first_run`).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Rest, Words};
use crate::session::state::Session;

/// The view of `Health::down`: the state is the session's, so this is only its behaviour.
#[derive(Debug, Clone, Copy, Default)]
pub struct ServerDownBox;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DownKey {
    Restart,
    /// codex's config file has an error: ask for the thread again (no new server).
    RetryConfig,
    Below,
}

fn ctrl_c_words(session: &Session) -> Words {
    let step = crate::session::quit_ladder::next_step(session);
    Words {
        bar: step,
        help: step,
    }
}

pub(crate) static KEYS: KeyTable<Session, DownKey> = KeyTable::new(
    "server_down",
    "codex app-server",
    &[
        KeyRow::new(
            "retry_config",
            &[Chord::ctrl('r')],
            DownKey::RetryConfig,
            "try again (after fixing the file)",
        )
        .when("codex's config file has an error", config_error)
        .explained("ask codex for the thread again once its config file is fixed (no restart)"),
        KeyRow::new(
            "restart",
            &[Chord::ctrl('r')],
            DownKey::Restart,
            "restart codex and resume the thread",
        )
        .when("not restarting already", |s| {
            !config_error(s) && !s.health.down.as_ref().is_some_and(|d| d.restarting)
        }),
        KeyRow::new(
            "scroll",
            &[Chord::PGUP, Chord::PGDN],
            DownKey::Below,
            "scroll",
        )
        .passes()
        .fixed(),
        KeyRow::new("quit", &[Chord::ctrl('c')], DownKey::Below, "quit")
            .words_by(ctrl_c_words)
            .passes()
            .fixed(),
    ],
    // Everything else goes on to the composer: typing goes on, nothing typed is lost.
    Rest::PASS,
);

impl LayerView for ServerDownBox {
    /// Ctrl+R restarts; the rest is not for the box.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let resolved = KEYS.resolve(key, cx, &cx.config.keymap);
        Outcome::of_key(resolved, |action| match action {
            DownKey::Restart => {
                let now = cx.now;
                Outcome::Consumed(crate::session::restart::restart(cx.session_mut(), now))
            }
            // A config file with an error needs no new server: the thread is asked again.
            DownKey::RetryConfig => {
                let now = cx.now;
                Outcome::Consumed(crate::session::first_run::retry_config(
                    cx.session_mut(),
                    now,
                ))
            }
            DownKey::Below => Outcome::Ignored,
        })
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

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(cx.session, &cx.config.keymap)
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
        Some(crate::session::state::health::DownCause::ConfigError(_))
    )
}
