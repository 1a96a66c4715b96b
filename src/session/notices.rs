//! Honest notices: a warning the server repeats every turn ("Model metadata for … not found")
//! shows once with a count (any notice said again since the person's last message is counted
//! on its line too: `Transcript::notice`); retries (`error` with `willRetry`) update one line per turn instead
//! of adding one per try; a thread in `systemError` says so; a deleted exec-policy rule says
//! when the deletion takes effect.

use crate::model::rules::{self, Entry};
use crate::model::{CellKind, NoticeLevel, Transcript, NOTICE_COLUMNS};
use crate::protocol::ErrorNotification;
use crate::session::state::Session;
use crate::text::one_line::one_line;
use crate::text::sanitize::visible_line;
use std::path::Path;

/// What tern puts before a retry's message, so the line can be found and updated.
const RETRYING: &str = "Retrying: ";

/// A warning the server says again every turn: counted on its line (`text (×N)`), across the
/// person's messages too.
pub(crate) fn repeated(state: &mut Session, level: NoticeLevel, text: String) {
    repeated_in(&mut state.shown.transcript, level, text);
}

/// [`repeated`] in any thread's transcript.
pub(crate) fn repeated_in(transcript: &mut Transcript, level: NoticeLevel, text: String) {
    transcript.repeated_notice(level, text);
}

/// An `error` notification: a retry updates the turn's one retry line; a final error is added.
/// In the transcript of the thread it is about.
pub(crate) fn error(transcript: &mut Transcript, e: ErrorNotification) {
    let mut text = e.error.message;
    if let Some(details) = e.error.additional_details {
        text.push_str(&format!(" ({details})"));
    }
    if !e.will_retry {
        transcript.notice(NoticeLevel::Error, format!("Error: {text}"));
        return;
    }
    // Updated in place below, so made one bounded line here as `notice` makes its lines.
    let line = one_line(&format!("{RETRYING}{text}"), NOTICE_COLUMNS);
    // The newest retry line of this turn: nothing the person sent since.
    let newest = transcript.newest_mut(|kind| match kind {
        CellKind::User { .. } => true,
        CellKind::Notice {
            level: NoticeLevel::Warning,
            text,
        } => text.starts_with(RETRYING),
        _ => false,
    });
    if let Some(cell) = newest {
        if let CellKind::Notice { text, .. } = cell.kind_mut() {
            *text = line;
            return;
        }
    }
    transcript.notice(NoticeLevel::Warning, line);
}

/// `thread/status/changed` (or a thread opened) in `systemError`, in that thread's transcript.
pub(crate) fn system_error(transcript: &mut Transcript) {
    repeated_in(
        transcript,
        NoticeLevel::Error,
        "codex reports this thread in an error state (systemError): the last turn could not go on. \
         Send again to retry, or /new for a fresh thread."
            .to_string(),
    );
}

/// What a rule deletion did and when it takes effect (`/rules`).
pub(crate) fn rule_deleted(
    state: &mut Session,
    file: &Path,
    source: &str,
    result: &Result<(), String>,
) {
    let shown_file = show_path(file, state.config.home.as_deref());
    match result {
        Ok(()) => {
            let rule = describe(source);
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "Deleted the rule {rule} from {shown_file}. Threads already running, this \
                     one included, keep applying it until tern is restarted: codex reads rules \
                     when a thread starts. New threads and forks go without it."
                ),
            );
        }
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Error,
            format!(
                "The rule was not deleted from {shown_file}: {}",
                visible_line(e)
            ),
        ),
    }
}

/// A rule for a notice: `git status` (allow), from its source text.
fn describe(source: &str) -> String {
    let parsed = rules::parse(source);
    let text = match parsed.first() {
        Some(Entry::Rule(rule)) => format!("`{}` ({})", rule.summary(), rule.decision.label()),
        _ => source.to_string(),
    };
    visible_line(&text)
}

/// `path` with the home folder shown as `~`.
pub(crate) fn show_path(path: &Path, home: Option<&str>) -> String {
    let text = path.to_string_lossy();
    let shown = match home.and_then(|home| text.strip_prefix(home)) {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
        _ => text.into_owned(),
    };
    visible_line(&shown)
}
