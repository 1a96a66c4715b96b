//! Commands of the worktree family (codex 0.171's newer surface).

use crate::app::command_row::Command;

pub(crate) static COMMANDS: &[Command] = &[];
