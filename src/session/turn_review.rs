//! A whole turn reviewed afterwards (issue 36), session side: `r` in `/diff`'s turn view (the
//! latest turn's, or a selected cell's after `d`). The same review as a file-change question's
//! (`session::hunk_review`), over every file the turn's aggregate diff names; nothing is
//! answered, so "send review" reverts the reverted hunks at once — each file only when it is
//! still exactly what the turn left (`model::review::turn`), through rewind's restore — then
//! sends the review to the agent as one message (steered into a running turn, else the next
//! message). Files commands changed are not in the diff: the review lists the turn's commands
//! as not revertible, as rewind does.

use crate::model::review::message::review_message;
use crate::model::review::turn::{files_of_turn, plan_turn_revert};
use crate::model::review::ReviewFile;
use crate::model::rewind::{FileRestore, Refusal, RestoreOutcome};
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::hunk_review::PendingRevert;
use crate::session::state::Session;
use std::time::Instant;

/// The key the files read for a turn's review go under (`HunkReviewState::read`): not an item
/// id codex could send (those carry no NUL).
fn key(turn_id: &str) -> String {
    format!("turn\u{0}{turn_id}")
}

/// A turn's review as it opens: its files, the commands it ran (what they changed cannot be
/// reverted here), and the effects reading the files as they are today.
pub(crate) type Opened = (Vec<ReviewFile>, Vec<String>, Vec<Effect>);

/// The review of `turn_id`'s changes; `None` when there is nothing to review, said under the
/// transcript.
pub(crate) fn open(state: &mut Session, turn_id: &str) -> Option<Opened> {
    match opened(state, turn_id) {
        Ok(opened) => Some(opened),
        Err(why) => {
            state.shown.transcript.notice(NoticeLevel::Warning, why);
            None
        }
    }
}

pub(crate) fn opened(state: &mut Session, turn_id: &str) -> Result<Opened, String> {
    let Some(diff) = state.shown.transcript.turn_diffs().get(turn_id) else {
        return Err("This turn changed no file through a patch: nothing to review.".into());
    };
    let cwd = super::threads::current_cwd(state);
    // codex's diff paths are relative to the git root above the cwd: the turn's patch paths
    // (absolute) say which files they are.
    let patched = state.shown.transcript.turn_activity(turn_id).0;
    let files = files_of_turn(diff, &cwd, &patched)?;
    if files.is_empty() {
        return Err("This turn's diff names no file: nothing to review.".into());
    }
    let commands = super::rewind::commands_of(state, &[turn_id.to_string()]);
    let effects = read_today(state, key(turn_id), &files);
    Ok((files, commands, effects))
}

/// The effects reading `files` as they are today under `key`; where none can be read (no
/// root), each is noted unreadable at once.
pub(crate) fn read_today(state: &mut Session, key: String, files: &[ReviewFile]) -> Vec<Effect> {
    let paths: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    match root(state) {
        Ok(cwd) => {
            let step = super::remote_revert::read_for_review(state, cwd, key, paths);
            super::hunk_review::read_step(state, step)
        }
        Err(why) => {
            let read = paths.into_iter().map(|p| (p, Err(why.clone()))).collect();
            state.hunk_review.read = Some((key, read));
            vec![]
        }
    }
}

/// Where files may be put back: rewind's root (on a server elsewhere, through its `fs/*`).
fn root(state: &Session) -> Result<String, String> {
    super::rewind::restore_root(state)
}

/// "Send review": the reverted hunks put back (each file only if it is as the turn left it),
/// then the review sent. `Err` says why it cannot go yet.
pub(crate) fn submit(
    state: &mut Session,
    turn_id: &str,
    files: Vec<ReviewFile>,
    now: Instant,
) -> Result<Vec<Effect>, String> {
    submit_read(state, key(turn_id), files, plan_turn_revert, now)
}

/// How a reviewed file's reverts are planned from the file as it is today.
pub(crate) type PlanRevert = fn(&ReviewFile, Option<&str>) -> Result<Option<FileRestore>, Refusal>;

/// "Send review" over files read under `key` ([`read_today`]): the reverts `plan` allows put
/// back, then the review sent.
pub(crate) fn submit_read(
    state: &mut Session,
    key: String,
    files: Vec<ReviewFile>,
    plan: PlanRevert,
    now: Instant,
) -> Result<Vec<Effect>, String> {
    if state.hunk_review.pending.is_some() {
        return Err("Reverts of an earlier review are still on their way: a moment.".into());
    }
    let cwd = super::threads::current_cwd(state);
    if files.iter().all(ReviewFile::all_kept) {
        let text = review_message(&files, &[], &cwd)
            .ok_or("Nothing to send yet: revert a hunk (x) or write a comment (c).")?;
        return Ok(super::outbox::send(state, text, now));
    }
    let mut restores = Vec::new();
    let mut refused = Vec::new();
    for file in files.iter().filter(|f| !f.all_kept()) {
        let Some(today) = state.hunk_review.before(&key, &file.path) else {
            return Err(super::hunk_review::STILL_READING.into());
        };
        let plan = today
            .clone()
            .and_then(|today| plan(file, today.as_deref()).map_err(|r| r.reason));
        match plan {
            Ok(Some(restore)) => restores.push(restore),
            Ok(None) => {}
            Err(why) => refused.push(RestoreOutcome {
                path: file.path.clone(),
                result: Err(why),
            }),
        }
    }
    state.hunk_review.read = None;
    state.hunk_review.pending = Some(PendingRevert {
        item_id: key,
        files,
        before: Vec::new(),
        reverting: true,
    });
    match root(state) {
        Ok(cwd) if !restores.is_empty() => {
            state.hunk_review.refused = refused;
            let step = super::remote_revert::revert(state, cwd, restores);
            Ok(super::hunk_review::revert_step(state, step, now))
        }
        Ok(_) => Ok(super::hunk_review::reverted(state, &refused, now)),
        Err(why) => {
            let all: Vec<RestoreOutcome> = restores
                .into_iter()
                .map(|r| RestoreOutcome {
                    path: r.path,
                    result: Err(why.clone()),
                })
                .chain(refused)
                .collect();
            Ok(super::hunk_review::reverted(state, &all, now))
        }
    }
}
