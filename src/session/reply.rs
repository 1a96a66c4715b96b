//! The server's answers to tern's own requests, typed: one variant per request kind, carrying
//! what the request's tag carried and the answer decoded into the schema's type. The runtime
//! decodes them where it knows which request an answer belongs to (`runtime::replies`); the app
//! never reads raw JSON, and `session::responses` routes them by one exhaustive match.
//!
//! A new request adds a `RequestTag` variant, a `Reply` variant here, its arm in
//! `runtime::replies::decode` and its arm in `session::responses::on_reply` — the compiler
//! names each place that is still missing.

use super::request::{ListPurpose, ModeWanted, NewThreadPurpose};
use crate::protocol::{
    BackgroundTerminalTerminateResponse, BackgroundTerminalsListResponse,
    CollaborationModeListResponse, ConfigReadResponse, FuzzyFileSearchResponse, GetAccountResponse,
    InitializeResponse, ListMcpServerStatusResponse, LoginKind, LoginResponse,
    McpServerOauthLoginResponse, ModelListResponse, PrepareApprovedPlanResponse,
    RateLimitsResponse, SkillsConfigWriteResponse, SkillsListResponse, ThreadListResponse,
    ThreadReadResponse, ThreadRevertResponse, ThreadStartResponse, ThreadTurnsListResponse,
    TurnStartResponse,
};
use std::fmt;

/// Why a request has no usable answer.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplyError {
    /// The server answered with an error: its message.
    Refused(String),
    /// The connection closed before the answer came.
    Lost(String),
    /// The server answered, but not in the schema's shape: which request, and what did not fit.
    Unreadable { method: &'static str, error: String },
}

impl ReplyError {
    /// Whether the server answered at all (a refusal or an unreadable answer is a word from it).
    pub fn heard(&self) -> bool {
        !matches!(self, ReplyError::Lost(_))
    }
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::Refused(message) | ReplyError::Lost(message) => f.write_str(message),
            ReplyError::Unreadable { method, error } => {
                write!(
                    f,
                    "tern could not read codex's answer to `{method}`: {error}"
                )
            }
        }
    }
}

/// An answer: the typed result, or why there is none.
pub type Answer<T> = Result<T, ReplyError>;

/// One answer to one of tern's requests (see `RequestTag` for what each request is).
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Initialize(Answer<InitializeResponse>),
    StartThread(Answer<ThreadStartResponse>),
    ResumeThread(Answer<ThreadStartResponse>),
    ForkThread(Answer<ThreadStartResponse>),
    StartTurn {
        prompt: String,
        answer: Answer<TurnStartResponse>,
    },
    SteerTurn {
        prompt: String,
        answer: Answer<()>,
    },
    InterruptTurn(Answer<()>),
    ListThreads {
        purpose: ListPurpose,
        answer: Answer<ThreadListResponse>,
    },
    ListTurns {
        thread_id: String,
        answer: Answer<ThreadTurnsListResponse>,
    },
    PeekTurns {
        thread_id: String,
        answer: Answer<ThreadTurnsListResponse>,
    },
    CatchUpTurn {
        thread_id: String,
        turn_id: String,
        answer: Answer<ThreadTurnsListResponse>,
    },
    SetThreadName {
        thread_id: String,
        name: String,
        answer: Answer<()>,
    },
    ArchiveThread {
        thread_id: String,
        answer: Answer<()>,
    },
    UnarchiveThread {
        thread_id: String,
        answer: Answer<()>,
    },
    ListModels(Answer<ModelListResponse>),
    CompactThread(Answer<()>),
    SearchFiles {
        generation: u64,
        answer: Answer<FuzzyFileSearchResponse>,
    },
    StartReview(Answer<crate::protocol::ReviewStartResponse>),
    ReadAgent {
        thread_id: String,
        /// Boxed: a whole `Thread` would make every reply as large.
        answer: Answer<Box<ThreadReadResponse>>,
    },
    ListAgents {
        archived: bool,
        answer: Answer<ThreadListResponse>,
    },
    ListTerminals(Answer<BackgroundTerminalsListResponse>),
    StopTerminal {
        process_id: String,
        command: String,
        answer: Answer<BackgroundTerminalTerminateResponse>,
    },
    StopAllTerminals(Answer<()>),
    ShellCommand {
        command: String,
        answer: Answer<()>,
    },
    ReadAccount(Answer<GetAccountResponse>),
    Login {
        kind: LoginKind,
        answer: Answer<LoginResponse>,
    },
    CancelLogin(Answer<()>),
    Logout(Answer<()>),
    RevertFailedTurn(Answer<()>),
    ReadRateLimits(Answer<RateLimitsResponse>),
    ListMcpServers(Answer<ListMcpServerStatusResponse>),
    McpLogin {
        name: String,
        answer: Answer<McpServerOauthLoginResponse>,
    },
    ReloadMcp(Answer<()>),
    ListSkills(Answer<SkillsListResponse>),
    WriteSkillConfig {
        name: String,
        enabled: bool,
        answer: Answer<SkillsConfigWriteResponse>,
    },
    // Plan mode, titles and rewind (issue 20).
    ListModes {
        then: ModeWanted,
        answer: Answer<CollaborationModeListResponse>,
    },
    SwitchMode {
        mode: String,
        implement: bool,
        answer: Answer<()>,
    },
    StartThreadFor {
        purpose: NewThreadPurpose,
        answer: Answer<ThreadStartResponse>,
    },
    PlanAttachmentFolder(Answer<()>),
    PlanAttachmentFile {
        path: String,
        answer: Answer<()>,
    },
    UploadImageFolder {
        local: String,
        answer: Answer<()>,
    },
    UploadImageFile {
        local: String,
        answer: Answer<()>,
    },
    PrepareApprovedPlan(Answer<PrepareApprovedPlanResponse>),
    Unsubscribe(Answer<()>),
    ReadConfig(Answer<ConfigReadResponse>),
    TitleTurn {
        main_thread: String,
        side_thread: String,
        answer: Answer<()>,
    },
    AutoName {
        thread_id: String,
        name: String,
        answer: Answer<()>,
    },
    RevertThread {
        thread_id: String,
        before_turn_id: String,
        answer: Answer<ThreadRevertResponse>,
    },
    /// The check on a quiet server: that it came is all it says (`session::health`).
    Ping(Answer<()>),
}

