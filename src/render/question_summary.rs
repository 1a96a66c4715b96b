//! A waiting question in one line, for a list of them (the inbox): what it asks, made visible
//! (control characters as markers, never applied) and whole enough to tell it from the others.
//! The list shows the selected question's whole body too (`question::question_lines`): this
//! line is the list's label, not the question.

use crate::model::{Question, QuestionSubject};
use crate::text::one_line::visible_one_line;
use crate::text::sanitize::visible_line;
use std::time::Duration;

/// The most of a quoted text a summary keeps (the list cuts it again to its width).
const LONG: usize = 200;

/// The first [`LONG`] characters of `text`: what a list's row can show at most.
fn head(text: &str) -> String {
    text.chars().take(LONG).collect()
}

/// What `question` asks, on one line.
pub(crate) fn summary(question: &Question) -> String {
    match &question.subject {
        QuestionSubject::Command(p) => match p.command.as_deref() {
            // Marks for control characters rather than spaces: a `\r` shows where it is.
            Some(command) => format!("run `{}`", visible_line(&head(command))),
            None => "run a command".to_string(),
        },
        QuestionSubject::FileChange { changes, .. } => match changes.as_slice() {
            [one] => format!("change {}", visible_line(&one.path)),
            [] => "change files".to_string(),
            many => format!("change {} files", many.len()),
        },
        QuestionSubject::Permissions(p) => match p.reason.as_deref() {
            Some(reason) => format!("grant permissions: {}", visible_one_line(reason, LONG)),
            None => "grant permissions".to_string(),
        },
        QuestionSubject::ToolApproval(p) => format!(
            "let {} run a tool: {}",
            visible_line(&p.server_name),
            visible_one_line(&p.message, LONG)
        ),
        QuestionSubject::Url(p) => format!("open {}'s link", visible_line(&p.server_name)),
        QuestionSubject::Form(spec) => match spec.questions.as_slice() {
            [one] => format!("answer: {}", visible_one_line(&one.text, LONG)),
            many => format!("answer {} questions", many.len()),
        },
        QuestionSubject::ImplementPlan { .. } => "implement the plan?".to_string(),
        QuestionSubject::ReviewRequest(ask) => format!(
            "review the agent's changes: {}",
            visible_one_line(&ask.question, LONG)
        ),
    }
}

/// How long a question has waited, in a few characters: `12s`, `3m`, `2h`, `4d`.
pub(crate) fn age(waited: Duration) -> String {
    let secs = waited.as_secs();
    match secs {
        0..=59 => format!("{secs}s"),
        60..=3599 => format!("{}m", secs / 60),
        3600..=86_399 => format!("{}h", secs / 3600),
        _ => format!("{}d", secs / 86_400),
    }
}
