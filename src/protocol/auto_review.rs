//! Auto-review: codex's reviewer deciding an approval instead of the person (`approvalsReviewer:
//! "auto_review"`). `item/autoApprovalReview/started|completed` carry what is reviewed and the
//! verdict; `autoApprovalReview/strictReviewRequired` the same frame without them. The schema
//! marks these payloads `[UNSTABLE]` ("expected to change soon"): every field but the thread is
//! optional here, the action is kept as JSON and read by its `type`, unknown fields are ignored.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AutoReviewNotification {
    pub thread_id: String,
    #[serde(default)]
    pub(crate) turn_id: Option<String>,
    #[serde(default)]
    pub(crate) review_id: Option<String>,
    #[serde(default)]
    pub(crate) review: Option<AutoReviewVerdict>,
    /// `{type: command|execve|writeStdin|applyPatch|networkAccess|mcpToolCall|
    /// requestPermissions, …}`.
    #[serde(default)]
    pub(crate) action: Option<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AutoReviewVerdict {
    /// `inProgress`, `approved`, `denied`, `timedOut`, `aborted`.
    #[serde(default)]
    pub(crate) status: Option<String>,
    /// `low` … `critical`.
    #[serde(default)]
    pub(crate) risk_level: Option<String>,
    /// How far the person's request authorised it: `unknown`, `low`, `medium`, `high`.
    #[serde(default)]
    pub(crate) user_authorization: Option<String>,
    #[serde(default)]
    pub(crate) rationale: Option<String>,
}
