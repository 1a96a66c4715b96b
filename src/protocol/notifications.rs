//! Server-to-client notifications tern reacts to. Everything else is `Other` and is ignored.

use super::items::{Thread, ThreadItem, ThreadTokenUsage, Turn, TurnError};
use super::jsonrpc::RequestId;
use serde::{Deserialize, Serialize};

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
    /// `thread/deleted` (0.171), by this client or another.
    ThreadDeleted(super::threads::ThreadIdNotification),
    /// `thread/closed` (0.171): the server unloaded the thread.
    ThreadClosed(super::threads::ThreadIdNotification),
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
    /// `item/fileChange/patchUpdated`: the patch so far, while the model writes it.
    PatchUpdated(super::item_progress::PatchUpdatedNotification),
    /// `item/commandExecution/terminalInteraction`: input written to a running command.
    TerminalInteraction(super::item_progress::TerminalInteractionNotification),
    /// `item/mcpToolCall/progress`.
    McpToolProgress(super::item_progress::McpToolProgressNotification),
    /// `model/safetyBuffering/updated`.
    SafetyBuffering(super::item_progress::SafetyBufferingNotification),
    /// `thread/compacted` (the older signal of a compaction).
    ThreadCompacted(super::item_progress::ThreadCompactedNotification),
    /// `item/autoApprovalReview/started|completed`: codex's auto-review of an approval.
    AutoReview(super::auto_review::AutoReviewNotification),
    /// `autoApprovalReview/strictReviewRequired`.
    StrictReviewRequired(super::auto_review::AutoReviewNotification),
    /// `guardianWarning`: what the auto-reviewer warns of.
    GuardianWarning(WarningNotification),
    /// `externalAgentConfig/import/progress` (`/import`).
    ImportProgress(super::external_agent::ImportNotification),
    /// `externalAgentConfig/import/completed` (`/import`).
    ImportCompleted(super::external_agent::ImportNotification),
    /// `remoteControl/status/changed` (`/rc`).
    RemoteControlChanged(super::remote_control::RemoteControlStatus),
    /// A notification tern does not use. Kept by name for the log.
    Other(String),
}

