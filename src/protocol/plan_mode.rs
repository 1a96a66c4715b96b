//! Collaboration modes and what Plan mode asks of the server (`collaborationMode/list`,
//! `thread/settings/update`, `thread/prepareApprovedPlan`, `thread/unsubscribe`, `fs/*`,
//! `config/read`), the side thread that names a thread, and the notifications that stream plans
//! and reasoning — spelled as the pinned codex's `generate-ts --experimental` prints them
//! (`/work/schema/ts-0.171/v2/…`). All of it needs `experimentalApi` in `initialize`.

use super::thread_settings::ThreadSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub(crate) const COLLABORATION_MODE_LIST: &str = "collaborationMode/list";
pub(crate) const THREAD_SETTINGS_UPDATE: &str = "thread/settings/update";
pub(crate) const THREAD_PREPARE_APPROVED_PLAN: &str = "thread/prepareApprovedPlan";
pub(crate) const THREAD_UNSUBSCRIBE: &str = "thread/unsubscribe";
pub(crate) const FS_CREATE_DIRECTORY: &str = "fs/createDirectory";
pub(crate) const FS_WRITE_FILE: &str = "fs/writeFile";
pub(crate) const CONFIG_READ: &str = "config/read";

/// `ModeKind`: "plan" | "default".
pub(crate) const MODE_PLAN: &str = "plan";
pub(crate) const MODE_DEFAULT: &str = "default";

/// `CollaborationModeMask`: one preset the server offers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CollaborationModeMask {
    #[serde(default)]
    pub name: String,
    /// `ModeKind` ("plan" | "default"), or null.
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub reasoning_effort: Option<String>,
}

/// `collaborationMode/list` answers `{data: CollaborationModeMask[]}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CollaborationModeListResponse {
    #[serde(default)]
    pub data: Vec<CollaborationModeMask>,
}

/// `Settings` (snake_case in the schema, unlike the rest of v2).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ModeSettings {
    pub model: String,
    pub reasoning_effort: Option<String>,
    /// `null`: the server's built-in instructions for the mode.
    pub developer_instructions: Option<String>,
}

/// `CollaborationMode`: a mode and what it runs with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CollaborationMode {
    pub mode: String,
    pub settings: ModeSettings,
}

/// `thread/settings/update`: only what tern changes; everything left out stays.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSettingsUpdateParams {
    pub thread_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collaboration_mode: Option<CollaborationMode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<String>,
}

/// The parts of `ThreadSettings` tern reads from `thread/settings/updated`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportedThreadSettings {
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub effort: Option<String>,
    #[serde(default)]
    pub collaboration_mode: Option<CollaborationMode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSettingsUpdatedNotification {
    pub thread_id: String,
    pub thread_settings: ReportedThreadSettings,
}

/// `thread/start` with the fields only some threads set: the "clear context" thread of Plan
/// mode (`sessionStartSource: "clear"`) and the ephemeral side thread that names a thread.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewThreadParams {
    #[serde(flatten)]
    pub settings: ThreadSettings,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ephemeral: Option<bool>,
    /// `ThreadHistoryMode`: "legacy" | "paginated".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history_mode: Option<String>,
    /// `ThreadStartSource`: "startup" | "clear".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_start_source: Option<String>,
    /// `ThreadSource`: a free string ("user", "thread_title").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_source: Option<String>,
}

/// `thread/prepareApprovedPlan`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrepareApprovedPlanParams {
    pub thread_id: String,
    pub markdown: String,
    /// Absolute, on the server's machine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attachment_path: Option<String>,
}

/// `{prompt}`: what the new thread's first turn sends.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PrepareApprovedPlanResponse {
    #[serde(default)]
    pub prompt: String,
}

/// `fs/createDirectory`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FsCreateDirectoryParams {
    pub path: String,
    pub recursive: bool,
}

/// `fs/writeFile`: writes in place (no rename, so never atomic).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FsWriteFileParams {
    pub path: String,
    pub data_base64: String,
}

/// `config/read`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigReadParams {
    pub include_layers: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

/// The part of `config/read`'s answer tern reads: the effective config as a map (its
/// `show_raw_agent_reasoning` is not in the generated type, but the server sends it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigReadResponse {
    #[serde(default)]
    pub config: Map<String, Value>,
    /// Setting (a dotted path) → the layer that set it, for the doctor (`config_read.rs`).
    #[serde(default)]
    pub origins: std::collections::HashMap<String, super::ConfigLayerMetadata>,
}

impl ConfigReadResponse {
    /// codex's `show_raw_agent_reasoning`, when set.
    pub(crate) fn show_raw_reasoning(&self) -> Option<bool> {
        self.config
            .get("show_raw_agent_reasoning")
            .and_then(Value::as_bool)
    }
}

/// The title side turn's final message: the JSON its `outputSchema` asks for, as text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TitleAnswer {
    pub title: String,
}

impl TitleAnswer {
    /// Reads the agent message's text (`{"title": …}`); `None` when it is not that.
    pub(crate) fn from_message(text: &str) -> Option<TitleAnswer> {
        serde_json::from_str(text.trim()).ok()
    }
}

/// `item/reasoning/summaryPartAdded`: a new summary part starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReasoningPartNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub summary_index: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_mode_switch_is_spelled_as_the_schema() {
        let params = ThreadSettingsUpdateParams {
            thread_id: "t".into(),
            collaboration_mode: Some(CollaborationMode {
                mode: MODE_PLAN.into(),
                settings: ModeSettings {
                    model: "m".into(),
                    reasoning_effort: Some("medium".into()),
                    developer_instructions: None,
                },
            }),
            effort: None,
        };
        assert_eq!(
            serde_json::to_value(params).unwrap(),
            json!({"threadId": "t", "collaborationMode": {"mode": "plan", "settings": {
                "model": "m", "reasoning_effort": "medium", "developer_instructions": null}}})
        );
    }

    #[test]
    fn the_recorded_mode_list_reads() {
        let list: CollaborationModeListResponse = serde_json::from_value(json!({"data": [
            {"name": "Plan", "mode": "plan", "model": null, "reasoning_effort": "medium"},
            {"name": "Default", "mode": "default", "model": null, "reasoning_effort": null}]}))
        .unwrap();
        assert_eq!(list.data.len(), 2);
        assert_eq!(list.data[0].reasoning_effort.as_deref(), Some("medium"));
    }
}
