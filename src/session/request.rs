//! tern's own requests to the server, as typed data. The runtime turns them into JSON-RPC; the
//! pure core never serializes anything.

use crate::protocol::{
    self, InitializeParams, ThreadForkParams, ThreadIdParams, ThreadListParams, ThreadResumeParams,
    ThreadSetNameParams, ThreadSettings, ThreadTurnsListParams, TurnInterruptParams,
    TurnStartParams,
};
use crate::protocol::{FuzzyFileSearchParams, TurnSteerParams};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum ClientRequest {
    Initialize(InitializeParams),
    StartThread(ThreadSettings),
    ResumeThread(ThreadResumeParams),
    /// Carries the prompt as typed, so a refused turn can give it back to the composer.
    StartTurn {
        params: TurnStartParams,
        prompt: String,
    },
    InterruptTurn(TurnInterruptParams),
    /// A page of `thread/list`, and what it is for.
    ListThreads {
        params: ThreadListParams,
        purpose: ListPurpose,
    },
    /// A page of a thread's history, newest first.
    ListTurns(ThreadTurnsListParams),
    /// The newest turn of a thread listed in the picker (`thread/turns/list` too).
    PeekTurns(ThreadTurnsListParams),
    /// After a reconnect, the newest turns of the shown thread, for the turn `turn_id` that
    /// ended while the link was down (`thread/turns/list` too).
    CatchUpTurn {
        params: ThreadTurnsListParams,
        turn_id: String,
    },
    ForkThread(ThreadForkParams),
    SetThreadName(ThreadSetNameParams),
    ArchiveThread(ThreadIdParams),
    UnarchiveThread(ThreadIdParams),
    /// `/model`: the models the picker offers.
    ListModels(protocol::ModelListParams),
    /// `/compact`: the compaction runs as a turn of its own.
    CompactThread(ThreadIdParams),
    /// Input for the running turn; carries the prompt so a refused steer becomes a new turn.
    SteerTurn {
        params: TurnSteerParams,
        prompt: String,
    },
    /// The @-mention finder's query; `generation` tells a stale answer from the current one.
    SearchFiles {
        params: FuzzyFileSearchParams,
        generation: u64,
    },
    /// `/review`: a review of the chosen target, run inline as a turn.
    StartReview(protocol::ReviewStartParams),
    /// A sub-agent's thread, for its name (`thread/read`).
    ReadAgent(protocol::ThreadReadParams),
    /// `/agents`: this thread's sub-agents (`thread/list` by source and ancestor).
    ListAgents(ThreadListParams),
    /// `/ps`.
    ListTerminals(protocol::BackgroundTerminalsListParams),
    /// Stops one background terminal; carries its command for what is said after.
    StopTerminal {
        params: protocol::BackgroundTerminalTerminateParams,
        command: String,
    },
    /// `/stop`: every background terminal of the thread.
    StopAllTerminals(ThreadIdParams),
    /// `!command`: runs unsandboxed in the thread's shell.
    ShellCommand(protocol::ThreadShellCommandParams),
    /// `account/read`: who is signed in, and whether the provider needs it.
    ReadAccount(protocol::GetAccountParams),
    /// `account/login/start`. An API key inside is never printed (`ApiKey`'s `Debug`).
    Login(protocol::LoginParams),
    /// `account/login/cancel`: Esc on the browser or device-code screen.
    CancelLogin(protocol::CancelLoginParams),
    /// `account/logout`.
    Logout,
    /// `thread/revert`: the turn that failed for want of sign-in goes before it is sent again.
    RevertFailedTurn(protocol::ThreadRevertParams),
    /// `account/rateLimits/read`, for `/status`.
    ReadRateLimits,
    /// `/mcp`: a page of the MCP servers' states and tools.
    ListMcpServers(protocol::ListMcpServerStatusParams),
    /// `/mcp`'s sign-in key: the URL to open comes back.
    McpLogin(protocol::McpServerOauthLoginParams),
    /// `/mcp`'s reload key: codex reads its MCP config again and restarts what changed.
    ReloadMcp,
    /// The skills of the session's directory (`/skills`, `$name`).
    ListSkills(protocol::SkillsListParams),
    /// `skills/config/write`: a skill on or off.
    WriteSkillConfig {
        params: protocol::SkillsConfigWriteParams,
        name: String,
    },
    /// The collaboration modes on offer, for a switch.
    ListModes {
        then: ModeWanted,
    },
    /// A mode switch (`implement`: then "Implement the plan.").
    SwitchMode {
        params: protocol::ThreadSettingsUpdateParams,
        implement: bool,
    },
    /// A thread of tern's own: Plan mode's fresh thread, or the title's side thread.
    StartThreadFor {
        params: protocol::NewThreadParams,
        purpose: NewThreadPurpose,
    },
    PlanAttachmentFolder(protocol::FsCreateDirectoryParams),
    PlanAttachmentFile(protocol::FsWriteFileParams),
    /// An image attached here, copied to the server's disk for a remote session: its folder,
    /// then the file; `local` is its path on this machine.
    UploadImageFolder {
        params: protocol::FsCreateDirectoryParams,
        local: String,
    },
    UploadImageFile {
        params: protocol::FsWriteFileParams,
        local: String,
    },
    PrepareApprovedPlan(protocol::PrepareApprovedPlanParams),
    Unsubscribe(ThreadIdParams),
    ReadConfig(protocol::ConfigReadParams),
    /// The title side thread's one turn.
    TitleTurn {
        params: TurnStartParams,
        main_thread: String,
    },
    /// A name tern gives a thread itself.
    AutoName(ThreadSetNameParams),
    RevertThread(protocol::ThreadRevertParams),
    /// The check on a server quiet during a turn (`thread/loaded/list`, one id): any answer
    /// means it is alive.
    Ping,
}

