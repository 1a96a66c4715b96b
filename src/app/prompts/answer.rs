//! Sending the answer to the front prompt, and keeping a record of it in the transcript.

use crate::app::effect::Effect;
use crate::app::state::AppState;
use crate::model::{NoticeLevel, PromptSubject, Record};
use serde_json::Value;
use std::time::Instant;

/// Answers the front prompt with `result`. The decision is recorded on the cell the prompt was
/// about (the command or file change), or as a notice when it has none.
pub fn answer_front(
    state: &mut AppState,
    result: Value,
    record: Record,
    now: Instant,
) -> Vec<Effect> {
    let Some(prompt) = state.prompts.pop(now) else {
        return vec![];
    };
    let on_cell = prompt
        .item()
        .is_some_and(|(turn, item)| state.transcript.record_decision(turn, item, record.clone()));
    if !on_cell {
        let what = match &prompt.subject {
            PromptSubject::Command(_) => "the command".to_string(),
            PromptSubject::FileChange { .. } => "the file changes".to_string(),
            PromptSubject::Permissions(_) => "the permission request".to_string(),
            PromptSubject::ToolApproval(p) => format!("the {} tool call", p.server_name),
            PromptSubject::Url(p) => format!("{}'s link", p.server_name),
            PromptSubject::Form(_) => "the questions".to_string(),
        };
        let level = if record.is_approval() || record == Record::Answered {
            NoticeLevel::Info
        } else {
            NoticeLevel::Warning
        };
        state
            .transcript
            .notice(level, format!("{}: {what}", record.text()));
    }
    vec![Effect::Respond {
        id: prompt.id,
        result,
    }]
}
