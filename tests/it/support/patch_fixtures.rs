//! A file change that asks for approval, as the hunk-review tests start from: the patch item
//! started in turn `turn-1`, then codex's question about it (request id 3).

use super::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState};

/// The update of `path` by `diff` started, and the approval asked for it.
pub fn patch_asked(state: &mut AppState, path: &str, diff: &str, now: Instant) {
    let item = json!({"type": "fileChange", "id": "call_1", "status": "inProgress", "changes": [
        {"path": path, "kind": {"type": "update", "move_path": null}, "diff": diff}]});
    update(
        state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": item}),
        ),
        now,
    );
    update(
        state,
        server_request(
            3,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "call_1"}),
        ),
        now,
    );
}
