//! Hooks: `hooks/list` (the hooks codex found for a directory, each with its trust state and
//! the hash that trusting it must name) and `config/batchWrite`, which writes the trust into
//! codex's `config.toml` and reloads it into the loaded threads. Spelled as the 0.171 schema's
//! `v2/HooksList*.ts`, `v2/HookMetadata.ts` and `v2/ConfigBatchWriteParams.ts`.

use super::SkillErrorInfo;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) const HOOKS_LIST: &str = "hooks/list";
pub(crate) const CONFIG_BATCH_WRITE: &str = "config/batchWrite";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HooksListParams {
    /// The directories to list for (empty: the session's).
    pub cwds: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HooksListResponse {
    #[serde(default)]
    pub(crate) data: Vec<HooksListEntry>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct HooksListEntry {
    #[serde(default)]
    pub hooks: Vec<HookMetadata>,
    #[serde(default)]
    pub warnings: Vec<String>,
    /// Hook files that did not load (`{path, message}`, the shape of a skill's error).
    #[serde(default)]
    pub errors: Vec<SkillErrorInfo>,
}

/// One hook. Only what tern shows or writes back is read; the rest of the schema's fields
/// (timeouts, matchers' groups, plugin ids) are left to codex.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HookMetadata {
    /// Where its trust is kept: `hooks.state."<key>"` in codex's config.
    pub key: String,
    /// `userPromptSubmit`, `preToolUse`, `stop`, …
    #[serde(default)]
    pub event_name: String,
    /// `command`, `mcpTool`, `prompt`, `agent`.
    #[serde(default)]
    pub handler_type: String,
    /// What a `command` hook runs.
    #[serde(default)]
    pub command: Option<String>,
    /// An `mcpTool` hook's server and tool.
    #[serde(default)]
    pub server: Option<String>,
    #[serde(default)]
    pub tool: Option<String>,
    #[serde(default)]
    pub matcher: Option<String>,
    /// `user`, `project`, `plugin`, `system`, …
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub source_path: String,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// The hash of the hook as it is now: what trusting it writes.
    #[serde(default)]
    pub current_hash: String,
    /// `trusted`, `untrusted` (new), `modified` (changed since trusted), `managed`.
    #[serde(default)]
    pub trust_status: String,
}

fn yes() -> bool {
    true
}

/// `config/batchWrite`: edits to codex's `config.toml`, hot-reloaded into the loaded threads
/// when `reloadUserConfig` (without it a loaded thread keeps its old view of the hooks).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigBatchWriteParams {
    pub(crate) edits: Vec<ConfigEdit>,
    pub reload_user_config: bool,
}

/// One edit: `value` at `keyPath` (dotted; a key holding dots or colons is quoted), `null`
/// to remove it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConfigEdit {
    pub key_path: String,
    pub value: Value,
    /// `replace` or `upsert`.
    pub merge_strategy: String,
}
