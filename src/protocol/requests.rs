//! Client-to-server requests tern sends, and the parts of their responses it reads.

use super::items::{Thread, Turn, UserInput};
use super::thread_settings::ThreadSettings;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) const INITIALIZE: &str = "initialize";
pub(crate) const INITIALIZED: &str = "initialized";
pub(crate) const THREAD_START: &str = "thread/start";
pub(crate) const THREAD_RESUME: &str = "thread/resume";
pub(crate) const THREAD_LIST: &str = "thread/list";
pub(crate) const TURN_START: &str = "turn/start";
pub(crate) const TURN_INTERRUPT: &str = "turn/interrupt";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClientInfo {
    pub name: String,
    pub title: Option<String>,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeCapabilities {
    /// Needed for `availableDecisions` on approval requests, which the schema marks experimental.
    pub experimental_api: bool,
    pub request_attestation: bool,
    /// `humanCommand` approvals are shown to the person and answered once (needs
    /// `experimentalApi`).
    pub required_human_approval: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeParams {
    pub client_info: ClientInfo,
    pub capabilities: Option<InitializeCapabilities>,
}

impl InitializeParams {
    pub fn tern() -> Self {
        InitializeParams {
            client_info: ClientInfo {
                name: "tern".into(),
                title: Some("tern".into()),
                version: env!("CARGO_PKG_VERSION").into(),
            },
            capabilities: Some(InitializeCapabilities {
                experimental_api: true,
                request_attestation: false,
                required_human_approval: true,
            }),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeResponse {
    #[serde(default)]
    pub user_agent: String,
    #[serde(default)]
    pub codex_home: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadResumeParams {
    pub thread_id: String,
    #[serde(flatten)]
    pub settings: ThreadSettings,
    /// Only the thread's metadata: its turns are paged with `thread/turns/list` afterwards.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub exclude_turns: bool,
}

/// The response of both `thread/start` and `thread/resume`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadStartResponse {
    pub thread: Thread,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub cwd: String,
    #[serde(default)]
    pub approval_policy: Value,
    #[serde(default)]
    pub sandbox: Value,
    #[serde(default)]
    pub reasoning_effort: Option<String>,
    /// Who reviews approvals: `user`, `auto_review` (0.171).
    #[serde(default)]
    pub(crate) approvals_reviewer: Option<String>,
    /// Resume only: where to page the turns back from (`thread/turns/list`, `desc`).
    #[serde(default)]
    pub turns_backwards_cursor: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnStartParams {
    pub thread_id: String,
    pub input: Vec<UserInput>,
    /// Model, effort, approval policy and sandbox chosen with `/model` and `/approvals`.
    #[serde(flatten)]
    pub overrides: super::session::TurnOverrides,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnStartResponse {
    pub turn: Turn,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnInterruptParams {
    pub thread_id: String,
    pub turn_id: String,
}

/// Parses `-c key=value` the way a person expects: JSON-looking values (numbers, booleans,
/// quoted strings, arrays) keep their type, anything else is a plain string.
pub(crate) fn parse_config_override(raw: &str) -> Result<(String, Value), String> {
    let (key, value) = raw
        .split_once('=')
        .ok_or_else(|| format!("config override `{raw}` needs the form key=value"))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(format!("config override `{raw}` has an empty key"));
    }
    let value = value.trim();
    let parsed = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
    Ok((key.to_string(), parsed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_overrides_keep_types() {
        assert_eq!(
            parse_config_override("model_reasoning_effort=high").unwrap(),
            (
                "model_reasoning_effort".into(),
                Value::String("high".into())
            )
        );
        assert_eq!(
            parse_config_override("sandbox_workspace_write.network_access=true").unwrap(),
            (
                "sandbox_workspace_write.network_access".into(),
                Value::Bool(true)
            )
        );
        assert!(parse_config_override("no-equals-sign").is_err());
        assert!(parse_config_override("=x").is_err());
    }
}
