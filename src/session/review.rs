//! `/review`'s session side: the `review/start` request for a chosen target, and its answer.
//! The review runs as a turn; its events show it (see `model::item_cell`).

use crate::model::NoticeLevel;
use crate::protocol::{ReviewStartParams, ReviewStartResponse, ReviewTarget};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::{Session, TurnPhase};
use std::time::Instant;

/// Asks for a review of `target`, unless a turn runs (the server would refuse) or there is no
/// thread yet.
pub(crate) fn start(state: &mut Session, target: ReviewTarget, now: Instant) -> Vec<Effect> {
    if state.turn_active() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "/review waits for the running turn: interrupt it (Esc) or let it finish.",
        );
        return vec![];
    }
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: wait until it is ready to review.",
        );
        return vec![];
    };
    state.shown.scroll.to_bottom();
    state.shown.turn = TurnPhase::Starting { since: now };
    vec![Effect::Request(ClientRequest::StartReview(
        ReviewStartParams {
            thread_id,
            target,
            delivery: "inline".into(),
        },
    ))]
}

/// The server answered `review/start`: the review's turn runs, or the refusal is said.
pub(crate) fn answered(state: &mut Session, answer: Answer<ReviewStartResponse>) -> Vec<Effect> {
    match answer {
        Ok(ReviewStartResponse { turn, .. }) => {
            if let TurnPhase::Starting { since } = state.shown.turn {
                if !state.shown.finished_turns.contains(&turn.id) {
                    state.shown.turn = TurnPhase::Running { id: turn.id, since };
                }
            }
        }
        Err(e) => {
            if matches!(state.shown.turn, TurnPhase::Starting { .. }) {
                state.shown.turn = TurnPhase::Idle;
            }
            state
                .shown
                .transcript
                .notice(NoticeLevel::Error, format!("The review did not start: {e}"));
        }
    }
    vec![]
}
