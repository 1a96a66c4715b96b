//! tern's client tool `request_review` (issue 36): registered at `thread/start`
//! (`dynamicTools`, unless `client_tools = false`); when the model calls it (`item/tool/call`)
//! the call is a question like any other (queued, behind the type-ahead gate, parkable), whose
//! `r` opens the turn's changes so far as a review (`turn_review`'s). Its submit is the call's
//! answer: the person's decisions and comments as one `inputText`, `success: true`; reverted
//! hunks are put back first, through rewind's restore, and the answer says which were and
//! which were refused. `n` or Esc dismisses it: `success: false`, with the reason. A call of
//! any other tool is told at once that tern has no such tool.

use super::answer::answer_front;
use crate::model::review::message::review_message;
use crate::model::review::ReviewFile;
use crate::model::review_ask::{ReviewAsk, DISMISSED, REQUEST_REVIEW};
use crate::model::{NoticeLevel, OptionKind, Question, QuestionOption, QuestionSubject, Record};
use crate::protocol::dynamic_tools::tool_output;
use crate::protocol::{DynamicToolCallParams, RequestId, ThreadStartParams, ThreadStartResponse};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use serde_json::{json, Value};
use std::time::Instant;

/// `request_review`'s `DynamicToolSpec`, as the model reads it.
pub(crate) fn request_review_spec() -> Value {
    json!({
        "type": "function",
        "name": REQUEST_REVIEW,
        "description": "Ask the person at the terminal to review your file changes of this turn \
            so far, hunk by hunk: they keep or revert each hunk and comment on lines. The \
            answer lists what they reverted (already put back on disk) and their comments. \
            Use it before building further on changes you are unsure of.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "question": {
                    "type": "string",
                    "description": "What you want the person to look at or decide.",
                },
                "files": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Paths to review; leave out to review every file this turn changed.",
                },
            },
            "required": ["question"],
            "additionalProperties": false,
        },
    })
}

/// `thread/start`'s params: the session's settings, and the client tools when they are on.
pub(crate) fn start_params(state: &Session) -> ThreadStartParams {
    ThreadStartParams {
        settings: state.config.settings.clone(),
        dynamic_tools: state
            .config
            .client_tools
            .then(|| vec![request_review_spec()]),
    }
}

/// A thread tern started: it has the client tools if they were asked for.
pub(crate) fn started(state: &mut Session, answer: &Answer<ThreadStartResponse>) {
    if let (true, Ok(started)) = (state.config.client_tools, answer) {
        state.review_tool.threads.insert(started.thread.id.clone());
    }
}

/// A fork of the thread on screen (not yet replaced by it): codex gives a fork its source's
/// tools (verified on 0.171), so a fork of a thread with the tool has it too.
pub(crate) fn forked(state: &mut Session, answer: &Answer<ThreadStartResponse>) {
    let source_has_it = state
        .thread_id()
        .is_some_and(|source| state.review_tool.threads.contains(source));
    if let (true, Ok(fork)) = (source_has_it, answer) {
        state.review_tool.threads.insert(fork.thread.id.clone());
    }
}

/// The answer to a call while client tools are off.
const OFF: &str = "The person turned tern's client tools off (client_tools = false): no review \
    can be asked for in this session.";

/// `item/tool/call`: the question it becomes, or (a tool tern does not have) the answer.
pub(crate) fn called(
    state: &mut Session,
    id: RequestId,
    params: DynamicToolCallParams,
) -> Result<Question, Vec<Effect>> {
    let ours = params.tool == REQUEST_REVIEW && params.namespace.is_none();
    if ours && !state.config.client_tools {
        // A thread started with the tool keeps it (resumed later too): the setting still holds.
        return Err(vec![Effect::Respond {
            id,
            result: tool_output(false, OFF),
        }]);
    }
    if ours {
        return Ok(review_request(id, ReviewAsk::of(params)));
    }
    let tool = visible_line(&params.tool);
    state.shown.transcript.notice(
        NoticeLevel::Warning,
        format!("The agent called a client tool tern does not have (`{tool}`); it was told so."),
    );
    let text = format!(
        "tern has no client tool named `{}`; its only client tool is `{REQUEST_REVIEW}`.",
        params.tool
    );
    Err(vec![Effect::Respond {
        id,
        result: tool_output(false, &text),
    }])
}