impl ClientRequest {
    pub fn method(&self) -> &'static str {
        match self {
            ClientRequest::Initialize(_) => protocol::INITIALIZE,
            ClientRequest::StartThread(_) => protocol::THREAD_START,
            ClientRequest::ResumeThread(_) => protocol::THREAD_RESUME,
            ClientRequest::StartTurn { .. } => protocol::TURN_START,
            ClientRequest::InterruptTurn(_) => protocol::TURN_INTERRUPT,
            ClientRequest::ListThreads { .. } => protocol::THREAD_LIST,
            ClientRequest::ListTurns(_) | ClientRequest::PeekTurns(_) => {
                protocol::THREAD_TURNS_LIST
            }
            ClientRequest::CatchUpTurn { .. } => protocol::THREAD_TURNS_LIST,
            ClientRequest::ForkThread(_) => protocol::THREAD_FORK,
            ClientRequest::SetThreadName(_) => protocol::THREAD_NAME_SET,
            ClientRequest::ArchiveThread(_) => protocol::THREAD_ARCHIVE,
            ClientRequest::UnarchiveThread(_) => protocol::THREAD_UNARCHIVE,
            ClientRequest::ListModels(_) => protocol::MODEL_LIST,
            ClientRequest::CompactThread(_) => protocol::THREAD_COMPACT_START,
            ClientRequest::SteerTurn { .. } => protocol::TURN_STEER,
            ClientRequest::SearchFiles { .. } => protocol::FUZZY_FILE_SEARCH,
            ClientRequest::StartReview(_) => protocol::REVIEW_START,
            ClientRequest::ReadAgent(_) => protocol::THREAD_READ,
            ClientRequest::ListAgents(_) => protocol::THREAD_LIST,
            ClientRequest::ListTerminals(_) => protocol::BACKGROUND_TERMINALS_LIST,
            ClientRequest::StopTerminal { .. } => protocol::BACKGROUND_TERMINALS_TERMINATE,
            ClientRequest::StopAllTerminals(_) => protocol::BACKGROUND_TERMINALS_CLEAN,
            ClientRequest::ShellCommand(_) => protocol::THREAD_SHELL_COMMAND,
            ClientRequest::ReadAccount(_) => protocol::ACCOUNT_READ,
            ClientRequest::Login(_) => protocol::ACCOUNT_LOGIN_START,
            ClientRequest::CancelLogin(_) => protocol::ACCOUNT_LOGIN_CANCEL,
            ClientRequest::Logout => protocol::ACCOUNT_LOGOUT,
            ClientRequest::RevertFailedTurn(_) => protocol::THREAD_REVERT,
            ClientRequest::ReadRateLimits => protocol::ACCOUNT_RATE_LIMITS_READ,
            ClientRequest::ListMcpServers(_) => protocol::MCP_SERVER_STATUS_LIST,
            ClientRequest::McpLogin(_) => protocol::MCP_SERVER_OAUTH_LOGIN,
            ClientRequest::ReloadMcp => protocol::CONFIG_MCP_SERVER_RELOAD,
            ClientRequest::ListSkills(_) => protocol::SKILLS_LIST,
            ClientRequest::WriteSkillConfig { .. } => protocol::SKILLS_CONFIG_WRITE,
            ClientRequest::ListModes { .. } => protocol::COLLABORATION_MODE_LIST,
            ClientRequest::SwitchMode { .. } => protocol::THREAD_SETTINGS_UPDATE,
            ClientRequest::StartThreadFor { .. } => protocol::THREAD_START,
            ClientRequest::PlanAttachmentFolder(_) => protocol::FS_CREATE_DIRECTORY,
            ClientRequest::PlanAttachmentFile(_) => protocol::FS_WRITE_FILE,
            ClientRequest::UploadImageFolder { .. } => protocol::FS_CREATE_DIRECTORY,
            ClientRequest::UploadImageFile { .. } => protocol::FS_WRITE_FILE,
            ClientRequest::PrepareApprovedPlan(_) => protocol::THREAD_PREPARE_APPROVED_PLAN,
            ClientRequest::Unsubscribe(_) => protocol::THREAD_UNSUBSCRIBE,
            ClientRequest::ReadConfig(_) => protocol::CONFIG_READ,
            ClientRequest::TitleTurn { .. } => protocol::TURN_START,
            ClientRequest::AutoName(_) => protocol::THREAD_NAME_SET,
            ClientRequest::RevertThread(_) => protocol::THREAD_REVERT,
            ClientRequest::Ping => protocol::THREAD_LOADED_LIST,
        }
    }

    pub fn params(&self) -> serde_json::Result<Value> {
        match self {
            ClientRequest::Initialize(p) => serde_json::to_value(p),
            ClientRequest::StartThread(p) => serde_json::to_value(p),
            ClientRequest::ResumeThread(p) => serde_json::to_value(p),
            ClientRequest::StartTurn { params, .. } => serde_json::to_value(params),
            ClientRequest::InterruptTurn(p) => serde_json::to_value(p),
            ClientRequest::ListThreads { params, .. } => serde_json::to_value(params),
            ClientRequest::ListTurns(p) | ClientRequest::PeekTurns(p) => serde_json::to_value(p),
            ClientRequest::CatchUpTurn { params, .. } => serde_json::to_value(params),
            ClientRequest::ForkThread(p) => serde_json::to_value(p),
            ClientRequest::SetThreadName(p) => serde_json::to_value(p),
            ClientRequest::ArchiveThread(p) | ClientRequest::UnarchiveThread(p) => {
                serde_json::to_value(p)
            }
            ClientRequest::ListModels(p) => serde_json::to_value(p),
            ClientRequest::CompactThread(p) => serde_json::to_value(p),
            ClientRequest::SteerTurn { params, .. } => serde_json::to_value(params),
            ClientRequest::SearchFiles { params, .. } => serde_json::to_value(params),
            ClientRequest::StartReview(p) => serde_json::to_value(p),
            ClientRequest::ReadAgent(p) => serde_json::to_value(p),
            ClientRequest::ListAgents(p) => serde_json::to_value(p),
            ClientRequest::ListTerminals(p) => serde_json::to_value(p),
            ClientRequest::StopTerminal { params, .. } => serde_json::to_value(params),
            ClientRequest::StopAllTerminals(p) => serde_json::to_value(p),
            ClientRequest::ShellCommand(p) => serde_json::to_value(p),
            ClientRequest::ReadAccount(p) => serde_json::to_value(p),
            ClientRequest::Login(p) => serde_json::to_value(p),
            ClientRequest::CancelLogin(p) => serde_json::to_value(p),
            ClientRequest::Logout => Ok(Value::Null),
            ClientRequest::RevertFailedTurn(p) => serde_json::to_value(p),
            ClientRequest::ReadRateLimits => Ok(Value::Object(Default::default())),
            ClientRequest::ListMcpServers(p) => serde_json::to_value(p),
            ClientRequest::McpLogin(p) => serde_json::to_value(p),
            // The method takes no params (the schema's `params: undefined`); null is accepted.
            ClientRequest::ReloadMcp => Ok(Value::Null),
            ClientRequest::ListSkills(p) => serde_json::to_value(p),
            ClientRequest::WriteSkillConfig { params, .. } => serde_json::to_value(params),
            ClientRequest::ListModes { .. } => Ok(Value::Object(Default::default())),
            ClientRequest::SwitchMode { params, .. } => serde_json::to_value(params),
            ClientRequest::StartThreadFor { params, .. } => serde_json::to_value(params),
            ClientRequest::PlanAttachmentFolder(p) => serde_json::to_value(p),
            ClientRequest::PlanAttachmentFile(p) => serde_json::to_value(p),
            ClientRequest::UploadImageFolder { params, .. } => serde_json::to_value(params),
            ClientRequest::UploadImageFile { params, .. } => serde_json::to_value(params),
            ClientRequest::PrepareApprovedPlan(p) => serde_json::to_value(p),
            ClientRequest::Unsubscribe(p) => serde_json::to_value(p),
            ClientRequest::ReadConfig(p) => serde_json::to_value(p),
            ClientRequest::TitleTurn { params, .. } => serde_json::to_value(params),
            ClientRequest::AutoName(p) => serde_json::to_value(p),
            ClientRequest::RevertThread(p) => serde_json::to_value(p),
            ClientRequest::Ping => {
                serde_json::to_value(protocol::ThreadLoadedListParams { limit: Some(1) })
            }
        }
    }

    /// What the response is matched to when it comes back.
    pub fn tag(&self) -> RequestTag {
        match self {
            ClientRequest::Initialize(_) => RequestTag::Initialize,
            ClientRequest::StartThread(_) => RequestTag::StartThread,
            ClientRequest::ResumeThread(_) => RequestTag::ResumeThread,
            ClientRequest::StartTurn { prompt, .. } => RequestTag::StartTurn {
                prompt: prompt.clone(),
            },
            ClientRequest::InterruptTurn(_) => RequestTag::InterruptTurn,
            ClientRequest::ListThreads { purpose, .. } => RequestTag::ListThreads(purpose.clone()),
            ClientRequest::ListTurns(p) => RequestTag::ListTurns {
                thread_id: p.thread_id.clone(),
            },
            ClientRequest::PeekTurns(p) => RequestTag::PeekTurns {
                thread_id: p.thread_id.clone(),
            },
            ClientRequest::CatchUpTurn { params, turn_id } => RequestTag::CatchUpTurn {
                thread_id: params.thread_id.clone(),
                turn_id: turn_id.clone(),
            },
            ClientRequest::ForkThread(_) => RequestTag::ForkThread,
            ClientRequest::SetThreadName(p) => RequestTag::SetThreadName {
                thread_id: p.thread_id.clone(),
                name: p.name.clone(),
            },
            ClientRequest::ArchiveThread(p) => RequestTag::ArchiveThread {
                thread_id: p.thread_id.clone(),
            },
            ClientRequest::UnarchiveThread(p) => RequestTag::UnarchiveThread {
                thread_id: p.thread_id.clone(),
            },
            ClientRequest::ListModels(_) => RequestTag::ListModels,
            ClientRequest::CompactThread(_) => RequestTag::CompactThread,
            ClientRequest::SteerTurn { prompt, .. } => RequestTag::SteerTurn {
                prompt: prompt.clone(),
            },
            ClientRequest::SearchFiles { generation, .. } => RequestTag::SearchFiles {
                generation: *generation,
            },
            ClientRequest::StartReview(_) => RequestTag::StartReview,
            ClientRequest::ReadAgent(p) => RequestTag::ReadAgent {
                thread_id: p.thread_id.clone(),
            },
            ClientRequest::ListAgents(p) => RequestTag::ListAgents {
                archived: p.archived.unwrap_or(false),
            },
            ClientRequest::ListTerminals(_) => RequestTag::ListTerminals,
            ClientRequest::StopTerminal { params, command } => RequestTag::StopTerminal {
                process_id: params.process_id.clone(),
                command: command.clone(),
            },
            ClientRequest::StopAllTerminals(_) => RequestTag::StopAllTerminals,
            ClientRequest::ShellCommand(p) => RequestTag::ShellCommand {
                command: p.command.clone(),
            },
            ClientRequest::ReadAccount(_) => RequestTag::ReadAccount,
            ClientRequest::Login(p) => RequestTag::Login(p.kind()),
            ClientRequest::CancelLogin(_) => RequestTag::CancelLogin,
            ClientRequest::Logout => RequestTag::Logout,
            ClientRequest::RevertFailedTurn(_) => RequestTag::RevertFailedTurn,
            ClientRequest::ReadRateLimits => RequestTag::ReadRateLimits,
            ClientRequest::ListMcpServers(_) => RequestTag::ListMcpServers,
            ClientRequest::McpLogin(p) => RequestTag::McpLogin {
                name: p.name.clone(),
            },
            ClientRequest::ReloadMcp => RequestTag::ReloadMcp,
            ClientRequest::ListSkills(_) => RequestTag::ListSkills,
            ClientRequest::WriteSkillConfig { params, name } => RequestTag::WriteSkillConfig {
                name: name.clone(),
                enabled: params.enabled,
            },
            ClientRequest::ListModes { then } => RequestTag::ListModes { then: *then },
            ClientRequest::SwitchMode { params, implement } => RequestTag::SwitchMode {
                mode: params
                    .collaboration_mode
                    .as_ref()
                    .map(|m| m.mode.clone())
                    .unwrap_or_default(),
                implement: *implement,
            },
            ClientRequest::StartThreadFor { purpose, .. } => {
                RequestTag::StartThreadFor(purpose.clone())
            }
            ClientRequest::PlanAttachmentFolder(_) => RequestTag::PlanAttachmentFolder,
            ClientRequest::PlanAttachmentFile(p) => RequestTag::PlanAttachmentFile {
                path: p.path.clone(),
            },
            ClientRequest::UploadImageFolder { local, .. } => RequestTag::UploadImageFolder {
                local: local.clone(),
            },
            ClientRequest::UploadImageFile { local, .. } => RequestTag::UploadImageFile {
                local: local.clone(),
            },
            ClientRequest::PrepareApprovedPlan(_) => RequestTag::PrepareApprovedPlan,
            ClientRequest::Unsubscribe(_) => RequestTag::Unsubscribe,
            ClientRequest::ReadConfig(_) => RequestTag::ReadConfig,
            ClientRequest::TitleTurn {
                params,
                main_thread,
            } => RequestTag::TitleTurn {
                main_thread: main_thread.clone(),
                side_thread: params.thread_id.clone(),
            },
            ClientRequest::AutoName(p) => RequestTag::AutoName {
                thread_id: p.thread_id.clone(),
                name: p.name.clone(),
            },
            ClientRequest::RevertThread(p) => RequestTag::RevertThread {
                thread_id: p.thread_id.clone(),
                before_turn_id: p.before_turn_id.clone(),
            },
            ClientRequest::Ping => RequestTag::Ping,
        }
    }

    /// A secret this request carries (the API key of a sign-in), for the runtime to add to the
    /// redaction table before the request goes out.
    pub fn secret(&self) -> Option<&str> {
        match self {
            ClientRequest::Login(protocol::LoginParams::ApiKey { api_key }) => {
                Some(api_key.expose())
            }
            _ => None,
        }
    }
}

