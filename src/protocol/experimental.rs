//! The beta features (`experimentalFeature/list`) and their saving, spelled as the pinned codex
//! 0.171's `generate-ts --experimental` prints them (`v2/ExperimentalFeature*.ts`). A feature is
//! turned on or off as the official TUI does it: `features."<name>"` written to `config.toml`
//! with `config/batchWrite` (verified: the list then reports it, in a new codex process too);
//! `experimentalFeature/enablement/set` only changes the running process, and 0.171 answered
//! `{"enablement": {}}` (nothing applied) for a beta feature.

use serde::{Deserialize, Serialize};

pub(crate) const EXPERIMENTAL_FEATURE_LIST: &str = "experimentalFeature/list";

/// `ExperimentalFeatureListParams`: a page; `threadId` for the thread's own config.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentalFeatureListParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentalFeatureListResponse {
    #[serde(default)]
    pub(crate) data: Vec<ExperimentalFeature>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

/// One feature flag. Only `beta` ones have a display name and a description.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ExperimentalFeature {
    /// The key in `config.toml`'s `[features]`.
    pub name: String,
    /// `beta` | `underDevelopment` | `stable` | `deprecated` | `removed`.
    #[serde(default)]
    pub stage: String,
    #[serde(default)]
    pub display_name: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub enabled: bool,
    #[serde(default)]
    pub default_enabled: bool,
}
