//! Server-to-client notifications tern reacts to. Everything else is `Other` and is ignored.

use super::items::{Thread, ThreadItem, ThreadTokenUsage, Turn, TurnError};
use super::jsonrpc::RequestId;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadStartedNotification {
    pub thread: Thread,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnNotification {
    pub thread_id: String,
    pub turn: Turn,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item: ThreadItem,
}

/// `item/agentMessage/delta`, `item/commandExecution/outputDelta`, `item/reasoning/summaryTextDelta`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeltaNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    pub delta: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenUsageNotification {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: Option<String>,
    pub token_usage: ThreadTokenUsage,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    pub step: String,
    /// "pending" | "inProgress" | "completed"
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanUpdatedNotification {
    pub thread_id: String,
    pub turn_id: String,
    #[serde(default)]
    pub explanation: Option<String>,
    pub plan: Vec<PlanStep>,
}

/// `turn/diff/updated`: the whole turn's changes so far as one git-style diff. A snapshot,
/// repeated (often identically): the latest replaces the ones before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnDiffUpdatedNotification {
    pub thread_id: String,
    pub turn_id: String,
    pub diff: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorNotification {
    pub error: TurnError,
    #[serde(default)]
    pub will_retry: bool,
    pub thread_id: String,
    pub turn_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WarningNotification {
    #[serde(default)]
    pub thread_id: Option<String>,
    pub message: String,
}

/// `configWarning` and `deprecationNotice`: not tied to a thread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NoticeNotification {
    pub summary: String,
    #[serde(default)]
    pub details: Option<String>,
    /// `configWarning` only: the config file at fault, and where in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<TextRange>,
}

/// `TextRange`: 1-based lines and columns (columns in Unicode scalar values).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextRange {
    pub start: TextPosition,
    pub end: TextPosition,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TextPosition {
    pub line: u64,
    pub column: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerRequestResolvedNotification {
    pub thread_id: String,
    pub request_id: RequestId,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ServerNotification {
    ThreadStarted(ThreadStartedNotification),
    TurnStarted(TurnNotification),
    TurnCompleted(TurnNotification),
    ItemStarted(ItemNotification),
    ItemCompleted(ItemNotification),
    AgentMessageDelta(DeltaNotification),
    CommandOutputDelta(DeltaNotification),
    ReasoningSummaryDelta(DeltaNotification),
    TokenUsageUpdated(TokenUsageNotification),
    PlanUpdated(PlanUpdatedNotification),
    TurnDiffUpdated(TurnDiffUpdatedNotification),
    Error(ErrorNotification),
    Warning(WarningNotification),
    ConfigWarning(NoticeNotification),
    DeprecationNotice(NoticeNotification),
    ServerRequestResolved(ServerRequestResolvedNotification),
    ThreadNameUpdated(super::threads::ThreadNameUpdatedNotification),
    ThreadArchived(super::threads::ThreadIdNotification),
    ThreadUnarchived(super::threads::ThreadIdNotification),
    RateLimitsUpdated(super::session::RateLimitsNotification),
    ThreadStatusChanged(super::threads::ThreadStatusChangedNotification),
    HookStarted(super::item_kinds::HookNotification),
    HookCompleted(super::item_kinds::HookNotification),
    GoalUpdated(super::item_kinds::GoalUpdatedNotification),
    GoalCleared(super::item_kinds::GoalClearedNotification),
    ModelRerouted(super::item_kinds::ModelReroutedNotification),
    ModerationMetadata(super::item_kinds::ModerationMetadataNotification),
    ModelVerification(super::item_kinds::ModelVerificationNotification),
    AccountLoginCompleted(super::account::LoginCompletedNotification),
    AccountUpdated(super::account::AccountUpdatedNotification),
    McpServerStatusUpdated(super::mcp::McpServerStatusUpdatedNotification),
    McpServerOauthLoginCompleted(super::mcp::McpServerOauthLoginCompletedNotification),
    /// The skill files changed: ask `skills/list` again.
    SkillsChanged,
    /// `item/plan/delta`: a proposed plan streaming (Plan mode).
    PlanDelta(DeltaNotification),
    /// `item/reasoning/summaryPartAdded`: the next part of a reasoning summary starts.
    ReasoningSummaryPartAdded(super::plan_mode::ReasoningPartNotification),
    /// `item/reasoning/textDelta`: raw reasoning, sent whatever the config says.
    ReasoningTextDelta(DeltaNotification),
    /// `thread/settings/updated`: a mode or effort switch took effect.
    ThreadSettingsUpdated(super::plan_mode::ThreadSettingsUpdatedNotification),
    /// `thread/reverted`: the thread's history was cut back (after `thread/revert` answered).
    ThreadReverted(super::threads::ThreadIdNotification),
    /// A notification tern does not use. Kept by name for the log.
    Other(String),
}

fn parse<T: DeserializeOwned>(params: Value) -> Result<T, serde_json::Error> {
    serde_json::from_value(params)
}

impl ServerNotification {
    /// Reads a notification by its method name. A known method whose params do not match the
    /// schema is an error (logged by the caller); an unknown method is `Other`.
    pub fn from_parts(method: &str, params: Value) -> Result<Self, serde_json::Error> {
        use ServerNotification as N;
        Ok(match method {
            "thread/started" => N::ThreadStarted(parse(params)?),
            "turn/started" => N::TurnStarted(parse(params)?),
            "turn/completed" => N::TurnCompleted(parse(params)?),
            "item/started" => N::ItemStarted(parse(params)?),
            "item/completed" => N::ItemCompleted(parse(params)?),
            "item/agentMessage/delta" => N::AgentMessageDelta(parse(params)?),
            "item/commandExecution/outputDelta" => N::CommandOutputDelta(parse(params)?),
            "item/reasoning/summaryTextDelta" => N::ReasoningSummaryDelta(parse(params)?),
            "thread/tokenUsage/updated" => N::TokenUsageUpdated(parse(params)?),
            "turn/plan/updated" => N::PlanUpdated(parse(params)?),
            "turn/diff/updated" => N::TurnDiffUpdated(parse(params)?),
            "error" => N::Error(parse(params)?),
            "warning" => N::Warning(parse(params)?),
            "configWarning" => N::ConfigWarning(parse(params)?),
            "deprecationNotice" => N::DeprecationNotice(parse(params)?),
            "serverRequest/resolved" => N::ServerRequestResolved(parse(params)?),
            "thread/name/updated" => N::ThreadNameUpdated(parse(params)?),
            "thread/archived" => N::ThreadArchived(parse(params)?),
            "thread/unarchived" => N::ThreadUnarchived(parse(params)?),
            "account/rateLimits/updated" => N::RateLimitsUpdated(parse(params)?),
            "thread/status/changed" => N::ThreadStatusChanged(parse(params)?),
            "hook/started" => N::HookStarted(parse(params)?),
            "hook/completed" => N::HookCompleted(parse(params)?),
            "thread/goal/updated" => N::GoalUpdated(parse(params)?),
            "thread/goal/cleared" => N::GoalCleared(parse(params)?),
            "model/rerouted" => N::ModelRerouted(parse(params)?),
            "turn/moderationMetadata" => N::ModerationMetadata(parse(params)?),
            "model/verification" => N::ModelVerification(parse(params)?),
            "account/login/completed" => N::AccountLoginCompleted(parse(params)?),
            "account/updated" => N::AccountUpdated(parse(params)?),
            "mcpServer/startupStatus/updated" => N::McpServerStatusUpdated(parse(params)?),
            "mcpServer/oauthLogin/completed" => N::McpServerOauthLoginCompleted(parse(params)?),
            "skills/changed" => N::SkillsChanged,
            "item/plan/delta" => N::PlanDelta(parse(params)?),
            "item/reasoning/summaryPartAdded" => N::ReasoningSummaryPartAdded(parse(params)?),
            "item/reasoning/textDelta" => N::ReasoningTextDelta(parse(params)?),
            "thread/settings/updated" => N::ThreadSettingsUpdated(parse(params)?),
            "thread/reverted" => N::ThreadReverted(parse(params)?),
            other => N::Other(other.to_string()),
        })
    }

    /// The thread this notification belongs to, when it names one.
    pub fn thread_id(&self) -> Option<&str> {
        use ServerNotification as N;
        match self {
            N::ThreadStarted(n) => Some(&n.thread.id),
            N::TurnStarted(n) | N::TurnCompleted(n) => Some(&n.thread_id),
            N::ItemStarted(n) | N::ItemCompleted(n) => Some(&n.thread_id),
            N::AgentMessageDelta(n) | N::CommandOutputDelta(n) | N::ReasoningSummaryDelta(n) => {
                Some(&n.thread_id)
            }
            N::TokenUsageUpdated(n) => Some(&n.thread_id),
            N::PlanUpdated(n) => Some(&n.thread_id),
            N::TurnDiffUpdated(n) => Some(&n.thread_id),
            N::Error(n) => Some(&n.thread_id),
            N::Warning(n) => n.thread_id.as_deref(),
            N::ServerRequestResolved(n) => Some(&n.thread_id),
            N::ThreadStatusChanged(n) => Some(&n.thread_id),
            N::HookStarted(n) | N::HookCompleted(n) => Some(&n.thread_id),
            N::GoalUpdated(n) => Some(&n.thread_id),
            N::GoalCleared(n) => Some(&n.thread_id),
            N::ModelRerouted(n) => Some(&n.thread_id),
            N::ModerationMetadata(n) => Some(&n.thread_id),
            N::ModelVerification(n) => Some(&n.thread_id),
            N::PlanDelta(n) | N::ReasoningTextDelta(n) => Some(&n.thread_id),
            N::ReasoningSummaryPartAdded(n) => Some(&n.thread_id),
            N::ThreadSettingsUpdated(n) => Some(&n.thread_id),
            N::ThreadReverted(n) => Some(&n.thread_id),
            // About any thread, for the picker: not routed by the visible thread.
            N::ThreadNameUpdated(_) | N::ThreadArchived(_) | N::ThreadUnarchived(_) => None,
            N::ConfigWarning(_) | N::DeprecationNotice(_) | N::Other(_) => None,
            N::RateLimitsUpdated(_) | N::AccountLoginCompleted(_) | N::AccountUpdated(_) => None,
            // Filtered by thread where they are used: a null thread is about every thread.
            N::McpServerStatusUpdated(_) | N::McpServerOauthLoginCompleted(_) => None,
            N::SkillsChanged => None,
        }
    }
}
