//! Threads, turns and the items inside them, as the server describes them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Thread {
    pub id: String,
    #[serde(default)]
    pub preview: String,
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub model_provider: Option<String>,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub created_at: Option<i64>,
    #[serde(default)]
    pub updated_at: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub git_info: Option<GitInfo>,
    /// `{type: "notLoaded" | "idle" | "systemError" | "active", …}`.
    #[serde(default)]
    pub status: Option<ThreadStatus>,
    #[serde(default)]
    pub turns: Vec<Turn>,
    // A sub-agent's thread also names its parent (`parentThreadId`): tern links agents by the
    // collab items and `rootTurnId` instead, and every reply carries a `Thread`, so unread
    // fields stay out of it.
    /// A sub-agent's random name ("Carson", "Bohr"), set by the server at spawn.
    #[serde(default)]
    pub agent_nickname: Option<String>,
    /// A sub-agent's role, when a role or custom agent was asked for.
    #[serde(default)]
    pub agent_role: Option<String>,
    /// Whether `turn/start` may be sent to this (loaded) thread directly; `None` when unknown
    /// (an unloaded thread). False for v2 sub-agents.
    #[serde(default)]
    pub can_accept_direct_input: Option<bool>,
    #[serde(default)]
    pub reasoning_effort: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GitInfo {
    #[serde(default)]
    pub sha: Option<String>,
    #[serde(default)]
    pub branch: Option<String>,
    #[serde(default)]
    pub origin_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ThreadStatus {
    NotLoaded,
    Idle,
    SystemError,
    /// A turn runs; `activeFlags` says whether it waits on a person (`waitingOnApproval`,
    /// `waitingOnUserInput`).
    Active {
        #[serde(default, rename = "activeFlags")]
        active_flags: ActiveFlags,
    },
    #[serde(other)]
    Other,
}

/// The schema's `ThreadActiveFlag`s of an active thread, as bits: a status rides in every
/// thread tern is told of, so it stays one byte. A flag this tern does not know is dropped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ActiveFlags(u8);

impl ActiveFlags {
    const NAMES: [&'static str; 2] = ["waitingOnApproval", "waitingOnUserInput"];

    /// The thread waits on a person: an approval or an answer.
    pub(crate) fn waiting_on_person(self) -> bool {
        self.0 != 0
    }
}

impl Serialize for ActiveFlags {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let names: Vec<&str> = Self::NAMES
            .iter()
            .enumerate()
            .filter(|(bit, _)| self.0 & (1 << bit) != 0)
            .map(|(_, name)| *name)
            .collect();
        names.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ActiveFlags {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(deserializer)?;
        Ok(ActiveFlags(names.iter().fold(0, |bits, name| {
            match Self::NAMES.iter().position(|known| known == name) {
                Some(bit) => bits | (1 << bit),
                None => bits,
            }
        })))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TurnStatus {
    Completed,
    Interrupted,
    Failed,
    InProgress,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Turn {
    pub id: String,
    /// The first turn of the chain of work that led to this one: its own id for an ordinary
    /// turn; a sub-agent's turns carry the parent turn that spawned (or messaged) it, and a
    /// review's events come in a turn whose root is the turn `review/start` answered with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_turn_id: Option<String>,
    #[serde(default)]
    pub items: Vec<ThreadItem>,
    pub status: TurnStatus,
    #[serde(default)]
    pub error: Option<TurnError>,
    #[serde(default)]
    pub duration_ms: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnError {
    pub message: String,
    #[serde(default)]
    pub additional_details: Option<String>,
    /// `CodexErrorInfo`: a name (`"unauthorized"`) or an object such as
    /// `{"httpConnectionFailed": {"httpStatusCode": 401}}`; read with [`TurnError::http_status`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codex_error_info: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum UserInput {
    Text {
        text: String,
        #[serde(default)]
        text_elements: Vec<Value>,
    },
    /// An image file on the server's machine, read by the server.
    #[serde(rename_all = "camelCase")]
    LocalImage { path: String },
    /// An image given inline (a `data:` URL); a URL elsewhere is refused by the server.
    Image {
        #[serde(default)]
        url: Option<String>,
    },
    /// A skill named in the text (`$name`), by its `SKILL.md`.
    Skill { name: String, path: String },
    #[serde(other)]
    Other,
}

impl UserInput {
    pub fn text(text: impl Into<String>) -> Self {
        UserInput::Text {
            text: text.into(),
            text_elements: Vec::new(),
        }
    }

    /// An image file, by its path.
    pub(crate) fn local_image(path: impl Into<String>) -> Self {
        UserInput::LocalImage { path: path.into() }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum CommandAction {
    Read {
        command: String,
        name: String,
        path: String,
    },
    ListFiles {
        command: String,
        path: Option<String>,
    },
    Search {
        command: String,
        query: Option<String>,
        path: Option<String>,
    },
    Unknown {
        command: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum PatchChangeKind {
    Add,
    Delete,
    Update {
        #[serde(default)]
        move_path: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileUpdateChange {
    pub path: String,
    pub kind: PatchChangeKind,
    #[serde(default)]
    pub diff: String,
}

/// One item of a turn. A kind tern does not know parses as `Unknown`, naming its type, instead
/// of failing (see the `Deserialize` impl below).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", tag = "type", rename_all = "camelCase")]
pub enum ThreadItem {
    #[serde(rename_all = "camelCase")]
    UserMessage {
        id: String,
        #[serde(default)]
        content: Vec<UserInput>,
    },
    #[serde(rename_all = "camelCase")]
    AgentMessage {
        id: String,
        #[serde(default)]
        text: String,
        /// 0.171: how the answer must be presented (`hide` and `block` withhold it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moderation: Option<super::moderation::AgentMessageModeration>,
    },
    #[serde(rename_all = "camelCase")]
    Reasoning {
        id: String,
        #[serde(default)]
        summary: Vec<String>,
        /// Raw reasoning: shown only when asked for (`show_raw_agent_reasoning`).
        #[serde(default)]
        content: Vec<String>,
    },
    #[serde(rename_all = "camelCase")]
    Plan {
        id: String,
        #[serde(default)]
        text: String,
    },
    #[serde(rename_all = "camelCase")]
    CommandExecution {
        id: String,
        command: String,
        #[serde(default)]
        cwd: Option<String>,
        #[serde(default)]
        status: Option<String>,
        #[serde(default)]
        command_actions: Vec<CommandAction>,
        #[serde(default)]
        aggregated_output: Option<String>,
        #[serde(default)]
        exit_code: Option<i64>,
        #[serde(default)]
        duration_ms: Option<i64>,
        /// `agent` | `userShell` (a `!` command) | `unifiedExecStartup` | `unifiedExecInteraction`.
        #[serde(default)]
        source: Option<String>,
        /// A background terminal's session id (what `backgroundTerminals/terminate` takes).
        #[serde(default)]
        process_id: Option<String>,
    },
    #[serde(rename_all = "camelCase")]
    FileChange {
        id: String,
        #[serde(default)]
        changes: Vec<FileUpdateChange>,
        #[serde(default)]
        status: Option<String>,
    },
    #[serde(rename_all = "camelCase")]
    McpToolCall {
        id: String,
        server: String,
        tool: String,
        #[serde(default)]
        status: Option<String>,
    },
    #[serde(rename_all = "camelCase")]
    WebSearch {
        id: String,
        #[serde(default)]
        query: String,
    },
    #[serde(rename_all = "camelCase")]
    ContextCompaction {
        id: String,
    },
    /// `review/start` began: `review` names what is reviewed ("current changes").
    #[serde(rename_all = "camelCase")]
    EnteredReviewMode {
        id: String,
        #[serde(default)]
        review: String,
    },
    /// The review's result, as one markdown-ish text.
    #[serde(rename_all = "camelCase")]
    ExitedReviewMode {
        id: String,
        #[serde(default)]
        review: String,
    },
    /// The model looked at an image file (`view_image`).
    #[serde(rename_all = "camelCase")]
    ImageView {
        id: String,
        #[serde(default)]
        path: String,
    },
    ImageGeneration(super::item_kinds::ImageGeneration),
    /// A call of a tool the client registered (`dynamicTools`).
    DynamicToolCall(super::item_kinds::DynamicToolCall),
    FunctionCallOutput(super::item_kinds::FunctionCallOutput),
    /// A hook's feedback given to the model (a Stop hook that blocked, say).
    #[serde(rename_all = "camelCase")]
    HookPrompt {
        id: String,
        #[serde(default)]
        fragments: Vec<super::item_kinds::HookPromptFragment>,
    },
    /// The model waits (`clock.sleep`); `durationMs` is what it asked for.
    #[serde(rename_all = "camelCase")]
    Sleep {
        id: String,
        #[serde(default)]
        duration_ms: i64,
        #[serde(default)]
        started_at_ms: Option<i64>,
        #[serde(default)]
        completed_at_ms: Option<i64>,
    },
    /// A sub-agent tool call of the parent's model (spawn, wait, send input, close, resume).
    #[serde(rename_all = "camelCase")]
    CollabAgentToolCall {
        id: String,
        tool: super::agents::CollabAgentTool,
        status: super::agents::CollabCallStatus,
        #[serde(default)]
        sender_thread_id: String,
        /// The agents acted on. Empty in a spawn's `item/started` (the child's id comes with
        /// `item/completed`); a finished `wait` lists only the agents that finished.
        #[serde(default)]
        receiver_thread_ids: Vec<String>,
        /// A spawn's task or the message sent.
        #[serde(default)]
        prompt: Option<String>,
        /// `""` in a spawn's `item/started`.
        #[serde(default)]
        model: Option<String>,
        #[serde(default)]
        reasoning_effort: Option<String>,
        #[serde(default)]
        agents_states: std::collections::BTreeMap<String, super::agents::CollabAgentState>,
    },
    /// What happened to a v2 sub-agent (`multi_agent_v2`).
    #[serde(rename_all = "camelCase")]
    SubAgentActivity {
        id: String,
        kind: super::agents::SubAgentActivityKind,
        agent_thread_id: String,
        /// `/root/<task_name>`: the v2 agent's task name.
        #[serde(default)]
        agent_path: String,
        #[serde(default)]
        model: Option<String>,
        #[serde(default)]
        reasoning_effort: Option<String>,
    },
    /// A kind tern does not know: its `type` (and id, when it has one), to say so on screen.
    #[serde(skip)]
    Unknown {
        item_type: String,
        id: Option<String>,
    },
}

impl<'de> Deserialize<'de> for ThreadItem {
    /// The derived reading, except that an unknown `type` becomes `Unknown` naming it (a known
    /// type with bad fields is still an error).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let item_type = value
            .get("type")
            .and_then(Value::as_str)
            .map(str::to_string);
        let id = value.get("id").and_then(Value::as_str).map(str::to_string);
        match ThreadItem::deserialize(value) {
            Ok(item) => Ok(item),
            Err(e) if e.to_string().starts_with("unknown variant") => Ok(ThreadItem::Unknown {
                item_type: item_type.unwrap_or_default(),
                id,
            }),
            Err(e) => Err(serde::de::Error::custom(e)),
        }
    }
}

impl Serialize for ThreadItem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ThreadItem::serialize(self, serializer)
    }
}

impl ThreadItem {
    pub(crate) fn id(&self) -> Option<&str> {
        match self {
            ThreadItem::UserMessage { id, .. }
            | ThreadItem::AgentMessage { id, .. }
            | ThreadItem::Reasoning { id, .. }
            | ThreadItem::Plan { id, .. }
            | ThreadItem::CommandExecution { id, .. }
            | ThreadItem::FileChange { id, .. }
            | ThreadItem::McpToolCall { id, .. }
            | ThreadItem::WebSearch { id, .. }
            | ThreadItem::ContextCompaction { id }
            | ThreadItem::EnteredReviewMode { id, .. }
            | ThreadItem::ExitedReviewMode { id, .. }
            | ThreadItem::ImageView { id, .. }
            | ThreadItem::HookPrompt { id, .. }
            | ThreadItem::Sleep { id, .. } => Some(id),
            ThreadItem::ImageGeneration(item) => Some(&item.id),
            ThreadItem::DynamicToolCall(item) => Some(&item.id),
            ThreadItem::FunctionCallOutput(item) => Some(&item.id),
            ThreadItem::Unknown { id, .. } => id.as_deref(),
            ThreadItem::CollabAgentToolCall { id, .. }
            | ThreadItem::SubAgentActivity { id, .. } => Some(id),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenUsageBreakdown {
    #[serde(default)]
    pub total_tokens: i64,
    #[serde(default)]
    pub input_tokens: i64,
    #[serde(default)]
    pub cached_input_tokens: i64,
    #[serde(default)]
    pub output_tokens: i64,
    #[serde(default)]
    pub reasoning_output_tokens: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadTokenUsage {
    pub total: TokenUsageBreakdown,
    pub last: TokenUsageBreakdown,
    #[serde(default)]
    pub model_context_window: Option<i64>,
}
