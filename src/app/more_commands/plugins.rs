//! Commands of the plugins family (codex 0.171's newer surface).

use crate::app::command_row::{command, Command};
use crate::app::layers;

pub(crate) static COMMANDS: &[Command] = &[
    command(
        "plugins",
        "codex's plugins: search, what each runs, install; add or upgrade marketplaces",
        |s, _, _| layers::plugins::open(s),
    ),
    command(
        "apps",
        "the apps (connectors): connected or not, on or off",
        |s, _, _| layers::apps::open(s),
    ),
    command(
        "experimental",
        "codex's beta features: turn them on or off",
        |s, _, _| layers::experimental::open(s),
    ),
    command(
        "memories",
        "what codex remembers, memory on/off for this thread, reset",
        |s, _, _| layers::memories::open(s),
    ),
];
