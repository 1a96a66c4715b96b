//! The file-change question reviewed hunk by hunk (issue 36), session side. The protocol takes
//! a file change whole, so the review's answer is honest about it: every hunk kept is
//! `accept`; every hunk reverted is `decline`; a mix is `accept`, and once the change's item
//! completes tern puts the reverted hunks back itself (rewind's restore: only where the file is
//! exactly what the patch produced) before any further question is answered, then tells the
//! agent which hunks it reverted — quoted, since the agent saw them applied — with the
//! person's comments against file and line (`turn/steer` while the turn runs, else the next
//! message). The files are read when the review opens, while codex still waits for the
//! answer: what was there before the patch is what a revert puts back.

use crate::model::review::message::{declined_message, review_message};
use crate::model::review::revert::plan_kept;
use crate::model::review::ReviewFile;
use crate::model::rewind::{Refusal, RestoreOutcome};
use crate::model::{NoticeLevel, QuestionSubject, Record};
use crate::protocol::{Decision, ThreadItem};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::remote_revert::{ReadStep, Step};
use crate::session::state::hunk_review::PendingRevert;
use crate::session::state::Session;
use std::time::Instant;

/// The front question's files as a review, and the effect reading them as they are before the
/// patch; `None` when the front question is not a file change.
pub(crate) fn open(state: &mut Session) -> Option<(String, Vec<ReviewFile>, Vec<Effect>)> {
    let front = state.questions.front()?;
    let QuestionSubject::FileChange { params, changes } = &front.question.subject else {
        return None;
    };
    let item_id = params.item_id.clone();
    let files: Vec<ReviewFile> = changes.iter().map(ReviewFile::of_change).collect();
    let paths = files.iter().map(|f| f.path.clone()).collect();
    let effects = match super::rewind::restore_root(state) {
        Ok(cwd) => {
            let step = super::remote_revert::read_for_review(state, cwd, item_id.clone(), paths);
            read_step(state, step)
        }
        Err(why) => {
            let read = files
                .iter()
                .map(|f| (f.path.clone(), Err(why.clone())))
                .collect();
            state.hunk_review.read = Some((item_id.clone(), read));
            vec![]
        }
    };
    Some((item_id, files, effects))
}

/// The files of `item_id` as read before its patch.
pub(crate) fn files_read(
    state: &mut Session,
    item_id: String,
    files: Vec<(String, Result<Option<String>, String>)>,
) {
    state.hunk_review.read = Some((item_id, files));
    state.layer_events.push(LayerEvent::ReviewFilesRead);
}

/// The review's reads under way (or done at once: the files are the review's).
pub(crate) fn read_step(state: &mut Session, (effects, read): ReadStep) -> Vec<Effect> {
    if let Some((item_id, files)) = read {
        files_read(state, item_id, files);
    }
    effects
}

/// The reverts under way, or what became of them.
pub(crate) fn revert_step(state: &mut Session, step: Step, now: Instant) -> Vec<Effect> {
    match step {
        Step::Ask(effects) => effects,
        Step::Reverted(outcomes) => reverted(state, &outcomes, now),
    }
}

/// Why a review cannot go yet: the files it would put back are still being read. The review
/// then sends itself once they are (`LayerEvent::ReviewFilesRead`).
pub(crate) const STILL_READING: &str = "Still reading the files as they are: a moment.";

/// The review's submit: answers the front question (`item_id`'s) as the decisions allow.
/// `Err` says why it cannot go yet (the files are still being read).
pub(crate) fn submit(
    state: &mut Session,
    item_id: &str,
    files: Vec<ReviewFile>,
    now: Instant,
) -> Result<Vec<Effect>, String> {
    let asks = state.questions.front().and_then(|q| q.question.item_key());
    if asks != Some(item_id) {
        return Err("This review's question is no longer the one asked.".into());
    }
    let cwd = super::threads::current_cwd(state);
    let all_kept = files.iter().all(ReviewFile::all_kept);
    let all_reverted = files.iter().all(|f| f.all_reverted() || f.hunks.is_empty())
        && files.iter().any(ReviewFile::all_reverted);
    if all_reverted {
        let mut effects = answer(state, Decision::Decline, Record::Declined, now);
        if let Some(text) = declined_message(&files, &cwd) {
            effects.extend(tell(state, text, now));
        }
        return Ok(effects);
    }
    if all_kept {
        let mut effects = answer(state, Decision::Accept, Record::ApprovedOnce, now);
        if let Some(text) = review_message(&files, &[], &cwd) {
            effects.extend(tell(state, text, now));
        }
        return Ok(effects);
    }
    let mut before = Vec::new();
    for file in &files {
        match state.hunk_review.before(item_id, &file.path) {
            Some(read) => before.push(read.clone()),
            None if file.all_kept() => before.push(Ok(None)),
            None => return Err(STILL_READING.into()),
        }
    }
    let effects = answer(state, Decision::Accept, Record::ApprovedOnce, now);
    state.hunk_review.pending = Some(PendingRevert {
        item_id: item_id.to_string(),
        files,
        before,
        reverting: false,
    });
    state.shown.transcript.notice(
        NoticeLevel::Info,
        "Accepted; the hunks you reverted are put back once codex has applied the change.",
    );
    Ok(effects)
}

