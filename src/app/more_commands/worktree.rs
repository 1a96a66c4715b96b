//! Commands of the worktree family (codex 0.171's newer surface).

use crate::app::command_row::{command, done, Command};

pub(crate) static COMMANDS: &[Command] = &[
    command(
        "recap",
        "a catch-up on this conversation now: summary and next step",
        |s, _, _| done(crate::session::recap::command(s)),
    ),
    Command {
        args: Some("[BRANCH]"),
        ..command(
            "worktree",
            "start or continue a conversation in a new worktree (on a new BRANCH)",
            |s, a, _| crate::app::layers::worktree::open(s, a),
        )
    },
    command(
        "feedback",
        "a redacted report of tern's and codex's logs: shown, then saved or uploaded",
        |s, _, _| crate::app::layers::feedback::open(s),
    ),
];
