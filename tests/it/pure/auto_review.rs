//! Auto-review: `/approvals` chooses who reviews approvals, sent as `approvalsReviewer` with the
//! next `turn/start` (the exact JSON); tern declares `requiredHumanApproval`, and a
//! `humanCommand` approval — one codex asks of the person — offers only one-time answers,
//! behind the same type-ahead gate as every question.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect};

fn turn_start(state: &mut AppState, now: Instant) -> Value {
    type_text(state, "hi", now);
    let effects = wire(update(state, key(KeyCode::Enter), now));
    effects
        .iter()
        .filter_map(request_json)
        .find(|(method, _)| *method == "turn/start")
        .map(|(_, params)| params)
        .expect("a turn/start")
}

#[test]
fn auto_review_chosen_in_approvals_goes_with_the_next_turn() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/approvals");
    update(&mut state, key(KeyCode::Enter), now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("● You review"),
        "the thread's reviewer is marked: {shown}"
    );
    // The last row: codex's auto-review.
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Enter), now);
    let params = turn_start(&mut state, now);
    assert_eq!(params["approvalsReviewer"], "auto_review");
    assert!(
        params.get("approvalPolicy").is_none(),
        "the policy is left as it is: {params}"
    );
    assert!(screen(&mut state, 100, 30, now).contains("codex's auto-review decides the approvals"));
    // And back to the person.
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    state.set_draft("/approvals");
    update(&mut state, key(KeyCode::Enter), now);
    assert!(screen(&mut state, 100, 30, now).contains("● Auto-review"));
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(turn_start(&mut state, now)["approvalsReviewer"], "user");
}

fn human_command(state: &mut AppState, now: Instant) {
    let proposal = json!(["rm", "-rf"]);
    update(
        state,
        server_request(
            0,
            "item/commandExecution/requestApproval",
            json!({"kind": "humanCommand", "threadId": THREAD, "turnId": "turn-1", "itemId": "call_0",
                "reason": "auto-review denied it; only you can allow it",
                "command": "rm -rf build", "cwd": "/home/user/project",
                "proposedExecpolicyAmendment": proposal,
                "availableDecisions": ["accept", "acceptForSession",
                    {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": proposal}},
                    "decline", "cancel"]}),
        ),
        now,
    );
}

fn responds(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::Respond { .. }))
}

#[test]
fn a_human_command_takes_only_a_one_time_answer_after_the_gate() {
    let now = Instant::now();
    let mut state = running_state(now);
    human_command(&mut state, now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("only a one-time answer is taken"), "{shown}");
    assert!(!shown.contains("don't ask again"), "{shown}");
    // Typed before it could be read: nothing answered.
    assert!(!responds(&press(&mut state, KeyCode::Char('y'), now)));
    // For the session, or a rule: not offered.
    assert!(!responds(&press(&mut state, KeyCode::Char('a'), read(now))));
    assert!(!responds(&press(&mut state, KeyCode::Char('p'), read(now))));
    // (Keys that answer nothing start the pause again: `y` is read after it.)
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), read(read(now))),
        answer(0, json!("accept"))
    );
}
