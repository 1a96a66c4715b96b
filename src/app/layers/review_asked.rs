//! `r` on the agent's request for a review (`request_review`): the turn's changes so far
//! opened as a review whose Enter answers the call (`session::review_tool`). Esc goes back to
//! the request, unanswered.

use super::hunk_review::{HunkReview, Reviewed};
use super::{Layer, Outcome};
use crate::model::QuestionSubject;
use crate::session::state::Session;
use std::time::Instant;

/// Whether the front question is the agent's request for a review.
pub(crate) fn asked_by_agent(session: &Session) -> bool {
    session
        .questions
        .front()
        .is_some_and(|q| matches!(q.question.subject, QuestionSubject::ReviewRequest(_)))
}

/// The review opened over the request; when the turn changed nothing yet, the call is answered
/// saying so (and said under the transcript).
pub(crate) fn open(session: &mut Session, now: Instant) -> Outcome {
    match crate::session::review_tool::open(session, now) {
        Ok((question, files, commands, effects)) => {
            let review = HunkReview::of(Reviewed::Asked(question), files, commands);
            Outcome::Open(Layer::HunkReview(review), effects)
        }
        Err(answered) => Outcome::Consumed(answered),
    }
}
