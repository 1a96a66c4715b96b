//! `r` on a turn's diff: the turn's hunks opened as a review (`session::turn_review`) over the
//! pager — kept apart from the pager's scrolling and copy mode.

use super::diff::{DiffPager, DiffSource};
use super::{Ctx, Layer, Outcome};

impl DiffPager {
    /// `r`: the turn shown, reviewed (`session::turn_review`) in a view over this one.
    pub(super) fn review(&self, cx: &mut Ctx<'_>) -> Outcome {
        let DiffSource::Turn(turn_id) = &self.source else {
            return Outcome::Consumed(vec![]);
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