/// Which of tern's own requests a response belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum RequestTag {
    Initialize,
    StartThread,
    ResumeThread,
    /// Carries the prompt so it can be given back to the composer if the turn is refused.
    StartTurn {
        prompt: String,
    },
    InterruptTurn,
    ListThreads(ListPurpose),
    ListTurns {
        thread_id: String,
    },
    /// The newest turn of a thread, for the picker's details pane.
    PeekTurns {
        thread_id: String,
    },
    /// The turns read back after a reconnect, for the turn that ended meanwhile.
    CatchUpTurn {
        thread_id: String,
        turn_id: String,
    },
    ForkThread,
    SetThreadName {
        thread_id: String,
        name: String,
    },
    ArchiveThread {
        thread_id: String,
    },
    UnarchiveThread {
        thread_id: String,
    },
    ListModels,
    CompactThread,
    /// A steer; the prompt goes out as a new turn if the server refuses it.
    SteerTurn {
        prompt: String,
    },
    /// A file search for the @-mention finder, at its query `generation`.
    SearchFiles {
        generation: u64,
    },
    /// `review/start` (`/review`).
    StartReview,
    /// `thread/read` of a sub-agent, for its nickname, role and task.
    ReadAgent {
        thread_id: String,
    },
    /// `thread/list` of this thread's sub-agents (`/agents`), live or archived ones.
    ListAgents {
        archived: bool,
    },
    /// `thread/backgroundTerminals/list` (`/ps`).
    ListTerminals,
    /// `thread/backgroundTerminals/terminate` of one, by its command (for what is said).
    StopTerminal {
        process_id: String,
        command: String,
    },
    /// `thread/backgroundTerminals/clean` (`/stop`, all of them).
    StopAllTerminals,
    /// A `!` command (`thread/shellCommand`); carries it so a refusal can give it back.
    ShellCommand {
        command: String,
    },
    ReadAccount,
    /// `account/login/start`, and which way in.
    Login(crate::protocol::LoginKind),
    CancelLogin,
    Logout,
    /// `thread/revert` of a turn that failed for want of sign-in.
    RevertFailedTurn,
    ReadRateLimits,
    /// A page of `mcpServerStatus/list`.
    ListMcpServers,
    /// `mcpServer/oauth/login` for the server `name`.
    McpLogin {
        name: String,
    },
    /// `config/mcpServer/reload`.
    ReloadMcp,
    /// `skills/list`.
    ListSkills,
    /// `skills/config/write` turning the skill `name` on or off.
    WriteSkillConfig {
        name: String,
        enabled: bool,
    },
    /// `collaborationMode/list`, asked for a mode switch (`then`).
    ListModes {
        then: ModeWanted,
    },
    /// `thread/settings/update` switching to `mode`; `implement` starts "Implement the plan."
    /// once it is done (the plan chooser's first option).
    SwitchMode {
        mode: String,
        implement: bool,
    },
    /// `thread/start` for a thread that is not the person's next one (see `NewThreadPurpose`).
    StartThreadFor(NewThreadPurpose),
    /// The plan's attachment: its folder made (`fs/createDirectory`), then the file written.
    PlanAttachmentFolder,
    PlanAttachmentFile {
        path: String,
    },
    /// An image attached here on its way to the server (`local`: its path here): its folder,
    /// then the file.
    UploadImageFolder {
        local: String,
    },
    UploadImageFile {
        local: String,
    },
    /// `thread/prepareApprovedPlan` for the "clear context" thread.
    PrepareApprovedPlan,
    /// `thread/unsubscribe`.
    Unsubscribe,
    /// `config/read`, for `show_raw_agent_reasoning` and `/doctor` (where codex's settings came
    /// from).
    ReadConfig,
    /// The title side thread's turn, naming `main_thread`.
    TitleTurn {
        main_thread: String,
        side_thread: String,
    },
    /// `thread/name/set` from tern itself (a generated title, "fork of …"): no notice.
    AutoName {
        thread_id: String,
        name: String,
    },
    /// `thread/revert` before `before_turn_id`.
    RevertThread {
        thread_id: String,
        before_turn_id: String,
    },
    /// The check on a quiet server.
    Ping,
}

/// What a `collaborationMode/list` was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeWanted {
    /// Shift+Tab: the next mode after the current one.
    Next,
    /// `/plan`.
    Plan,
}

/// Why tern starts a thread of its own.
#[derive(Debug, Clone, PartialEq)]
pub enum NewThreadPurpose {
    /// "Clear context and implement": the fresh thread the approved plan goes to.
    ClearContext,
    /// The ephemeral side thread asked for `main_thread`'s title, from its first `prompt`.
    Title { main_thread: String, prompt: String },
}

/// What a `thread/list` page was asked for. `generation` is the picker's query at the time:
/// an answer to an older one is dropped.
#[derive(Debug, Clone, PartialEq)]
pub enum ListPurpose {
    /// The picker's list. `fast` pages come from the state database only and are replaced by
    /// the full answer when it comes.
    Page { generation: u64, fast: bool },
    /// The server's matches for what the person typed.
    Search { generation: u64 },
    /// `tern resume --last`: the newest thread of this directory.
    Last,
}
