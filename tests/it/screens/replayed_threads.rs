//! A thread read back (`thread/resume`, `thread/turns/list`) keeps the decisions taken in it:
//! a refused command shows "✗ declined", the approval that stopped the turn "■ cancelled the
//! turn", and an interrupted turn "Turn interrupted", as they showed live. The server records
//! them as item statuses (`declined`, a cancelled edit left `inProgress`) and turn statuses.

use crate::support::common::*;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::AppState;

fn command(id: &str, script: &str, status: &str) -> Value {
    let exit = (status == "completed").then_some(0);
    json!({"type": "commandExecution", "id": id, "command": format!("/bin/bash -lc '{script}'"),
           "cwd": "/home/user/project", "status": status, "commandActions": [],
           "aggregatedOutput": null, "exitCode": exit, "durationMs": null})
}

fn stored_turns() -> Vec<tern::protocol::Turn> {
    let turns = json!([
        {"id": "t1", "status": "completed", "error": null, "durationMs": 10, "items": [
            {"type": "userMessage", "id": "u1", "content": [{"type": "text", "text": "clean up", "text_elements": []}]},
            command("c1", "rm -rf build", "declined"),
            {"type": "agentMessage", "id": "m1", "text": "Understood, I left build alone."}]},
        {"id": "t2", "status": "interrupted", "error": null, "durationMs": 10, "items": [
            {"type": "userMessage", "id": "u2", "content": [{"type": "text", "text": "deploy", "text_elements": []}]},
            command("c2", "ls", "completed"),
            command("c3", "./deploy.sh", "declined")]},
        {"id": "t3", "status": "interrupted", "error": null, "durationMs": 10, "items": [
            {"type": "userMessage", "id": "u3", "content": [{"type": "text", "text": "edit", "text_elements": []}]},
            {"type": "fileChange", "id": "f1", "status": "inProgress", "changes": [
                {"path": "/home/user/project/a.txt", "kind": {"type": "update", "move_path": null},
                 "diff": "@@ -1 +1 @@\n-a\n+b\n"}]}]},
        {"id": "t4", "status": "failed", "error": {"message": "the model gave up"}, "durationMs": 10,
         "items": []}
    ]);
    serde_json::from_value(turns).expect("turns as the schema spells them")
}

#[test]
fn a_resumed_thread_keeps_its_declined_and_cancelled_marks() {
    let now = Instant::now();
    let mut state: AppState = ready_state(now);
    state.transcript_mut().load_turns(&stored_turns());
    let shown = screen(&mut state, 100, 60, now);
    let at = |needle: &str| {
        shown
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} missing:\n{shown}"))
    };
    assert!(at("rm -rf build") < at("✗ declined"));
    assert!(at("✗ declined") < at("./deploy.sh"));
    assert!(at("./deploy.sh") < at("■ cancelled the turn"));
    assert!(at("■ cancelled the turn") < at("Turn interrupted"));
    assert!(
        shown.matches("■ cancelled the turn").count() == 2,
        "{shown}"
    );
    assert!(shown.matches("Turn interrupted").count() == 2, "{shown}");
    assert!(shown.contains("Turn failed: the model gave up"), "{shown}");
    assert!(
        !shown.contains("Editing"),
        "nothing of a finished turn runs:\n{shown}"
    );
    assert!(shown.contains("Declined edit of 1 file"), "{shown}");
}
