//! The first `!` command of a session waits here for a confirming key: it runs in the person's
//! shell unsandboxed, with full access, which the sandbox the agent runs in does not prepare
//! them for. `y` or Enter runs it (and every later `!` command of the session without asking);
//! `n` or Esc puts the line back in the composer.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, Fate, KeyList, KeyRow, KeyTable, Rest};
use crate::session::shell;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct ShellConfirm {
    /// What runs: the text after `!`.
    pub command: String,
}

/// The line's `!` command, asked about first when the session has not confirmed one yet.
pub(crate) fn submit(state: &mut Session, command: &str) -> Outcome {
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ShellKey {
    Run,
    Back,
}

pub(crate) static KEYS: KeyTable<ShellConfirm, ShellKey> = KeyTable::new(
    "shell",
    "Run a shell command",
    &[
        KeyRow::new(
            "run",
            &[Chord::ch('y'), Chord::ENTER, Chord::ch('Y')],
            ShellKey::Run,
            "run it (and later ! commands)",
        )
        .bar_keys(2),
        KeyRow::new(
            "back",
            &[Chord::ch('n'), Chord::ESC, Chord::ch('N')],
            ShellKey::Back,
            "back to the composer",
        )
        .bar_keys(2),
    ],
    // Keys with Ctrl or Alt reach the conversation (the Ctrl+C ladder); the rest wait.
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

impl LayerView for ShellConfirm {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // A paste is not an answer.
            return Outcome::Consumed(vec![]);
        };
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                ShellKey::Run => {
                    cx.beside_mut().confirm_shell();
                    Outcome::Close(shell::run(cx.session_mut(), &self.command))
                }
                ShellKey::Back => {
                    if cx.composer.is_empty() {
                        cx.composer_mut().set_text(&format!("!{}", self.command));
                    }
                    Outcome::Close(vec![])
                }
            },
        )
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Run a shell command"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        // The command's first line, the warning, the keys.
        3
    }
}
