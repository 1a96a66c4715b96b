//! Notifications (0.171) about an item while it runs, and about the turn's model: a patch
//! streamed while the model writes it (`item/fileChange/patchUpdated`), what was typed into a
//! running command (`item/commandExecution/terminalInteraction`), an MCP tool's progress
//! (`item/mcpToolCall/progress`), the model holding output back for a safety check
//! (`model/safetyBuffering/updated`) and the older compaction signal (`thread/compacted`).
//! Fields as the 0.171 schema spells them. `item/fileChange/outputDelta` is not read: the
//! schema says the server no longer sends it.

use super::items::FileUpdateChange;
use serde::{Deserialize, Serialize};

/// `item/fileChange/patchUpdated`: every change of the patch so far (a snapshot, each one
/// longer than the last while the model writes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PatchUpdatedNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub changes: Vec<FileUpdateChange>,
}

/// `item/commandExecution/terminalInteraction`: `stdin` written to a running command (empty:
/// the model only waited for more output).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TerminalInteractionNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub process_id: String,
    #[serde(default)]
    pub stdin: String,
}

/// `item/mcpToolCall/progress`: a running MCP tool's latest progress message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpToolProgressNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub message: String,
}

/// `model/safetyBuffering/updated`: the model's output is held back for a safety check;
/// `showBufferingUi` says whether a client should say so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SafetyBufferingNotification {
    pub thread_id: String,
    pub turn_id: String,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub reasons: Vec<String>,
    #[serde(default)]
    pub show_buffering_ui: bool,
    #[serde(default)]
    pub faster_model: Option<String>,
}

/// `thread/compacted` (deprecated for the `contextCompaction` item, still sent by some
/// servers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadCompactedNotification {
    pub thread_id: String,
    pub turn_id: String,
}
