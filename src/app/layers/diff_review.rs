//! `r` on a turn's diff: the turn's hunks opened as a review (`session::turn_review`) over the
//! pager — kept apart from the pager's scrolling and copy mode. On `git diff HEAD` the same
//! review opens over the person's uncommitted work (`session::git_review`).

use super::diff::{DiffPager, DiffSource};
use super::{Ctx, Layer, Outcome};

impl DiffPager {
    /// `r`: the turn shown, reviewed (`session::turn_review`) in a view over this one.
    pub(super) fn review(&self, cx: &mut Ctx<'_>) -> Outcome {
        let turn_id = match &self.source {
            DiffSource::Turn(turn_id) => turn_id,
            DiffSource::Git { cwd } => return git(cwd, cx),
        };
        match crate::session::turn_review::open(cx.session_mut(), turn_id) {
            Some((files, commands, effects)) => {
                let of = super::hunk_review::Reviewed::Turn(turn_id.clone());
                let review = super::HunkReview::of(of, files, commands);
                Outcome::Open(Layer::HunkReview(review), effects)
            }
            // Why not is said under the transcript: back to it.
            None => Outcome::Close(vec![]),
        }
    }
}

/// `r` on `git diff HEAD`: the person's uncommitted work reviewed; reverts ask first.
fn git(cwd: &str, cx: &mut Ctx<'_>) -> Outcome {
    match crate::session::git_review::open(cx.session_mut(), cwd) {
        Some((files, effects)) => {
            let of = super::hunk_review::Reviewed::Git(cwd.to_string());
            let review = super::HunkReview::of(of, files, Vec::new());
            Outcome::Open(Layer::HunkReview(review), effects)
        }
        // Why not is said under the transcript: back to it.
        None => Outcome::Close(vec![]),
    }
}
