//! A command still running when the model yields reports its output and completion after
//! `turn/completed`, tagged with the old turn id (verified on codex 0.169.0, protocol notes §5):
//! those events reach the command's cell instead of being dropped as stale.

use crate::support::common::*;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, TurnPhase};
use tern::model::{CellKind, CommandCell};

fn command_item(status: &str, output: Option<&str>, exit_code: Option<i64>) -> Value {
    json!({
        "type": "commandExecution", "id": "call_bg", "command": "/bin/bash -lc 'sleep 2; echo end'",
        "cwd": "/home/user/project", "status": status, "commandActions": [],
        "aggregatedOutput": output, "exitCode": exit_code, "durationMs": exit_code.map(|_| 2943),
    })
}

fn command(state: &AppState) -> CommandCell {
    state
        .transcript()
        .cells()
        .iter()
        .find_map(|c| match c.kind() {
            CellKind::Command(cmd) => Some((**cmd).clone()),
            _ => None,
        })
        .expect("a command cell")
}

fn end_turn(state: &mut AppState, status: &str, now: Instant) {
    update(
        state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": status}}),
        ),
        now,
    );
}

fn start_background_command(now: Instant) -> AppState {
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": command_item("inProgress", None, None)}),
        ),
        now,
    );
    state
}

#[test]
fn output_and_completion_after_the_turn_ended_reach_the_command() {
    let now = Instant::now();
    let mut state = start_background_command(now);
    end_turn(&mut state, "completed", now);
    assert_eq!(*state.turn(), TurnPhase::Idle);
    assert!(
        command(&state).running,
        "a command the turn left running is still running"
    );

    for delta in ["middle\n", "end\n"] {
        update(
            &mut state,
            notify(
                "item/commandExecution/outputDelta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "call_bg", "delta": delta}),
            ),
            now,
        );
    }
    assert_eq!(command(&state).output, "middle\nend\n");

    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1",
                   "item": command_item("completed", Some("start\nmiddle\nend\n"), Some(0))}),
        ),
        now,
    );
    let cmd = command(&state);
    assert!(!cmd.running, "the late completion finishes the cell");
    assert_eq!(cmd.exit_code, Some(0));
    assert_eq!(cmd.output, "start\nmiddle\nend\n");
    let screen = screen(&mut state, 80, 20, now);
    assert!(screen.contains("exit 0"), "{screen}");
    assert!(!screen.contains("Running"), "{screen}");
}

#[test]
fn an_interrupted_turn_stops_its_commands_and_unknown_late_items_stay_out() {
    let now = Instant::now();
    let mut state = start_background_command(now);
    end_turn(&mut state, "interrupted", now);
    assert!(
        !command(&state).running,
        "a cancelled command never completes: the interrupted turn settles it"
    );
    let cells = state.transcript().len();
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1",
                   "item": {"type": "agentMessage", "id": "never-seen", "text": "stale"}}),
        ),
        now,
    );
    assert_eq!(
        state.transcript().len(),
        cells,
        "an item the ended turn never showed is not added"
    );
}
