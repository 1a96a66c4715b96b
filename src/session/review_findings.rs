//! `/review`'s findings kept or dropped and commented (issue 36), session side: the findings of
//! a review cell (drafts kept while their list is closed), and "send review" — the kept
//! findings with their comments as the person's next message: sent at once when the thread is
//! idle, else queued for when the running turn ends (never steered: the review's own turn,
//! still ending when its findings show, refuses steering, and the findings are a new request).

use crate::model::review::findings::{findings_message, parse_findings, Finding};
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::Instant;

/// The findings of the review that ran as `turn`: as the person left them, else read afresh
/// from its text. `Err` says why there is nothing to comment on.
pub(crate) fn open(state: &Session, turn: &str, review: &str) -> Result<Vec<Finding>, String> {
    if let Some(drafts) = state.finding_drafts.get(turn) {
        return Ok(drafts.clone());
    }
    let findings = parse_findings(review);
    if findings.is_empty() {
        return Err("This review names no finding (`- title — path:line`) to comment on.".into());
    }
    Ok(findings)
}

/// The list closed unsent: what the person decided waits for its next opening.
pub(crate) fn keep_drafts(state: &mut Session, turn: &str, findings: Vec<Finding>) {
    state.finding_drafts.insert(turn.to_string(), findings);
}

/// "Send review": the kept findings and their comments go to the agent. `Err` when every
/// finding was dropped (nothing is sent).
pub(crate) fn send(
    state: &mut Session,
    turn: &str,
    findings: &[Finding],
    now: Instant,
) -> Result<Vec<Effect>, String> {
    let cwd = super::threads::current_cwd(state);
    let Some(text) = findings_message(findings, &cwd) else {
        return Err("Every finding is dropped: keep one (x) to send the review.".into());
    };
    state.finding_drafts.remove(turn);
    let kept = findings.iter().filter(|f| f.keep).count();
    let commented = findings
        .iter()
        .filter(|f| f.keep && !f.comment.trim().is_empty())
        .count();
    if state.turn_active() {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!(
                "Review queued: {kept} finding(s) kept, {commented} with your comment; it goes \
                 out when the running turn ends."
            ),
        );
        return Ok(super::outbox::queue_message(
            state,
            crate::session::state::outbox::Message::from(text),
            now,
        ));
    }
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!("Review sent: {kept} finding(s) kept, {commented} with your comment."),
    );
    Ok(super::outbox::send(state, text, now))
}
