//! `/diff`'s git-diff view reviewed (issue 36): `r` over `git diff HEAD` opens the same review
//! as a turn's (`session::turn_review`), its files resolved from the repository's top folder
//! (git's paths start there, not at the cwd). The hunks are the person's own uncommitted work,
//! so the view asks before putting any back (`app::layers::git_review`: a key per file, its
//! prompt naming it) and reverts a file only while it is exactly what the view showed
//! (`model::review::turn::plan_shown_revert`); the review then goes to the agent as one
//! message, as a turn's does.

use crate::model::review::turn::{files_of_turn, plan_shown_revert};
use crate::model::review::ReviewFile;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::GitDiffOutput;
use crate::session::state::Session;
use std::time::Instant;

/// The key the files read for a git-diff review go under: no item id codex could send.
fn key(cwd: &str) -> String {
    format!("git\u{0}{cwd}")
}

/// `git diff` came back: kept as what the view shows, for `r`.
pub(crate) fn diff_read(state: &mut Session, cwd: &str, result: &Result<GitDiffOutput, String>) {
    state.hunk_review.git_shown = result.as_ref().ok().map(|o| (cwd.to_string(), o.clone()));
}

/// The review of the git diff shown for `cwd`, and the effects reading its files as they are
/// today; `None` when there is none, said under the transcript.
pub(crate) fn open(state: &mut Session, cwd: &str) -> Option<(Vec<ReviewFile>, Vec<Effect>)> {
    match opened(state, cwd) {
        Ok(opened) => Some(opened),
        Err(why) => {
            let why = crate::text::sanitize::visible_line(&why);
            state.shown.transcript.notice(NoticeLevel::Warning, why);
            None
        }
    }
}

fn opened(state: &mut Session, cwd: &str) -> Result<(Vec<ReviewFile>, Vec<Effect>), String> {
    let Some((_, shown)) = state
        .hunk_review
        .git_shown
        .as_ref()
        .filter(|(c, _)| c == cwd)
    else {
        return Err("The git diff is still being read: a moment.".into());
    };
    let root = shown.root.clone().unwrap_or_else(|| cwd.to_string());
    let mut files = files_of_turn(&shown.text, &root, &[])?;
    if shown.truncated {
        // The last file may be cut short: its hunks are not all there to put back.
        if let Some(last) = files.last_mut() {
            last.fixed = Some("cut short in the view (the diff is too long): kept".into());
        }
    }
    if files.is_empty() {
        return Err("The git diff names no file: nothing to review.".into());
    }
    let effects = super::turn_review::read_today(state, key(cwd), &files);
    Ok((files, effects))
}

/// The files whose reverts need the person's word first, by index, with how many hunks each
/// reverts.
pub(crate) fn to_confirm(files: &[ReviewFile]) -> Vec<(usize, usize)> {
    files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.fixed.is_none() && !f.all_kept())
        .map(|(i, f)| (i, f.reverted().count()))
        .collect()
}

/// "Send review", once every revert was confirmed: put back (each file only if it is still
/// what the view showed), then the review sent.
pub(crate) fn submit(
    state: &mut Session,
    cwd: &str,
    files: Vec<ReviewFile>,
    now: Instant,
) -> Result<Vec<Effect>, String> {
    super::turn_review::submit_read(state, key(cwd), files, plan_shown_revert, now)
}
