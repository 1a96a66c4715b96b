//! The demo server's answers to what the slash commands ask: `model/list`,
//! `thread/compact/start` (a compaction runs as a turn of its own, as on the real server) and
//! `thread/shellCommand` (a `!` command: the demo runs nothing, it says so in the cell).

use super::turn_context::Outbox;
use serde_json::{json, Value};
use std::time::Duration;

/// Two made-up models; the first offers reasoning efforts, as the real catalog's do.
pub(super) fn model_list(current: &str) -> Value {
    let effort = |name: &str, what: &str| json!({"reasoningEffort": name, "description": what});
    json!({
        "data": [
            {
                "id": current, "model": current, "displayName": current,
                "description": "The demo's scripted model", "hidden": false, "isDefault": true,
                "supportedReasoningEfforts": [
                    effort("low", "Fast answers"),
                    effort("medium", "Balanced"),
                    effort("high", "Thinks longest"),
                ],
                "defaultReasoningEffort": "medium",
            },
            {
                "id": "demo-mini", "model": "demo-mini", "displayName": "demo-mini",
                "description": "Smaller and quicker (the demo plays the same script)",
                "hidden": false, "isDefault": false,
                "supportedReasoningEfforts": [], "defaultReasoningEffort": "medium",
            },
        ],
        "nextCursor": null,
    })
}

/// Plays a compaction turn after the `{}` answer has gone out.
pub(super) fn compact(out: Outbox, thread_id: String, turn_id: String, speed: f64) {
    tokio::spawn(async move {
        // After the answer, and slow enough to be seen.
        tokio::time::sleep(Duration::from_secs_f64(0.4 * speed.max(0.01))).await;
        let turn = |status: &str| json!({"id": turn_id, "items": [], "status": status, "error": null, "durationMs": 400});
        let item = json!({"type": "contextCompaction", "id": format!("{turn_id}-compaction")});
        let ids = json!({"threadId": thread_id, "turnId": turn_id});
        out.notify(
            "turn/started",
            json!({"threadId": thread_id, "turn": turn("inProgress")}),
        );
        let with = |key: &str, value: &Value| {
            let mut params = ids.clone();
            params[key] = value.clone();
            params
        };
        out.notify("item/started", with("item", &item));
        tokio::time::sleep(Duration::from_secs_f64(0.4 * speed.max(0.01))).await;
        out.notify("item/completed", with("item", &item));
        out.notify(
            "turn/completed",
            json!({"threadId": thread_id, "turn": turn("completed")}),
        );
    });
}

/// Plays a `!` command's turn as codex does (one `userShell` command item), without running
/// anything: the demo is offline and touches no files.
pub(super) fn shell(out: Outbox, thread_id: String, turn_id: String, command: String, speed: f64) {
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs_f64(0.1 * speed.max(0.01))).await;
        let turn = |status: &str| json!({"id": turn_id, "items": [], "status": status, "error": null, "durationMs": 10});
        let quoted = format!("/bin/bash -lc '{}'", command.replace('\'', "'\\''"));
        let output =
            format!("(--demo runs no commands; a real session would run `{command}` here)\n");
        let item = |status: &str, done: bool| {
            json!({"type": "commandExecution", "id": format!("{turn_id}-cmd"), "command": quoted,
                "cwd": null, "processId": null, "source": "userShell", "status": status,
                "commandActions": [], "aggregatedOutput": done.then_some(&output),
                "exitCode": done.then_some(0), "durationMs": done.then_some(10)})
        };
        let params = |key: &str, value: Value| {
            let mut p = json!({"threadId": thread_id, "turnId": turn_id});
            p[key] = value;
            p
        };
        out.notify(
            "turn/started",
            json!({"threadId": thread_id, "turn": turn("inProgress")}),
        );
        out.notify("item/started", params("item", item("inProgress", false)));
        let mut delta = params("itemId", json!(format!("{turn_id}-cmd")));
        delta["delta"] = json!(output);
        out.notify("item/commandExecution/outputDelta", delta);
        out.notify("item/completed", params("item", item("completed", true)));
        out.notify(
            "turn/completed",
            json!({"threadId": thread_id, "turn": turn("completed")}),
        );
    });
}
