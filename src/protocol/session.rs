//! What the slash commands ask of the server: `model/list`, `thread/compact/start`, the per-turn
//! overrides of `turn/start`, and the rate limits the server reports
//! (`account/rateLimits/updated`), spelled as the pinned codex's `generate-ts` prints them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) const MODEL_LIST: &str = "model/list";
pub(crate) const THREAD_COMPACT_START: &str = "thread/compact/start";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelListParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelListResponse {
    #[serde(default)]
    pub data: Vec<ModelInfo>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

/// One entry of `model/list` (`Model` in the schema; only what the picker shows).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelInfo {
    /// The slug `turn/start` takes as `model`.
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub display_name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub supported_reasoning_efforts: Vec<ReasoningEffortOption>,
    #[serde(default)]
    pub default_reasoning_effort: Option<String>,
    #[serde(default)]
    pub is_default: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReasoningEffortOption {
    pub reasoning_effort: String,
    #[serde(default)]
    pub description: String,
}

/// What `turn/start` may change "for this turn and subsequent turns". Unset fields are left
/// out, so the thread keeps what it has.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnOverrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// `ReasoningEffort`: "minimal" | "low" | "medium" | "high" | … (a string in the schema).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<String>,
    /// `AskForApproval`: "untrusted" | "on-request" | "never".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_policy: Option<String>,
    /// `ApprovalsReviewer`: "user" (the person) or "auto_review" (codex's reviewer agent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approvals_reviewer: Option<String>,
    /// `SandboxPolicy`: an object tagged by `type` (see [`sandbox_policy`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sandbox_policy: Option<Value>,
    /// Plan mode or the default mode, with what it runs with; takes precedence over `model`
    /// and `effort` (experimental).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collaboration_mode: Option<super::plan_mode::CollaborationMode>,
    /// A JSON Schema the turn's final message must follow (the title's side turn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
}

impl TurnOverrides {
    pub fn is_empty(&self) -> bool {
        *self == TurnOverrides::default()
    }
}

/// The `SandboxPolicy` object for a `SandboxMode` name ("read-only", "workspace-write",
/// "danger-full-access"), with the defaults codex itself uses for each.
pub(crate) fn sandbox_policy(mode: &str) -> Option<Value> {
    Some(match mode {
        "read-only" => serde_json::json!({"type": "readOnly", "networkAccess": false}),
        "workspace-write" => serde_json::json!({
            "type": "workspaceWrite", "writableRoots": [], "networkAccess": false,
            "excludeTmpdirEnvVar": false, "excludeSlashTmp": false,
        }),
        "danger-full-access" => serde_json::json!({"type": "dangerFullAccess"}),
        _ => return None,
    })
}

/// A sandbox as the server reports it (a `SandboxPolicy` object or a `SandboxMode` string),
/// named the way `--sandbox` spells it.
pub(crate) fn sandbox_name(value: &Value) -> Option<String> {
    let raw = match value {
        Value::String(s) => s.as_str(),
        Value::Object(map) => map.get("type")?.as_str()?,
        _ => return None,
    };
    Some(
        match raw {
            "readOnly" => "read-only",
            "workspaceWrite" => "workspace-write",
            "dangerFullAccess" => "danger-full-access",
            "externalSandbox" => "external",
            other => other,
        }
        .to_string(),
    )
}

/// An approval policy as the server reports it: a name, or `granular` for the object form.
pub(crate) fn approval_name(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Object(map) => map.keys().next().cloned(),
        _ => None,
    }
}

/// `account/rateLimits/updated`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitsNotification {
    pub rate_limits: RateLimitSnapshot,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitSnapshot {
    #[serde(default)]
    pub limit_name: Option<String>,
    #[serde(default)]
    pub primary: Option<RateLimitWindow>,
    #[serde(default)]
    pub secondary: Option<RateLimitWindow>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitWindow {
    #[serde(default)]
    pub used_percent: f64,
    #[serde(default)]
    pub window_duration_mins: Option<i64>,
    /// Unix seconds.
    #[serde(default)]
    pub resets_at: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn overrides_leave_out_what_is_unset() {
        assert_eq!(
            serde_json::to_value(TurnOverrides::default()).unwrap(),
            json!({})
        );
        let o = TurnOverrides {
            model: Some("m".into()),
            effort: Some("high".into()),
            approval_policy: Some("never".into()),
            sandbox_policy: sandbox_policy("danger-full-access"),
            ..TurnOverrides::default()
        };
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            json!({"model": "m", "effort": "high", "approvalPolicy": "never",
                   "sandboxPolicy": {"type": "dangerFullAccess"}})
        );
    }

    #[test]
    fn reported_sandboxes_and_policies_get_their_flag_names() {
        let reported = json!({"type": "workspaceWrite", "writableRoots": []});
        assert_eq!(sandbox_name(&reported).unwrap(), "workspace-write");
        assert_eq!(sandbox_name(&json!("read-only")).unwrap(), "read-only");
        assert_eq!(approval_name(&json!("on-request")).unwrap(), "on-request");
        assert_eq!(
            approval_name(&json!({"granular": {"rules": true}})).unwrap(),
            "granular"
        );
        assert_eq!(sandbox_name(&Value::Null), None);
    }
}
