//! Side conversations: `thread/inject_items`, which appends raw Responses API items to a
//! thread's model-visible history (schema `v2/ThreadInjectItemsParams.ts`: `threadId`,
//! `items`). A side conversation is a `thread/fork` of the current thread with two items
//! injected before its first question: the developer message that says it is a side
//! conversation and the user message that marks where the inherited history ends.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub(crate) const THREAD_INJECT_ITEMS: &str = "thread/inject_items";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadInjectItemsParams {
    pub thread_id: String,
    pub items: Vec<Value>,
}

/// A Responses API message item of `role` holding one input text.
pub(crate) fn message_item(role: &str, text: &str) -> Value {
    json!({
        "type": "message",
        "role": role,
        "content": [{"type": "input_text", "text": text}],
    })
}
