//! `thread/inject_items` (experimental): raw Responses API items appended to a thread's
//! model-visible history (schema `ThreadInjectItemsParams`: `threadId`, `items`; the answer is
//! an empty object). tern injects them twice over:
//! - a side conversation (`/side`) is a `thread/fork` of the current thread with two messages
//!   injected before its first question: the developer message that says it is a side
//!   conversation and the user message that marks where the inherited history ends;
//! - evidence (`e` on a selected command cell): a command's output as a `function_call` and its
//!   `function_call_output`, so the model reads it as tool output, not as the person's words.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub(crate) const THREAD_INJECT_ITEMS: &str = "thread/inject_items";

/// The tool name the injected call carries: what the model sees the output came from.
pub(crate) const EVIDENCE_TOOL: &str = "shell_output_from_user";

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

impl ThreadInjectItemsParams {
    /// `command`'s `output` as one tool call (`call_id`) and its output.
    pub(crate) fn evidence(thread_id: &str, call_id: &str, command: &str, output: &str) -> Self {
        ThreadInjectItemsParams {
            thread_id: thread_id.to_string(),
            items: vec![
                json!({
                    "type": "function_call",
                    "call_id": call_id,
                    "name": EVIDENCE_TOOL,
                    "arguments": json!({"command": command}).to_string(),
                }),
                json!({
                    "type": "function_call_output",
                    "call_id": call_id,
                    "output": output,
                }),
            ],
        }
    }
}
