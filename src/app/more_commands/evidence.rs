//! `/evidence`: a file's or the clipboard's text sent to the agent as a tool's output, not as
//! the person's words (`session::evidence_file`).

use crate::app::command_row::{command, done, Command};

pub(crate) static COMMANDS: &[Command] = &[Command {
    args: Some("[PATH]"),
    ..command(
        "evidence",
        "send a file (or, without one, the clipboard's text) to the agent as tool output",
        |s, a, _| done(crate::session::evidence_file::command(s, a)),
    )
}];
