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

/// The tool name evidence from a file or the clipboard carries (`/evidence`).
pub(crate) const FILE_EVIDENCE_TOOL: &str = "file_from_user";
pub(crate) const CLIPBOARD_EVIDENCE_TOOL: &str = "clipboard_from_user";

/// `turn/start` with `toolOutput` (schema `TurnStartParams.toolOutput: TurnToolOutput`): a turn
/// whose only input is a tool's output. `toolOutput` cannot be combined with a non-empty
/// `input`, so `input` is always empty here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceTurnParams {
    pub thread_id: String,
    pub input: Vec<Value>,
    pub tool_output: TurnToolOutput,
    #[serde(flatten)]
    pub overrides: super::session::TurnOverrides,
}

/// `TurnToolOutput {name, namespace?, output, retain?}`; `output` is a
/// `FunctionCallOutputBody` (a string, or content items).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnToolOutput {
    pub name: String,
    pub output: String,
}

impl ThreadInjectItemsParams {
    /// `command`'s `output` as one tool call (`call_id`) and its output.
    pub(crate) fn evidence(thread_id: &str, call_id: &str, command: &str, output: &str) -> Self {
        let arguments = json!({ "command": command });
        Self::tool_evidence(thread_id, call_id, EVIDENCE_TOOL, &arguments, output)
    }

    /// `output` as one call (`call_id`) of tool `name` with `arguments`, and its output.
    pub(crate) fn tool_evidence(
        thread_id: &str,
        call_id: &str,
        name: &str,
        arguments: &Value,
        output: &str,
    ) -> Self {
        ThreadInjectItemsParams {
            thread_id: thread_id.to_string(),
            items: vec![
                json!({
                    "type": "function_call",
                    "call_id": call_id,
                    "name": name,
                    "arguments": arguments.to_string(),
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
