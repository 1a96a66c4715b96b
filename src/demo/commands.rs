//! The demo server's answers to what the slash commands ask: `model/list` and
//! `thread/compact/start` (a compaction runs as a turn of its own, as on the real server).

use super::player::Outbox;
use serde_json::{json, Value};
use std::time::Duration;

/// Two made-up models; the first offers reasoning efforts, as the real catalog's do.
pub fn model_list(current: &str) -> Value {
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
pub fn compact(out: Outbox, thread_id: String, turn_id: String, speed: f64) {
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
