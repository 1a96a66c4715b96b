//! The settings `thread/start`, `thread/resume` and `thread/settings/update` share, in a file
//! of their own: the requests and Plan mode both send them, and neither should need the other.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Settings shared by `thread/start` and `thread/resume`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// `AskForApproval`: "untrusted" | "on-request" | "never" (or a granular object).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_policy: Option<String>,
    /// `SandboxMode`: "read-only" | "workspace-write" | "danger-full-access".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<Map<String, Value>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_settings_omit_unset_fields() {
        let s = ThreadSettings {
            cwd: Some("/repo".into()),
            ..Default::default()
        };
        assert_eq!(
            serde_json::to_value(&s).unwrap(),
            serde_json::json!({"cwd": "/repo"})
        );
    }
}
