//! The cell of one auto-review (`item/autoApprovalReview/started`, then `completed` in its
//! place): what codex's reviewer looked at, its verdict, the risk and authorisation it saw and
//! why. Built from the `[UNSTABLE]` payload as far as it reads; every string bounded here.

use super::item_cell::{bounded, ItemCell, LIST_ITEMS};
use crate::protocol::AutoReviewNotification;
use serde_json::Value;

/// The cell for a review notification.
pub(crate) fn cell(n: &AutoReviewNotification) -> ItemCell {
    let review = n.review.clone().unwrap_or_default();
    ItemCell::AutoReview {
        action: n.action.as_ref().map(describe).unwrap_or_default(),
        status: bounded(review.status.as_deref().unwrap_or("inProgress")),
        risk: review.risk_level.as_deref().map(bounded),
        authorization: review.user_authorization.as_deref().map(bounded),
        rationale: review.rationale.as_deref().map(bounded),
    }
}

/// What was reviewed, in words, from the action's `type` and its fields.
fn describe(action: &Value) -> String {
    let text = |key: &str| action.get(key).and_then(Value::as_str).unwrap_or("");
    let list = |key: &str| -> Vec<&str> {
        action
            .get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .take(LIST_ITEMS)
                    .filter_map(Value::as_str)
                    .collect()
            })
            .unwrap_or_default()
    };
    let described = match text("type") {
        "command" => format!("run `{}`", text("command")),
        "execve" => format!("run `{}`", list("argv").join(" ")),
        "writeStdin" => format!("type into process {}: {}", text("processId"), text("stdin")),
        "applyPatch" => format!("edit {}", list("files").join(", ")),
        "networkAccess" => format!("reach {}", text("target")),
        "mcpToolCall" => format!("call the MCP tool {}/{}", text("server"), text("toolName")),
        "requestPermissions" => match text("reason") {
            "" => "more permissions".to_string(),
            reason => format!("more permissions: {reason}"),
        },
        other => format!("an action of type `{other}`"),
    };
    bounded(&described)
}
