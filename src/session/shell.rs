//! `!command`: the person's own shell command, run by the server in the thread's shell
//! (`thread/shellCommand`) — unsandboxed, with full access, which is why the first one of a
//! session waits for a confirming key (the views ask; this module only runs). Its output
//! streams into a command cell like the agent's commands: on an idle thread as a turn of its
//! own (so Esc and Ctrl+C interrupt it), during a turn inside that turn, beside the model's
//! work — it never steers the turn.

use crate::model::NoticeLevel;
use crate::protocol::ThreadShellCommandParams;
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;

/// What a composer line starting with `!` runs, if it is one (`!` alone runs nothing).
pub fn command_of(text: &str) -> Option<&str> {
    text.trim_start().strip_prefix('!')
}

/// Runs `command` (the text after `!`). The whole line goes back to the composer when it
/// cannot run now.
pub(crate) fn run(state: &mut Session, command: &str) -> Vec<Effect> {
    let give_back = |state: &mut Session, why: &str| {
        state
            .shown
            .transcript
            .notice(NoticeLevel::Warning, why.to_string());
        if state.composer.is_empty() {
            state.composer.set_text(&format!("!{command}"));
        }
        vec![]
    };
    if command.trim().is_empty() {
        return give_back(state, "Type a shell command after `!` (for example `!ls`).");
    }
    let thread_id = match (state.lifecycle.is_ready(), state.thread_id()) {
        (true, Some(id)) => id.to_string(),
        _ => {
            return give_back(
                state,
                "Not connected to a thread yet: the command stays in the composer.",
            )
        }
    };
    state.shown.scroll.to_bottom();
    vec![Effect::Request(ClientRequest::ShellCommand(
        ThreadShellCommandParams {
            thread_id,
            command: command.to_string(),
            timeout_ms: None,
        },
    ))]
}

/// `thread/shellCommand` answered: a refusal says why and gives the line back (the output of a
/// command that runs comes as its item's events).
pub(crate) fn answered(state: &mut Session, command: &str, answer: Answer<()>) -> Vec<Effect> {
    if let Err(e) = answer {
        state.shown.transcript.notice(
            NoticeLevel::Error,
            format!(
                "codex would not run `{}`: {}",
                crate::model::agents::command_first_line(command),
                sanitize_line(&e.to_string())
            ),
        );
        if state.composer.is_empty() {
            state.composer.set_text(&format!("!{command}"));
        }
    }
    vec![]
}