impl ServerNotification {
    /// Reads a notification by its method name. A known method whose params do not match the
    /// schema is an error (logged by the caller); an unknown method is `Other`, its params
    /// never read. `params` is the line's raw text (or a `Value` in tests), read once, straight
    /// into the type the method names.
    pub fn from_parts(
        method: &str,
        params: impl super::jsonrpc::Params,
    ) -> Result<Self, serde_json::Error> {
        use ServerNotification as N;
        Ok(match method {
            "thread/started" => N::ThreadStarted(params.decode()?),
            "turn/started" => N::TurnStarted(params.decode()?),
            "turn/completed" => N::TurnCompleted(params.decode()?),
            "item/started" => N::ItemStarted(params.decode()?),
            "item/completed" => N::ItemCompleted(params.decode()?),
            "item/agentMessage/delta" => N::AgentMessageDelta(params.decode()?),
            "item/commandExecution/outputDelta" => N::CommandOutputDelta(params.decode()?),
            "item/reasoning/summaryTextDelta" => N::ReasoningSummaryDelta(params.decode()?),
            "thread/tokenUsage/updated" => N::TokenUsageUpdated(params.decode()?),
            "turn/plan/updated" => N::PlanUpdated(params.decode()?),
            "turn/diff/updated" => N::TurnDiffUpdated(params.decode()?),
            "error" => N::Error(params.decode()?),
            "warning" => N::Warning(params.decode()?),
            "configWarning" => N::ConfigWarning(params.decode()?),
            "deprecationNotice" => N::DeprecationNotice(params.decode()?),
            "serverRequest/resolved" => N::ServerRequestResolved(params.decode()?),
            "thread/name/updated" => N::ThreadNameUpdated(params.decode()?),
            "thread/archived" => N::ThreadArchived(params.decode()?),
            "thread/unarchived" => N::ThreadUnarchived(params.decode()?),
            "thread/deleted" => N::ThreadDeleted(params.decode()?),
            "thread/closed" => N::ThreadClosed(params.decode()?),
            "account/rateLimits/updated" => N::RateLimitsUpdated(params.decode()?),
            "thread/status/changed" => N::ThreadStatusChanged(params.decode()?),
            "hook/started" => N::HookStarted(params.decode()?),
            "hook/completed" => N::HookCompleted(params.decode()?),
            "thread/goal/updated" => N::GoalUpdated(params.decode()?),
            "thread/goal/cleared" => N::GoalCleared(params.decode()?),
            "model/rerouted" => N::ModelRerouted(params.decode()?),
            "turn/moderationMetadata" => N::ModerationMetadata(params.decode()?),
            "model/verification" => N::ModelVerification(params.decode()?),
            "account/login/completed" => N::AccountLoginCompleted(params.decode()?),
            "account/updated" => N::AccountUpdated(params.decode()?),
            "mcpServer/startupStatus/updated" => N::McpServerStatusUpdated(params.decode()?),
            "mcpServer/oauthLogin/completed" => N::McpServerOauthLoginCompleted(params.decode()?),
            "skills/changed" => N::SkillsChanged,
            "item/plan/delta" => N::PlanDelta(params.decode()?),
            "item/reasoning/summaryPartAdded" => N::ReasoningSummaryPartAdded(params.decode()?),
            "item/reasoning/textDelta" => N::ReasoningTextDelta(params.decode()?),
            "thread/settings/updated" => N::ThreadSettingsUpdated(params.decode()?),
            "thread/reverted" => N::ThreadReverted(params.decode()?),
            "item/fileChange/patchUpdated" => N::PatchUpdated(params.decode()?),
            "item/commandExecution/terminalInteraction" => N::TerminalInteraction(params.decode()?),
            "item/mcpToolCall/progress" => N::McpToolProgress(params.decode()?),
            "model/safetyBuffering/updated" => N::SafetyBuffering(params.decode()?),
            "thread/compacted" => N::ThreadCompacted(params.decode()?),
            "item/autoApprovalReview/started" | "item/autoApprovalReview/completed" => {
                N::AutoReview(params.decode()?)
            }
            "autoApprovalReview/strictReviewRequired" => N::StrictReviewRequired(params.decode()?),
            "guardianWarning" => N::GuardianWarning(params.decode()?),
            "externalAgentConfig/import/progress" => N::ImportProgress(params.decode()?),
            "externalAgentConfig/import/completed" => N::ImportCompleted(params.decode()?),
            "remoteControl/status/changed" => N::RemoteControlChanged(params.decode()?),
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
            N::PatchUpdated(n) => Some(&n.thread_id),
            N::TerminalInteraction(n) => Some(&n.thread_id),
            N::McpToolProgress(n) => Some(&n.thread_id),
            N::SafetyBuffering(n) => Some(&n.thread_id),
            N::ThreadCompacted(n) => Some(&n.thread_id),
            N::AutoReview(n) | N::StrictReviewRequired(n) => Some(&n.thread_id),
            N::GuardianWarning(n) => n.thread_id.as_deref(),
            // About any thread, for the picker: not routed by the visible thread.
            N::ThreadNameUpdated(_) | N::ThreadArchived(_) | N::ThreadUnarchived(_) => None,
            N::ThreadDeleted(_) | N::ThreadClosed(_) => None,
            N::ConfigWarning(_) | N::DeprecationNotice(_) | N::Other(_) => None,
            N::RateLimitsUpdated(_) | N::AccountLoginCompleted(_) | N::AccountUpdated(_) => None,
            // Filtered by thread where they are used: a null thread is about every thread.
            N::McpServerStatusUpdated(_) | N::McpServerOauthLoginCompleted(_) => None,
            N::SkillsChanged => None,
            // About the server, not a thread.
            N::ImportProgress(_) | N::ImportCompleted(_) | N::RemoteControlChanged(_) => None,
        }
    }
}