fn answer(state: &mut Session, decision: Decision, record: Record, now: Instant) -> Vec<Effect> {
    super::answer::answer_front(state, decision.response(), record, now)
}

/// The review goes to the agent: steered into the running turn, else as the next message.
fn tell(state: &mut Session, text: String, now: Instant) -> Vec<Effect> {
    if let Some(answered) = super::review_answer::answered_by(state, &text, now) {
        return answered;
    }
    super::outbox::send(state, text, now)
}

/// An item completed on the thread on screen: the reviewed change landed (its reverts are put
/// back now), or was not applied (nothing to put back).
pub(crate) fn item_completed(state: &mut Session, item: &ThreadItem, now: Instant) -> Vec<Effect> {
    let ThreadItem::FileChange { id, status, .. } = item else {
        return vec![];
    };
    let Some(pending) = state.hunk_review.pending.as_mut() else {
        return vec![];
    };
    if pending.item_id != *id || pending.reverting {
        return vec![];
    }
    if status.as_deref() != Some("completed") {
        state.hunk_review.pending = None;
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "The reviewed change was not applied: no hunk needs putting back.",
        );
        return vec![];
    }
    let mut restores = Vec::new();
    let mut refused = Vec::new();
    for (file, before) in pending.files.iter().zip(&pending.before) {
        match before {
            Err(why) if !file.all_kept() => refused.push((file.path.clone(), why.clone())),
            Err(_) => {}
            Ok(before) => match plan_kept(file, before.as_deref()) {
                Ok(Some(restore)) => restores.push(restore),
                Ok(None) => {}
                Err(r) => refused.push((r.path, r.reason)),
            },
        }
    }
    pending.reverting = true;
    let refused: Vec<RestoreOutcome> = refused
        .into_iter()
        .map(|(path, why)| RestoreOutcome {
            path,
            result: Err(why),
        })
        .collect();
    match super::rewind::restore_root(state) {
        Ok(cwd) if !restores.is_empty() => {
            state.hunk_review.read = None;
            state.hunk_review.refused = refused;
            let step = super::remote_revert::revert(state, cwd, restores);
            revert_step(state, step, now)
        }
        Ok(_) => reverted(state, &refused, now),
        Err(why) => {
            let all: Vec<RestoreOutcome> = restores
                .into_iter()
                .map(|r| RestoreOutcome {
                    path: r.path,
                    result: Err(why.clone()),
                })
                .chain(refused)
                .collect();
            reverted(state, &all, now)
        }
    }
}

/// What became of the reverts: said on screen, and the review sent to the agent.
pub(crate) fn reverted(
    state: &mut Session,
    outcomes: &[RestoreOutcome],
    now: Instant,
) -> Vec<Effect> {
    let Some(pending) = state.hunk_review.pending.take() else {
        return vec![];
    };
    let known = std::mem::take(&mut state.hunk_review.refused);
    let refused: Vec<Refusal> = outcomes
        .iter()
        .chain(&known)
        .filter_map(|o| {
            o.result.as_ref().err().map(|why| Refusal {
                path: o.path.clone(),
                reason: why.clone(),
            })
        })
        .collect();
    let shown = |p: &str| crate::text::sanitize::visible_line(p);
    for file in &pending.files {
        let hunks: Vec<String> = file.reverted().map(|i| (i + 1).to_string()).collect();
        if hunks.is_empty() {
            continue;
        }
        let (level, text) = match refused.iter().find(|r| r.path == file.path) {
            Some(r) => (
                NoticeLevel::Warning,
                format!(
                    "Not reverted: hunk {} of {} — {}",
                    hunks.join(", "),
                    shown(&file.path),
                    shown(&r.reason)
                ),
            ),
            None => (
                NoticeLevel::Info,
                format!(
                    "Reverted hunk {} of {}",
                    hunks.join(", "),
                    shown(&file.path)
                ),
            ),
        };
        state.shown.transcript.notice(level, text);
    }
    let cwd = super::threads::current_cwd(state);
    match review_message(&pending.files, &refused, &cwd) {
        Some(text) => tell(state, text, now),
        None => vec![],
    }
}
