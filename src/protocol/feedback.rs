//! Feedback reports (`feedback/save`, `feedback/upload`), spelled as the pinned codex 0.171's
//! `generate-ts --experimental` prints them. Verified against 0.171: `feedback/save` makes the
//! SERVER write the ZIP at `savePath` (absolute, must not exist yet) with codex's own logs as
//! they are; `feedback/upload` sends the report to OpenAI's feedback service (Sentry).

use serde::{Deserialize, Serialize};

pub(crate) const FEEDBACK_SAVE: &str = "feedback/save";
pub(crate) const FEEDBACK_UPLOAD: &str = "feedback/upload";

/// `FeedbackSaveParams` and `FeedbackUploadParams` (the upload has no `savePath`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save_path: Option<String>,
    pub classification: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<String>,
    pub include_logs: bool,
    pub extra_log_files: Vec<String>,
}

/// `FeedbackSaveResponse` (`FeedbackUploadResponse` is the same without `savedPath`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackResponse {
    #[serde(default)]
    pub saved_path: Option<String>,
    pub thread_id: String,
}
