//! The 0.171 notifications about items while they run and about the turn's model: a patch
//! that grows in its cell while the model writes it (`item/fileChange/patchUpdated`), input
//! typed into a running command (`item/commandExecution/terminalInteraction`), an MCP tool's
//! progress (`item/mcpToolCall/progress`), output held back for a safety check
//! (`model/safetyBuffering/updated`) and the old compaction signal (`thread/compacted`).

use crate::support::common::*;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::update;
use tern::app::AppState;
use tern::model::NoticeLevel;

const TURN: &str = "turn-1";

fn send(state: &mut AppState, method: &str, params: Value, now: Instant) {
    update(state, notify(method, params), now);
}

fn patch(state: &mut AppState, changes: Value, now: Instant) {
    send(
        state,
        "item/fileChange/patchUpdated",
        json!({"threadId": THREAD, "turnId": TURN, "itemId": "patch-1", "changes": changes}),
        now,
    );
}

/// A new file at `path` holding `lines` (an added file's `diff` is its content).
fn added(path: &str, lines: &[&str]) -> Value {
    let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
    json!({"path": path, "kind": {"type": "add"}, "diff": body})
}

#[test]
fn a_patch_grows_in_its_cell_while_it_is_written_and_hostile_text_stays_inert() {
    let now = Instant::now();
    let mut state = ready_state(now);
    // No item/started yet: the first snapshot makes the cell, and the turn counts as running.
    let path = "/home/user/project/evil\u{1b}]0;pwned\u{7}.rs";
    patch(&mut state, json!([added(path, &["fn one() {}"])]), now);
    assert!(state.turn_active());
    let first = screen(&mut state, 80, 24, now);
    assert!(first.contains("fn one() {}"), "{first}");
    assert!(!first.contains("fn two"), "{first}");
    assert!(
        !first.contains('\u{1b}') && !first.contains('\u{7}'),
        "{first}"
    );

    // A longer snapshot replaces the shorter one in the same cell.
    patch(
        &mut state,
        json!([added(
            path,
            &[
                "fn one() {}",
                "fn two() {} \u{1b}[2J\u{1b}[31mred",
                "\u{202e}reversed"
            ]
        )]),
        now,
    );
    let grown = screen(&mut state, 80, 24, now);
    assert_eq!(grown.matches("fn one() {}").count(), 1, "{grown}");
    assert!(grown.contains("fn two() {}"), "{grown}");
    assert!(
        !grown.contains('\u{1b}') && !grown.contains('\u{202e}'),
        "{grown}"
    );
    snapshot!("patch_streamed_hostile_80x24", &grown);

    // item/started and item/completed name the same item: still one cell, now applied.
    let item = |status: &str| {
        json!({"threadId": THREAD, "turnId": TURN, "item": {"type": "fileChange", "id": "patch-1",
            "status": status, "changes": [added(path, &["fn one() {}", "fn two() {}", "fn three() {}"])]}})
    };
    send(&mut state, "item/started", item("inProgress"), now);
    send(&mut state, "item/completed", item("completed"), now);
    let done = screen(&mut state, 80, 24, now);
    assert_eq!(done.matches("fn one() {}").count(), 1, "{done}");
    assert!(done.contains("fn three() {}"), "{done}");
}

#[test]
fn what_is_typed_into_a_running_command_shows_in_its_output() {
    let now = Instant::now();
    let mut state = ready_state(now);
    send(
        &mut state,
        "item/started",
        json!({"threadId": THREAD, "turnId": TURN, "item": {"type": "commandExecution",
               "id": "cmd", "command": "python3 -i", "status": "inProgress", "commandActions": []}}),
        now,
    );
    send(
        &mut state,
        "item/commandExecution/outputDelta",
        json!({"threadId": THREAD, "turnId": TURN, "itemId": "cmd", "delta": ">>> "}),
        now,
    );
    let interaction = |stdin: &str| json!({"threadId": THREAD, "turnId": TURN, "itemId": "cmd", "processId": "p1", "stdin": stdin});
    send(
        &mut state,
        "item/commandExecution/terminalInteraction",
        interaction("print(6*7)\n\u{1b}[2J"),
        now,
    );
    // An empty write only waited for output: no line.
    send(
        &mut state,
        "item/commandExecution/terminalInteraction",
        interaction(""),
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        shown.contains(r"› stdin: print(6*7)\n\u{1b}[2J"),
        "the input shows as typed, escaped: {shown}"
    );
    assert_eq!(shown.matches("› stdin:").count(), 1, "{shown}");
    // An interaction with a command never seen makes no cell.
    send(
        &mut state,
        "item/commandExecution/terminalInteraction",
        json!({"threadId": THREAD, "turnId": TURN, "itemId": "ghost", "processId": "p2", "stdin": "GHOST"}),
        now,
    );
    assert!(!screen(&mut state, 80, 24, now).contains("GHOST"));
}

#[test]
fn an_mcp_tools_progress_stands_in_its_status_until_it_completes() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let item = |status: &str| {
        json!({"threadId": THREAD, "turnId": TURN, "item": {"type": "mcpToolCall", "id": "m",
               "server": "docs", "tool": "index", "status": status}})
    };
    send(&mut state, "item/started", item("inProgress"), now);
    send(
        &mut state,
        "item/mcpToolCall/progress",
        json!({"threadId": THREAD, "turnId": TURN, "itemId": "m", "message": "Indexing 3/10 \u{1b}[31m"}),
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("docs.index (Indexing 3/10"), "{shown}");
    assert!(!shown.contains('\u{1b}'), "{shown}");
    send(&mut state, "item/completed", item("completed"), now);
    let shown = screen(&mut state, 80, 24, now);
    assert!(shown.contains("docs.index (completed)"), "{shown}");
    assert!(!shown.contains("Indexing"), "{shown}");
}

#[test]
fn safety_buffering_is_said_once_when_the_server_asks_for_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let buffering = |show: bool| {
        json!({"threadId": THREAD, "turnId": TURN, "model": "gpt-5.5", "reasons": ["cyber"],
               "useCases": [], "showBufferingUi": show, "fasterModel": "gpt-5.5-mini"})
    };
    send(
        &mut state,
        "model/safetyBuffering/updated",
        buffering(false),
        now,
    );
    assert!(!screen(&mut state, 100, 24, now).contains("safety check"));
    send(
        &mut state,
        "model/safetyBuffering/updated",
        buffering(true),
        now,
    );
    send(
        &mut state,
        "model/safetyBuffering/updated",
        buffering(true),
        now,
    );
    let shown = screen(&mut state, 120, 24, now);
    assert_eq!(shown.matches("held back").count(), 1, "{shown}");
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "gpt-5.5's answer is held back for a safety check (cyber). gpt-5.5-mini may answer sooner."
                .into()
        )
    );
}

#[test]
fn thread_compacted_adds_a_line_only_when_no_compaction_item_said_it() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let compacted = |turn: &str| json!({"threadId": THREAD, "turnId": turn});
    send(&mut state, "thread/compacted", compacted("t-old"), now);
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Info, "Context compacted.".into())
    );
    let before = state.transcript().cells().len();
    send(
        &mut state,
        "item/started",
        json!({"threadId": THREAD, "turnId": "t-new", "item": {"type": "contextCompaction", "id": "c"}}),
        now,
    );
    let with_item = state.transcript().cells().len();
    assert!(with_item > before);
    send(&mut state, "thread/compacted", compacted("t-new"), now);
    assert_eq!(state.transcript().cells().len(), with_item);
}
