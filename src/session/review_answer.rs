//! The answer of the agent's request for a review (`review_tool`) once the review's reverts
//! are done: the review is the call's output, not a message. Apart from `review_tool` so that
//! `hunk_review`, which finishes the reverts, needs only this.

use super::answer::answer_front;
use crate::model::Record;
use crate::protocol::dynamic_tools::tool_output;
use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::Instant;

/// The review `text`, once its reverts are done: the answer of the call that asked for it,
/// when one did (`None`: it goes to the agent as a message).
pub(crate) fn answered_by(state: &mut Session, text: &str, now: Instant) -> Option<Vec<Effect>> {
    let id = state.review_tool.answering.take()?;
    if state.questions.front().map(|q| &q.question.id) != Some(&id) {
        return None;
    }
    Some(answer_front(
        state,
        tool_output(true, text),
        Record::Answered,
        now,
    ))
}
