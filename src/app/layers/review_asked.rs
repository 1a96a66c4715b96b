//! `r` on the agent's request for a review (`request_review`): the turn's changes so far
//! opened as a review whose Enter answers the call (`session::review_tool`). Esc goes back to
//! the request, unanswered.

use super::hunk_review::{HunkReview, Reviewed};
use super::{Layer, Outcome};
use crate::model::QuestionSubject;
use crate::session::state::Session;

/// Whether the front question is the agent's request for a review.
pub(crate) fn asked_by_agent(session: &Session) -> bool {
    session
        .questions
        .front()
        .is_some_and(|q| matches!(q.question.subject, QuestionSubject::ReviewRequest(_)))
}

/// The review opened over the request; when the turn changed nothing yet, that is said under
/// the transcript and the request stays.
pub(crate) fn open(session: &mut Session) -> Outcome {
    match crate::session::review_tool::open(session) {
        Some((question, files, commands, effects)) => {
            let review = HunkReview::of(Reviewed::Asked(question), files, commands);
            Outcome::Open(Layer::HunkReview(review), effects)
        }
        None => Outcome::Consumed(vec![]),
    }
}
