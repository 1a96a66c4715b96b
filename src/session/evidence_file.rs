//! Evidence from a file or the clipboard (issue 36): `/evidence PATH` or `/evidence` (the
//! clipboard's text) sends it to the agent as a tool's output rather than as the person's
//! words, as `e` does for a command cell (`session::evidence`). While no turn runs it starts
//! one with `turn/start` and `toolOutput` (its `input` empty: the two cannot be combined);
//! while one runs, `thread/inject_items` with a `function_call` and its output. The runtime
//! reads the text bounded (`runtime::evidence_read`); a cut is said on screen and in the text.

use crate::model::NoticeLevel;
use crate::protocol::inject_items::{CLIPBOARD_EVIDENCE_TOOL, FILE_EVIDENCE_TOOL};
use crate::protocol::{EvidenceTurnParams, ThreadInjectItemsParams, TurnToolOutput};
use crate::session::effect::Effect;
use crate::session::event::{EvidenceSource, EvidenceText};
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::threads::TurnPhase;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use serde_json::json;
use std::time::Instant;

/// `/evidence [PATH]`: the file (relative to the thread's folder) or, without one, the
/// clipboard, read by the runtime.
pub(crate) fn command(state: &mut Session, args: &str) -> Vec<Effect> {
    if state.thread_id().is_none() || !state.lifecycle.is_ready() {
        state
            .shown
            .transcript
            .notice(NoticeLevel::Warning, "No thread to send evidence to yet.");
        return vec![];
    }
    let path = args.trim();
    let source = if path.is_empty() {
        EvidenceSource::Clipboard
    } else if path.starts_with('/') {
        EvidenceSource::File(path.to_string())
    } else {
        let cwd = super::threads::current_cwd(state);
        EvidenceSource::File(format!("{}/{path}", cwd.trim_end_matches('/')))
    };
    vec![Effect::ReadEvidence { source }]
}

/// How the source is named on screen (sanitised).
fn label(source: &EvidenceSource) -> String {
    match source {
        EvidenceSource::File(path) => visible_line(path),
        EvidenceSource::Clipboard => "the clipboard's text".into(),
    }
}

/// The text was read (or not): it goes to the agent as tool output.
pub(crate) fn read(
    state: &mut Session,
    source: EvidenceSource,
    result: Result<EvidenceText, String>,
    _now: Instant,
) -> Vec<Effect> {
    let name = label(&source);
    let read = match result {
        Ok(read) => read,
        Err(why) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("Nothing sent from {name}: {}", visible_line(&why)),
            );
            return vec![];
        }
    };
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    let mut output = read.text;
    let mut label = name.clone();
    if let Some(all) = read.cut_from {
        let note = format!("\n[cut by tern: the first {} of {all} bytes]", output.len());
        output.push_str(&note);
        label = format!(
            "{name} (cut: the first {} of {all} bytes)",
            output.len() - note.len()
        );
    }
    let (tool, arguments) = match &source {
        EvidenceSource::File(path) => (FILE_EVIDENCE_TOOL, json!({ "path": path })),
        EvidenceSource::Clipboard => (CLIPBOARD_EVIDENCE_TOOL, json!({})),
    };
    match &state.shown.turn {
        TurnPhase::Running { id, .. } => {
            let call_id = format!("tern_evidence_{}_{}", id, state.shown.transcript.len());
            let params = ThreadInjectItemsParams::tool_evidence(
                &thread_id, &call_id, tool, &arguments, &output,
            );
            vec![Effect::Request(ClientRequest::InjectFileEvidence {
                params,
                label,
            })]
        }
        TurnPhase::Idle => {
            state.shown.turn = TurnPhase::Starting { since: _now };
            let params = EvidenceTurnParams {
                thread_id,
                input: Vec::new(),
                tool_output: TurnToolOutput {
                    name: tool.to_string(),
                    output,
                },
                overrides: super::turn_mode::turn_overrides(state),
            };
            vec![Effect::Request(ClientRequest::EvidenceTurn {
                params: Box::new(params),
                label,
            })]
        }
        _ => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("Nothing sent from {name}: a turn is starting or stopping; try again in a moment."),
            );
            vec![]
        }
    }
}

/// `thread/inject_items` answered: said under the transcript.
pub(crate) fn injected(state: &mut Session, label: &str, answer: Answer<()>) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Sent {label} to the agent as tool output (thread/inject_items: a function call and its output, read with the next request)."),
        ),
        Err(why) => state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("{label} was not sent to the agent: {}", visible_line(&why)),
        ),
    }
    vec![]
}

/// `turn/start` with `toolOutput` answered: the turn runs, or was refused.
pub(crate) fn turn_answered(
    state: &mut Session,
    label: &str,
    answer: Answer<crate::protocol::TurnStartResponse>,
) -> Vec<Effect> {
    match shown(answer) {
        Ok(response) => {
            if let TurnPhase::Starting { since } = state.shown.turn {
                if !state.shown.finished_turns.contains(&response.turn.id) {
                    state.shown.turn = TurnPhase::Running {
                        id: response.turn.id,
                        since,
                    };
                }
            }
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!("Sent {label} to the agent as tool output (turn/start toolOutput: a new turn, not your words)."),
            );
        }
        Err(why) => {
            if matches!(state.shown.turn, TurnPhase::Starting { .. }) {
                state.shown.turn = TurnPhase::Idle;
            }
            state.shown.transcript.notice(
                NoticeLevel::Error,
                format!("{label} was not sent to the agent: {}", visible_line(&why)),
            );
        }
    }
    vec![]
}
