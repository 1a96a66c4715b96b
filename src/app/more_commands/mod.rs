//! The official TUI 0.171's remaining commands, in tables of their own beside
//! `commands::COMMANDS` (one table per family, so each stays small): every row here is listed
//! and run exactly as a row of the main table is.

use super::command_row::Command;

mod account;
mod evidence;
mod plugins;
mod settings;
mod worktree;

/// Every row of these tables, in the order `/help` lists them after the main table.
pub(crate) fn all() -> impl Iterator<Item = &'static Command> {
    account::COMMANDS
        .iter()
        .chain(plugins::COMMANDS)
        .chain(worktree::COMMANDS)
        .chain(settings::COMMANDS)
        .chain(evidence::COMMANDS)
}

/// The official TUI's commands tern leaves out, each with why.
pub(crate) fn left_out() -> &'static [(&'static str, &'static str)] {
    settings::LEFT_OUT
}
