//! `/import`: `externalAgentConfig/detect` (what another agent's setup — Claude Code's settings,
//! CLAUDE.md, skills, MCP servers, hooks, recent chats — codex would bring over) and
//! `externalAgentConfig/import`, whose work is told by `externalAgentConfig/import/progress` and
//! `…/completed`. Spelled as the pinned codex's `generate-ts` prints them
//! (`v2/ExternalAgentConfigDetectResponse.ts`, `v2/ExternalAgentConfigMigrationItem.ts`,
//! `v2/MigrationDetails.ts`, `v2/ExternalAgentConfigImportTypeResult.ts`, …).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

pub(crate) const EXTERNAL_AGENT_DETECT: &str = "externalAgentConfig/detect";
pub(crate) const EXTERNAL_AGENT_IMPORT: &str = "externalAgentConfig/import";

/// `externalAgentConfig/detect`'s answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DetectResponse {
    #[serde(default)]
    pub(crate) items: Vec<MigrationItem>,
    #[serde(default)]
    pub(crate) connectors: Vec<ConnectorCandidate>,
}

/// One thing codex would import. Sent back to `import` as it came: fields tern does not know
/// are kept (`rest`), so a newer codex gets its own item whole.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationItem {
    /// AGENTS_MD | CONFIG | SKILLS | PLUGINS | MCP_SERVER_CONFIG | SUBAGENTS | HOOKS |
    /// COMMANDS | MEMORY | SESSIONS (a string: a newer kind is shown as it is).
    pub item_type: String,
    #[serde(default)]
    pub description: String,
    /// Null or empty: the home setup; else the project it belongs to.
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub details: Option<MigrationDetails>,
    #[serde(flatten)]
    pub rest: BTreeMap<String, Value>,
}

/// What an item holds, by kind. Each entry is named (`{name}`), sessions by file and title.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationDetails {
    #[serde(default)]
    pub plugins: Vec<PluginsMigration>,
    #[serde(default)]
    pub skills: Vec<Named>,
    #[serde(default)]
    pub sessions: Vec<SessionMigration>,
    #[serde(default)]
    pub mcp_servers: Vec<Named>,
    #[serde(default)]
    pub hooks: Vec<Named>,
    #[serde(default)]
    pub subagents: Vec<Named>,
    #[serde(default)]
    pub commands: Vec<Named>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<Vec<String>>,
    #[serde(flatten)]
    pub rest: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginsMigration {
    #[serde(default)]
    pub marketplace_name: String,
    #[serde(default)]
    pub plugin_names: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Named {
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SessionMigration {
    #[serde(default)]
    pub path: String,
    #[serde(default)]
    pub cwd: String,
    #[serde(default)]
    pub title: Option<String>,
}

/// An app another agent used that codex could connect (shown; not imported by `import`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConnectorCandidate {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub session_count: i64,
}

/// `externalAgentConfig/import`'s answer: the id the notifications carry.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportResponse {
    #[serde(default)]
    pub(crate) import_id: String,
}

/// `externalAgentConfig/import/progress` and `…/completed`: the results so far (progress: one
/// kind's; completed: every kind's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportNotification {
    #[serde(default)]
    pub(crate) import_id: String,
    #[serde(default)]
    pub(crate) item_type_results: Vec<ImportTypeResult>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ImportTypeResult {
    #[serde(default)]
    pub item_type: String,
    #[serde(default)]
    pub successes: Vec<ImportSuccess>,
    #[serde(default)]
    pub failures: Vec<ImportFailure>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ImportSuccess {
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub target: Option<String>,
    /// An imported chat's title.
    #[serde(default)]
    pub title: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ImportFailure {
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub failure_stage: String,
    #[serde(default)]
    pub message: String,
}
