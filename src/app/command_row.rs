//! One row of the slash-command tables (`commands::COMMANDS` and `more_commands`): its name,
//! aliases, argument, description and action.

use super::layers::Outcome;
use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::Instant;

/// A command's action: what it does to the session, and what it opens (by what it returns).
pub(crate) type Handler = fn(&mut Session, &str, Instant) -> Outcome;

/// A command that only has effects.
pub(crate) fn done(effects: Vec<Effect>) -> Outcome {
    Outcome::Consumed(effects)
}

pub struct Command {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// What the argument is, for commands that take one (`/rename NAME`).
    pub args: Option<&'static str>,
    pub description: &'static str,
    pub run: Handler,
    /// Listed and runnable. A command whose feature has not landed stays `false`: never shown.
    pub available: bool,
}

impl Command {
    /// Whether Enter on it in the slash popup waits for an argument: it takes one, and one
    /// that is not optional (`[NAME]` is).
    pub(crate) fn needs_argument(&self) -> bool {
        self.args.is_some_and(|args| !args.starts_with('['))
    }

    /// `/name` plus its argument's placeholder.
    pub(crate) fn usage(&self) -> String {
        match self.args {
            Some(args) => format!("/{} {args}", self.name),
            None => format!("/{}", self.name),
        }
    }
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}", self.name)
    }
}

pub(crate) const fn command(
    name: &'static str,
    description: &'static str,
    run: Handler,
) -> Command {
    Command {
        name,
        aliases: &[],
        args: None,
        description,
        run,
        available: true,
    }
}
