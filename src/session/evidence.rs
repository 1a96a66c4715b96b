//! Evidence, not instructions (issue 36): `e` on a selected command cell (a `!cmd` or one the
//! agent ran) sends its output to the agent as tool output — `thread/inject_items` with a
//! `function_call` and its `function_call_output` — so a log that says "ignore previous
//! instructions" carries a tool's authority, not the person's. The model reads it with its
//! next request; the cell says it was sent, and how.

use crate::model::{CellKind, NoticeLevel};
use crate::protocol::ThreadInjectItemsParams;
use crate::session::effect::Effect;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;

/// What the cell says once the server took it.
pub(crate) const SENT: &str =
    "sent to the agent as tool output (thread/inject_items: a function call and its output, read with the next request)";

/// The request sending the output of the command cell of `item_id`; `Err` says why not.
pub(crate) fn send(state: &Session, turn_id: &str, item_id: &str) -> Result<Vec<Effect>, String> {
    let Some(thread_id) = state.thread_id() else {
        return Err("No thread to send it to yet.".into());
    };
    let cell = state.shown.transcript.item_cell(Some(turn_id), item_id);
    let Some(CellKind::Command(cmd)) = cell.map(|c| c.kind()) else {
        return Err("Only a command's output can go to the agent as evidence (e).".into());
    };
    if cmd.running {
        return Err("The command is still running: send its output once it ends.".into());
    }
    if cmd.evidence.is_some() {
        return Err("This output was sent to the agent already.".into());
    }
    let call_id = format!("tern_evidence_{item_id}");
    let params = ThreadInjectItemsParams::evidence(thread_id, &call_id, &cmd.command, &cmd.output);
    Ok(vec![Effect::Request(ClientRequest::InjectEvidence {
        params,
        turn_id: turn_id.to_string(),
        item_id: item_id.to_string(),
    })])
}

/// The server's answer: the cell marked, or why it was not sent.
pub(crate) fn answered(
    state: &mut Session,
    turn_id: &str,
    item_id: &str,
    answer: Answer<()>,
) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => {
            state
                .shown
                .transcript
                .record_evidence(turn_id, item_id, SENT.to_string());
        }
        Err(why) => state.shown.transcript.notice(
            NoticeLevel::Error,
            format!(
                "The output was not sent to the agent: {}",
                crate::text::sanitize::visible_line(&why)
            ),
        ),
    }
    vec![]
}
