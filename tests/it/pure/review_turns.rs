//! A review runs as a turn whose events arrive under the id `review/start` answered with, while
//! its `turn/started` names another id rooted there (recorded with 0.171): tern follows the root,
//! so the review's `turn/completed` ends the turn and the next message goes out. A goal's
//! continuation (rooted in a turn that already ended) is a turn of its own.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::update;
use tern::model::{CellKind, ItemCell};
use tern::session::state::TurnPhase;

fn turn(id: &str, root: &str, status: &str) -> serde_json::Value {
    json!({"threadId": THREAD, "turn": {"id": id, "rootTurnId": root, "items": [], "status": status}})
}

#[test]
fn a_review_turn_follows_its_root_and_ends_with_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // As 0.171 sends it: the review's first item under the root, then `turn/started` under an
    // id of its own rooted there, then items and `turn/completed` under the root again.
    let entered = json!({"type": "enteredReviewMode", "id": "r-1", "review": "current changes"});
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t-review", "item": entered}),
        ),
        now,
    );
    update(
        &mut state,
        notify("turn/started", turn("t-inner", "t-review", "inProgress")),
        now,
    );
    assert!(
        matches!(state.turn(), TurnPhase::Running { id, .. } if id == "t-review"),
        "{:?}",
        *state.turn()
    );
    let user = json!({"type": "userMessage", "id": "u-1", "content": [{"type": "text", "text": "Review the current code changes"}]});
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "t-review", "item": user}),
        ),
        now,
    );
    assert!(
        matches!(state.turn(), TurnPhase::Running { id, .. } if id == "t-review"),
        "{:?}",
        *state.turn()
    );
    update(
        &mut state,
        notify("turn/completed", turn("t-review", "t-review", "completed")),
        now,
    );
    assert_eq!(*state.turn(), TurnPhase::Idle);
}

#[test]
fn a_turn_rooted_in_a_turn_this_thread_never_ran_is_a_turn_of_its_own() {
    // A sub-agent's first turn names its parent's turn as its root.
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify("turn/started", turn("t-child", "t-parent", "inProgress")),
        now,
    );
    assert!(matches!(state.turn(), TurnPhase::Running { id, .. } if id == "t-child"));
    update(
        &mut state,
        notify("turn/completed", turn("t-child", "t-parent", "completed")),
        now,
    );
    assert_eq!(*state.turn(), TurnPhase::Idle);
}

#[test]
fn a_goal_continuation_is_a_turn_of_its_own() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify("turn/started", turn("t-1", "t-1", "inProgress")),
        now,
    );
    update(
        &mut state,
        notify("turn/completed", turn("t-1", "t-1", "completed")),
        now,
    );
    update(
        &mut state,
        notify("turn/started", turn("t-2", "t-1", "inProgress")),
        now,
    );
    assert!(matches!(state.turn(), TurnPhase::Running { id, .. } if id == "t-2"));
    update(
        &mut state,
        notify("turn/completed", turn("t-2", "t-1", "completed")),
        now,
    );
    assert_eq!(*state.turn(), TurnPhase::Idle);
}

#[test]
fn an_item_kind_tern_does_not_know_gets_a_line_naming_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "t", "item": {"type": "telepathy", "id": "x1", "depth": 3}}),
        ),
        now,
    );
    let last = state.transcript().cells().last().unwrap().kind().clone();
    assert_eq!(
        last,
        CellKind::Item(ItemCell::Unknown {
            item_type: "telepathy".into()
        })
    );
    // A known type whose fields are wrong is still an error, not an unknown item.
    let bad = tern::protocol::ServerNotification::from_parts(
        "item/completed",
        json!({"threadId": THREAD, "turnId": "t", "item": {"type": "agentMessage"}}),
    );
    assert!(bad.is_err());
}
