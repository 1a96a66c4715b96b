//! Honest notices: a warning the server repeats every turn ("Model metadata for … not found")
//! shows once with a count; retries (`error` with `willRetry`) update one line per turn instead
//! of adding one per try; a thread in `systemError` says so.

use super::state::AppState;
use crate::model::{CellKind, NoticeLevel};
use crate::protocol::ErrorNotification;

/// What tern puts before a retry's message, so the line can be found and updated.
const RETRYING: &str = "Retrying: ";

/// Adds a notice, or counts it on the newest identical one: `text (×N)`.
pub fn repeated(state: &mut AppState, level: NoticeLevel, text: String) {
    let count_of = |shown: &str| -> Option<u32> {
        if shown == text {
            return Some(1);
        }
        shown
            .strip_prefix(text.as_str())?
            .strip_prefix(" (×")?
            .strip_suffix(')')?
            .parse()
            .ok()
    };
    let existing = state.transcript.newest_mut(|kind| {
        matches!(kind, CellKind::Notice { level: l, text: shown } if *l == level && count_of(shown).is_some())
    });
    match existing {
        Some(cell) => {
            if let CellKind::Notice { text: shown, .. } = cell.kind_mut() {
                let count = count_of(shown).unwrap_or(1) + 1;
                *shown = format!("{text} (×{count})");
            }
        }
        None => state.transcript.notice(level, text),
    }
}

/// An `error` notification: a retry updates the turn's one retry line; a final error is added.
pub fn error(state: &mut AppState, e: ErrorNotification) {
    let mut text = e.error.message;
    if let Some(details) = e.error.additional_details {
        text.push_str(&format!(" ({details})"));
    }
    if !e.will_retry {
        state
            .transcript
            .notice(NoticeLevel::Error, format!("Error: {text}"));
        return;
    }
    let line = format!("{RETRYING}{text}");
    // The newest retry line of this turn: nothing the person sent since.
    let newest = state.transcript.newest_mut(|kind| match kind {
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
    state.transcript.notice(NoticeLevel::Warning, line);
}

/// `thread/status/changed` (or a thread opened) in `systemError`.
pub fn system_error(state: &mut AppState) {
    repeated(
        state,
        NoticeLevel::Error,
        "codex reports this thread in an error state (systemError): the last turn could not go on. \
         Send again to retry, or /new for a fresh thread."
            .to_string(),
    );
}
