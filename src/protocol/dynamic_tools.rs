//! Client tools (experimental API; schema `DynamicToolSpec`, `DynamicToolCallParams`,
//! `DynamicToolCallResponse`): tools tern registers at `thread/start` (`dynamicTools`, only
//! there in 0.171 — `thread/resume` and `thread/fork` take none, though a resumed or forked
//! thread keeps the tools it was started with), which the model calls like
//! its own; codex then asks tern `item/tool/call` and hands the answer to the model as the
//! call's output.

use super::thread_settings::ThreadSettings;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The server request a client tool's call arrives as.
pub(crate) const ITEM_TOOL_CALL: &str = "item/tool/call";

/// `thread/start`: the shared settings, and tern's client tools when they are on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadStartParams {
    #[serde(flatten)]
    pub settings: ThreadSettings,
    /// `DynamicToolSpec`s, each `{type: "function", name, description, inputSchema}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dynamic_tools: Option<Vec<Value>>,
}

/// `item/tool/call`: the model called the client tool `tool` with `arguments` (a JSON value,
/// as the model wrote it: hostile, and not necessarily the schema tern gave).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DynamicToolCallParams {
    pub thread_id: String,
    pub turn_id: String,
    pub call_id: String,
    pub tool: String,
    #[serde(default)]
    pub namespace: Option<String>,
    #[serde(default)]
    pub arguments: Value,
}

/// `DynamicToolCallResponse`: one `inputText` item, and whether the tool succeeded.
pub(crate) fn tool_output(success: bool, text: &str) -> Value {
    json!({
        "contentItems": [{"type": "inputText", "text": text}],
        "success": success,
    })
}
