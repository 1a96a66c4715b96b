//! A stored turn (from `thread/read`, `thread/resume` or `thread/turns/list`) rebuilt as the
//! cells it showed live, the person's decisions included. The server keeps no record of the
//! answer itself, but of its effects: a refused command or edit is stored `declined`; `cancel`
//! also ends the turn `interrupted` (a cancelled edit stays `inProgress`, never completed); an
//! interrupted or failed turn says so in its status. From those: "✗ declined" on the refused
//! item, "■ cancelled the turn" on the one that ended an interrupted turn, and the turn's
//! "Turn interrupted" or "Turn failed" notice, then the rule that ends every finished turn.

use super::super::cell::{CellKind, NoticeLevel};
use super::super::question::Record;
use super::Transcript;
use crate::protocol::{ThreadItem, Turn, TurnStatus};

pub(super) fn load_turn(transcript: &mut Transcript, turn: &Turn) {
    for item in &turn.items {
        transcript.upsert_item(&turn.id, item, true);
    }
    let interrupted = matches!(turn.status, TurnStatus::Interrupted);
    // The approval that stopped an interrupted turn: its last item asked about, when refused
    // or never completed.
    let cancelled = interrupted
        .then(|| {
            turn.items
                .iter()
                .rev()
                .find_map(asked_about)
                .filter(|(_, status)| matches!(*status, "declined" | "inProgress"))
                .map(|(id, _)| id)
        })
        .flatten();
    for (id, status) in turn.items.iter().filter_map(asked_about) {
        let record = match status {
            _ if Some(id) == cancelled => Record::Cancelled,
            "declined" => Record::Declined,
            _ => continue,
        };
        transcript.record_decision(&turn.id, id, record);
    }
    if !matches!(turn.status, TurnStatus::InProgress) {
        // Nothing of a finished turn runs or streams any more.
        transcript.settle_turn(&turn.id, false);
    }
    match turn.status {
        TurnStatus::Interrupted => transcript.notice(NoticeLevel::Warning, "Turn interrupted"),
        TurnStatus::Failed => {
            let message = turn
                .error
                .as_ref()
                .map_or("no reason given", |e| e.message.as_str());
            transcript.notice(NoticeLevel::Error, format!("Turn failed: {message}"));
        }
        TurnStatus::Completed | TurnStatus::InProgress => {}
    }
    if !matches!(turn.status, TurnStatus::InProgress) {
        // The rule a live turn ends with (`turn/completed`); the store keeps no token counts.
        transcript.push(CellKind::TurnEnd {
            status: format!("{:?}", turn.status).to_lowercase(),
            duration_ms: turn.duration_ms,
            tokens: None,
        });
    }
}

/// An item the person may have been asked about (a command or an edit): its id and status.
fn asked_about(item: &ThreadItem) -> Option<(&str, &str)> {
    match item {
        ThreadItem::CommandExecution { id, status, .. }
        | ThreadItem::FileChange { id, status, .. } => {
            Some((id.as_str(), status.as_deref().unwrap_or("inProgress")))
        }
        _ => None,
    }
}
