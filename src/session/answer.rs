//! Sending the answer to the front question, and keeping a record of it in the transcript.

use crate::model::{NoticeLevel, QuestionSubject, Record};
use crate::session::effect::Effect;
use crate::session::state::Session;
use serde_json::Value;
use std::time::Instant;

/// Answers the front question with `result`. The decision is recorded on the cell the question was
/// about (the command or file change), or as a notice when it has none.
pub(crate) fn answer_front(
    state: &mut Session,
    result: Value,
    record: Record,
    now: Instant,
) -> Vec<Effect> {
    if state.questions.front().is_some_and(|q| q.stale) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Not sent: this question was asked on the connection that was lost. Once tern is \
             reconnected codex asks it again (if it still waits) and your answer can go.",
        );
        return vec![];
    }
    let Some(question) = state.questions.pop(now) else {
        return vec![];
    };
    // The decision goes on the cell of the thread that asked; a thread not on screen also
    // gets a line here, so what the person just decided is never out of sight.
    let thread = question.thread_id().to_string();
    let elsewhere = !thread.is_empty() && state.thread_id() != Some(thread.as_str());
    let on_cell = question.item().is_some_and(|(turn, item)| {
        let model = if elsewhere {
            state.threads.get_mut(&thread)
        } else {
            Some(&mut state.shown)
        };
        model.is_some_and(|m| m.transcript.record_decision(turn, item, record.clone()))
    });
    if !on_cell || elsewhere {
        let what = match &question.subject {
            QuestionSubject::Command(_) => "the command".to_string(),
            QuestionSubject::FileChange { .. } => "the file changes".to_string(),
            QuestionSubject::Permissions(_) => "the permission request".to_string(),
            QuestionSubject::ToolApproval(p) => format!("the {} tool call", p.server_name),
            QuestionSubject::Url(p) => format!("{}'s link", p.server_name),
            QuestionSubject::Form(_) => "the questions".to_string(),
            QuestionSubject::ImplementPlan { .. } => "the plan".to_string(),
            QuestionSubject::ReviewRequest(_) => "the agent's request for a review".to_string(),
        };
        let level = if record.is_approval() || record == Record::Answered {
            NoticeLevel::Info
        } else {
            NoticeLevel::Warning
        };
        let text = format!(
            "{}: {what}{}",
            record.text(),
            whose(state, &thread, elsewhere)
        );
        state.shown.transcript.notice(level, text);
    }
    vec![Effect::Respond {
        id: question.id,
        result,
    }]
}

/// Whose question it was, when not the shown thread's: its title (or agent's name) when tern
/// knows it, else its id — one line, sanitised (the server and the model name threads).
fn whose(state: &Session, thread: &str, elsewhere: bool) -> String {
    if elsewhere {
        let name = super::inbox::thread_label(state, thread);
        format!(" (thread {})", crate::text::sanitize::sanitize_line(&name))
    } else {
        String::new()
    }
}
