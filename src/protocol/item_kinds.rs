//! The payloads of the newer thread items whose fields are many (`ImageGeneration`,
//! `DynamicToolCall`, `FunctionCallOutput`, hook prompts), and the notifications about hooks,
//! the thread goal and the model (`hook/*`, `thread/goal/*`, `model/rerouted`,
//! `model/verification`, `turn/moderationMetadata`). Fields as the 0.171 schema spells them;
//! everything optional the server may leave out.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageGeneration {
    pub id: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub revised_prompt: Option<String>,
    /// Where the image was saved (absent while it is generated). The image itself (`result`,
    /// base64) is not read: it can be megabytes and tern shows the file.
    #[serde(default)]
    pub saved_path: Option<String>,
    /// `{type: "usageLimitExceeded", …}`: kept opaque, its `type` shown.
    #[serde(default)]
    pub failure: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DynamicToolCall {
    pub id: String,
    #[serde(default)]
    pub namespace: Option<String>,
    #[serde(default)]
    pub tool: String,
    #[serde(default)]
    pub arguments: Value,
    /// `inProgress` | `completed` | `failed`.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub content_items: Option<Vec<DynamicToolContent>>,
    #[serde(default)]
    pub success: Option<bool>,
    #[serde(default)]
    pub duration_ms: Option<i64>,
}

/// What a dynamic tool answered: text is shown, images and audio are named.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum DynamicToolContent {
    InputText {
        #[serde(default)]
        text: String,
    },
    InputImage {},
    InputAudio {},
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FunctionCallOutput {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub namespace: Option<String>,
    /// A string, or content items (`input_text`, `input_image`, …).
    #[serde(default)]
    pub output: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookPromptFragment {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub hook_run_id: String,
}

/// `hook/started` and `hook/completed`: one run of a configured hook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: Option<String>,
    pub run: HookRun,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookRun {
    pub id: String,
    /// `stop`, `preToolUse`, `sessionStart` …
    #[serde(default)]
    pub event_name: String,
    /// `running` | `completed` | `failed` | `blocked` | `stopped`.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub status_message: Option<String>,
    #[serde(default)]
    pub duration_ms: Option<i64>,
    #[serde(default)]
    pub entries: Vec<HookOutputEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookOutputEntry {
    /// `warning` | `stop` | `feedback` | `context` | `error`.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadGoal {
    #[serde(default)]
    pub objective: String,
    /// `active` | `paused` | `blocked` | `usageLimited` | `budgetLimited` | `complete`.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub token_budget: Option<i64>,
    #[serde(default)]
    pub tokens_used: i64,
    /// Wall time spent on it so far (0.171).
    #[serde(default)]
    pub time_used_seconds: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoalUpdatedNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: Option<String>,
    pub goal: ThreadGoal,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoalClearedNotification {
    pub thread_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelReroutedNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: String,
    #[serde(default)]
    pub from_model: String,
    #[serde(default)]
    pub to_model: String,
    /// `highRiskCyberActivity` (the only value in 0.171).
    #[serde(default)]
    pub reason: String,
}

/// `turn/moderationMetadata`: opaque JSON, shown bounded and sanitised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModerationMetadataNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: String,
    #[serde(default)]
    pub metadata: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelVerificationNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: String,
    #[serde(default)]
    pub verifications: Vec<String>,
}