impl Reply {
    /// Whether this answer came from the server (for the health watch).
    pub fn heard(&self) -> bool {
        self.error().is_none_or(ReplyError::heard)
    }

    /// Why there is no usable answer, if there is none.
    pub fn error(&self) -> Option<&ReplyError> {
        fn err<T>(answer: &Answer<T>) -> Option<&ReplyError> {
            answer.as_ref().err()
        }
        match self {
            Reply::Initialize(a) => err(a),
            Reply::StartThread(a) | Reply::ResumeThread(a) | Reply::ForkThread(a) => err(a),
            Reply::StartTurn { answer, .. } => err(answer),
            Reply::SteerTurn { answer, .. }
            | Reply::SetThreadName { answer, .. }
            | Reply::ArchiveThread { answer, .. }
            | Reply::UnarchiveThread { answer, .. } => err(answer),
            Reply::InterruptTurn(a) | Reply::CompactThread(a) | Reply::Ping(a) => err(a),
            Reply::ListThreads { answer, .. } => err(answer),
            Reply::ListTurns { answer, .. } | Reply::PeekTurns { answer, .. } => err(answer),
            Reply::CatchUpTurn { answer, .. } => err(answer),
            Reply::ListModels(a) => err(a),
            Reply::SearchFiles { answer, .. } => err(answer),
            Reply::StartReview(a) => err(a),
            Reply::ReadAgent { answer, .. } => err(answer),
            Reply::ListAgents { answer, .. } => err(answer),
            Reply::ListTerminals(a) => err(a),
            Reply::StopTerminal { answer, .. } => err(answer),
            Reply::StopAllTerminals(a) => err(a),
            Reply::ShellCommand { answer, .. } => err(answer),
            Reply::ReadAccount(a) => err(a),
            Reply::Login { answer, .. } => err(answer),
            Reply::CancelLogin(a) | Reply::Logout(a) | Reply::RevertFailedTurn(a) => err(a),
            Reply::ReadRateLimits(a) => err(a),
            Reply::ListMcpServers(a) => err(a),
            Reply::McpLogin { answer, .. } => err(answer),
            Reply::ReloadMcp(a) => err(a),
            Reply::ListSkills(a) => err(a),
            Reply::WriteSkillConfig { answer, .. } => err(answer),
            Reply::ListModes { answer, .. } => err(answer),
            Reply::SwitchMode { answer, .. }
            | Reply::PlanAttachmentFile { answer, .. }
            | Reply::UploadImageFolder { answer, .. }
            | Reply::UploadImageFile { answer, .. }
            | Reply::TitleTurn { answer, .. }
            | Reply::AutoName { answer, .. } => err(answer),
            Reply::PlanAttachmentFolder(a) | Reply::Unsubscribe(a) => err(a),
            Reply::StartThreadFor { answer, .. } => err(answer),
            Reply::PrepareApprovedPlan(a) => err(a),
            Reply::ReadConfig(a) => err(a),
            Reply::RevertThread { answer, .. } => err(answer),
        }
    }
}

/// An answer as the text a layer shows (`LayerEvent`s carry plain messages).
pub fn shown<T>(answer: Answer<T>) -> Result<T, String> {
    answer.map_err(|e| e.to_string())
}
