//! Commands of the account family (codex 0.171's newer surface): `/usage`, `/import`, `/rc`,
//! `/daemon`.

use crate::app::command_row::{command, Command};
use crate::app::layers;

pub(crate) static COMMANDS: &[Command] = &[
    command(
        "usage",
        "your limits and token use (ChatGPT sign-in), and a limit reset",
        |s, _, _| layers::usage::open(s),
    ),
    command(
        "import",
        "bring Claude Code's setup, project settings and recent chats into codex",
        |s, _, _| layers::import::open(s),
    ),
    command(
        "rc",
        "remote control from a phone or browser: status, pairing, clients",
        |s, _, _| layers::remote_control::open(s),
    ),
    Command {
        args: Some("[start|stop]"),
        ..command(
            "daemon",
            "codex's local app-server daemon: version, start, stop",
            |s, a, _| layers::daemon::open(s, a),
        )
    },
];