/// The call as a question: `r` reviews (the question's review key), `n` or Esc dismisses.
fn review_request(id: RequestId, ask: ReviewAsk) -> Question {
    Question {
        id,
        subject: QuestionSubject::ReviewRequest(ask),
        options: vec![QuestionOption {
            key: 'n',
            label: "No, dismiss it (the agent hears that you did not review)".into(),
            kind: OptionKind::Answer {
                result: tool_output(false, DISMISSED),
                record: Record::Declined,
            },
        }],
        withheld: Vec::new(),
    }
}

/// A requested review as it opens: the agent's question, the files, the turn's commands, and
/// the effects reading the files.
pub(crate) type Asked = (String, Vec<ReviewFile>, Vec<String>, Vec<Effect>);

/// The front question's request as a review: the agent's question, the turn's files (those the
/// agent named, when it named any it changed), the commands the turn ran, and the effects
/// reading the files. When the turn changed nothing reviewable yet, the call is answered so
/// (the agent hears why, not "dismissed"): `Err` holds that answer.
pub(crate) fn open(state: &mut Session, now: Instant) -> Result<Asked, Vec<Effect>> {
    let Some(QuestionSubject::ReviewRequest(ask)) =
        state.questions.front().map(|q| &q.question.subject)
    else {
        return Err(vec![]);
    };
    let (question, wanted, turn_id) = (
        ask.question.clone(),
        ask.files.clone(),
        ask.params.turn_id.clone(),
    );
    let (files, commands, mut effects) = match super::turn_review::opened(state, &turn_id) {
        Ok(opened) => opened,
        Err(why) => {
            state
                .shown
                .transcript
                .notice(NoticeLevel::Info, format!("{why} The agent is told so."));
            let text = format!("The person could not review your changes: {why}");
            return Err(answer_front(
                state,
                tool_output(false, &text),
                Record::Declined,
                now,
            ));
        }
    };
    let named: Vec<ReviewFile> = files
        .iter()
        .filter(|f| wanted.iter().any(|w| names(&f.path, w)))
        .cloned()
        .collect();
    if named.is_empty() {
        return Ok((question, files, commands, effects));
    }
    for effect in &mut effects {
        if let Effect::ReadForReview { paths, .. } = effect {
            paths.retain(|p| named.iter().any(|f| &f.path == p));
        }
    }
    Ok((question, named, commands, effects))
}

/// Whether the agent's `wanted` names the file at `path` (absolute): the same path, or its
/// tail.
fn names(path: &str, wanted: &str) -> bool {
    let wanted = wanted.trim_start_matches("./");
    !wanted.is_empty() && (path == wanted || path.ends_with(&format!("/{wanted}")))
}

/// The review's submit: the call answered with the review. With reverts, they are put back
/// first (`turn_review::submit`), and the answer goes once they are done (`answered_by`).
pub(crate) fn submit(
    state: &mut Session,
    files: Vec<ReviewFile>,
    now: Instant,
) -> Result<Vec<Effect>, String> {
    let gone = || "The agent's request for a review is no longer waiting.".to_string();
    let front = state.questions.front().ok_or_else(gone)?;
    let QuestionSubject::ReviewRequest(ask) = &front.question.subject else {
        return Err(gone());
    };
    let (id, turn_id) = (front.question.id.clone(), ask.params.turn_id.clone());
    if files.iter().all(ReviewFile::all_kept) {
        let cwd = super::threads::current_cwd(state);
        let text = review_message(&files, &[], &cwd).unwrap_or_else(|| {
            "The person reviewed your changes and kept every hunk, without comments.".into()
        });
        return Ok(answer_front(
            state,
            tool_output(true, &text),
            Record::Answered,
            now,
        ));
    }
    state.review_tool.answering = Some(id);
    super::turn_review::submit(state, &turn_id, files, now).inspect_err(|_| {
        state.review_tool.answering = None;
    })
}

/// What `/status` says of the review tool in the thread on screen.
pub(crate) fn status(state: &Session) -> Option<String> {
    let thread = state.thread_id()?;
    Some(if !state.config.client_tools {
        "off (client_tools = false): the agent cannot ask for a review".into()
    } else if state.review_tool.threads.contains(thread) {
        format!("the agent can ask for a review ({REQUEST_REVIEW})")
    } else {
        "not known in this thread: a thread keeps the tools it was started with (resumed, \
         forked or rewound too) and codex adds none later; one tern started with client_tools on has it"
            .into()
    })
}
