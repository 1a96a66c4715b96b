//! tern's own requests to the server, each declared once, in the table below (the grammar is
//! `declare_requests::requests!`'s). Adding a request is one entry here and one arm in
//! `session::responses::on_reply`; the compiler asks for the arm.

use super::declare_requests::requests;
use super::reply::ReplyError;
use crate::protocol::{self as wire, LoginKind, ThreadIdParams, TurnStartParams as TurnStart};
use serde_json::{json, Value};

requests! {
    Initialize(p: wire::InitializeParams) => INITIALIZE -> wire::InitializeResponse;
    StartThread(p: wire::ThreadStartParams) => THREAD_START -> wire::ThreadStartResponse;
    ResumeThread(p: wire::ThreadResumeParams) => THREAD_RESUME -> wire::ThreadStartResponse;
    ForkThread(p: wire::ThreadForkParams) => THREAD_FORK -> wire::ThreadStartResponse;
    /// Carries the prompt as typed, so a refused turn can give it back to the composer.
    StartTurn { params: TurnStart, prompt: String } => TURN_START -> wire::TurnStartResponse,
        tag { prompt: String = prompt.clone() };
    /// Input for the running turn; carries the prompt so a refused steer becomes a new turn.
    SteerTurn { params: wire::TurnSteerParams, prompt: String } => TURN_STEER,
        tag { prompt: String = prompt.clone() };
    InterruptTurn(p: wire::TurnInterruptParams) => TURN_INTERRUPT;
    /// A page of `thread/list`, and what it is for.
    ListThreads { params: wire::ThreadListParams, purpose: ListPurpose } => THREAD_LIST
        -> wire::ThreadListResponse, tag (purpose: ListPurpose = purpose.clone());
    /// A page of a thread's history, newest first.
    ListTurns(p: wire::ThreadTurnsListParams) => THREAD_TURNS_LIST -> wire::ThreadTurnsListResponse,
        tag { thread_id: String = p.thread_id.clone() };
    /// The newest turn of a thread listed in the picker, for its details pane.
    PeekTurns(p: wire::ThreadTurnsListParams) => THREAD_TURNS_LIST -> wire::ThreadTurnsListResponse,
        tag { thread_id: String = p.thread_id.clone() };
    /// After a reconnect, the shown thread's newest turns, for `turn_id` that ended meanwhile.
    CatchUpTurn { params: wire::ThreadTurnsListParams, turn_id: String } => THREAD_TURNS_LIST
        -> wire::ThreadTurnsListResponse,
        tag { thread_id: String = params.thread_id.clone(), turn_id: String = turn_id.clone() };
    SetThreadName(p: wire::ThreadSetNameParams) => THREAD_NAME_SET,
        tag { thread_id: String = p.thread_id.clone(), name: String = p.name.clone() };
    ArchiveThread(p: ThreadIdParams) => THREAD_ARCHIVE,
        tag { thread_id: String = p.thread_id.clone() };
    UnarchiveThread(p: ThreadIdParams) => THREAD_UNARCHIVE,
        tag { thread_id: String = p.thread_id.clone() };
    /// `/archive`: the shown thread archived, then a fresh one.
    ArchiveShown(p: ThreadIdParams) => THREAD_ARCHIVE, tag { thread_id: String = p.thread_id.clone() };
    /// `/delete` or the picker's delete key: gone for good.
    DeleteThread(p: ThreadIdParams) => THREAD_DELETE, tag { thread_id: String = p.thread_id.clone() };
    /// `/model`: the models the picker offers.
    ListModels(p: wire::ModelListParams) => MODEL_LIST -> wire::ModelListResponse;
    /// `/compact`: the compaction runs as a turn of its own.
    CompactThread(p: ThreadIdParams) => THREAD_COMPACT_START;
    /// The @-mention finder's query; `generation` tells a stale answer from the current one.
    SearchFiles { params: wire::FuzzyFileSearchParams, generation: u64 } => FUZZY_FILE_SEARCH
        -> wire::FuzzyFileSearchResponse, tag { generation: u64 = *generation };
    /// `/review`: a review of the chosen target, run inline as a turn.
    StartReview(p: wire::ReviewStartParams) => REVIEW_START -> wire::ReviewStartResponse;
    /// A sub-agent's thread, for its name (boxed: a whole `Thread` would make every reply large).
    ReadAgent(p: wire::ThreadReadParams) => THREAD_READ -> Box<wire::ThreadReadResponse>,
        tag { thread_id: String = p.thread_id.clone() };
    /// `/agents`: this thread's sub-agents (by source and ancestor), live or archived ones.
    ListAgents(p: wire::ThreadListParams) => THREAD_LIST -> wire::ThreadListResponse,
        tag { archived: bool = p.archived.unwrap_or(false) };
    /// `/ps`.
    ListTerminals(p: wire::BackgroundTerminalsListParams) => BACKGROUND_TERMINALS_LIST
        -> wire::BackgroundTerminalsListResponse;
    /// Stops one background terminal; carries its command for what is said after.
    StopTerminal { params: wire::BackgroundTerminalTerminateParams, command: String }
        => BACKGROUND_TERMINALS_TERMINATE -> wire::BackgroundTerminalTerminateResponse, tag {
        process_id: String = params.process_id.clone(), command: String = command.clone() };
    /// `/stop`: every background terminal of the thread.
    StopAllTerminals(p: ThreadIdParams) => BACKGROUND_TERMINALS_CLEAN;
    /// `!command`, unsandboxed in the thread's shell; a refusal gives the command back.
    ShellCommand(p: wire::ThreadShellCommandParams) => THREAD_SHELL_COMMAND,
        tag { command: String = p.command.clone() };
    /// `account/read`: who is signed in, and whether the provider needs it.
    ReadAccount(p: wire::GetAccountParams) => ACCOUNT_READ -> wire::GetAccountResponse;
    /// Sign-in, and which way in. An API key inside is never printed (`ApiKey`'s `Debug`).
    Login(p: wire::LoginParams) => ACCOUNT_LOGIN_START -> wire::LoginResponse,
        tag (kind: LoginKind = p.kind());
    /// `account/login/cancel`: Esc on the browser or device-code screen.
    CancelLogin(p: wire::CancelLoginParams) => ACCOUNT_LOGIN_CANCEL;
    Logout = Value::Null => ACCOUNT_LOGOUT;
    /// `thread/revert`: the turn that failed for want of sign-in goes before it is sent again.
    RevertFailedTurn(p: wire::ThreadRevertParams) => THREAD_REVERT;
    /// `account/rateLimits/read`, for `/status`.
    ReadRateLimits = json!({}) => ACCOUNT_RATE_LIMITS_READ -> wire::RateLimitsResponse;
    /// `/mcp`: a page of the MCP servers' states and tools.
    ListMcpServers(p: wire::ListMcpServerStatusParams) => MCP_SERVER_STATUS_LIST
        -> wire::ListMcpServerStatusResponse;
    /// `/mcp`'s sign-in key for the server `name`: the URL to open comes back.
    McpLogin(p: wire::McpServerOauthLoginParams) => MCP_SERVER_OAUTH_LOGIN
        -> wire::McpServerOauthLoginResponse, tag { name: String = p.name.clone() };
    /// `/mcp`'s reload key: codex rereads its MCP config. No params (`undefined`); null is taken.
    ReloadMcp = Value::Null => CONFIG_MCP_SERVER_RELOAD;
    /// The skills of the session's directory (`/skills`, `$name`).
    ListSkills(p: wire::SkillsListParams) => SKILLS_LIST -> wire::SkillsListResponse;
    /// `skills/config/write`: the skill `name` on or off.
    WriteSkillConfig { params: wire::SkillsConfigWriteParams, name: String }
        => SKILLS_CONFIG_WRITE -> wire::SkillsConfigWriteResponse,
        tag { name: String = name.clone(), enabled: bool = params.enabled };
    /// `/hooks`, and the check at startup (`startup`) for hooks new or changed since trusted.
    ListHooks { params: wire::HooksListParams, startup: bool } => HOOKS_LIST
        -> wire::HooksListResponse, tag { startup: bool = *startup };
    /// `/hooks`' trust (or untrust) of the hook `key`, written and reloaded into the threads.
    TrustHook { params: wire::ConfigBatchWriteParams, key: String, trust: bool }
        => CONFIG_BATCH_WRITE, tag { key: String = key.clone(), trust: bool = *trust };
    /// The collaboration modes on offer, for a switch (`then`).
    ListModes { then: ModeWanted } = json!({}) => COLLABORATION_MODE_LIST
        -> wire::CollaborationModeListResponse, tag { then: ModeWanted = *then };
    /// A switch to `mode`; `implement` then starts "Implement the plan." (the plan chooser).
    SwitchMode { params: wire::ThreadSettingsUpdateParams, implement: bool }
        => THREAD_SETTINGS_UPDATE, tag { implement: bool = *implement, mode: String =
        params.collaboration_mode.as_ref().map(|m| m.mode.clone()).unwrap_or_default() };
    /// A thread of tern's own: Plan mode's fresh thread, or the title's side thread.
    StartThreadFor { params: wire::NewThreadParams, purpose: NewThreadPurpose } => THREAD_START
        -> wire::ThreadStartResponse, tag (purpose: NewThreadPurpose = purpose.clone());
    /// The plan's attachment: its folder made, then the file written.
    PlanAttachmentFolder(p: wire::FsCreateDirectoryParams) => FS_CREATE_DIRECTORY;
    PlanAttachmentFile(p: wire::FsWriteFileParams) => FS_WRITE_FILE,
        tag { path: String = p.path.clone() };
    /// An image attached here (`local`), copied to a remote server's disk: folder, then file.
    UploadImageFolder { params: wire::FsCreateDirectoryParams, local: String }
        => FS_CREATE_DIRECTORY, tag { local: String = local.clone() };
    UploadImageFile { params: wire::FsWriteFileParams, local: String } => FS_WRITE_FILE,
        tag { local: String = local.clone() };
    /// `thread/prepareApprovedPlan` for the "clear context" thread.
    PrepareApprovedPlan(p: wire::PrepareApprovedPlanParams) => THREAD_PREPARE_APPROVED_PLAN
        -> wire::PrepareApprovedPlanResponse;
    Unsubscribe(p: ThreadIdParams) => THREAD_UNSUBSCRIBE;
    /// For `show_raw_agent_reasoning` and `/doctor` (where codex's settings came from).
    ReadConfig(p: wire::ConfigReadParams) => CONFIG_READ -> wire::ConfigReadResponse;
    /// Before the first thread: what codex's config says of the folder's trust (`trust`).
    CheckTrust(p: wire::ConfigReadParams) => CONFIG_READ -> wire::ConfigReadResponse;
    /// The person trusted the folder: `projects."<root>".trust_level = "trusted"`.
    TrustFolder(p: wire::ConfigValueWriteParams) => CONFIG_VALUE_WRITE;
    /// The title side thread's one turn, naming `main_thread`.
    TitleTurn { params: TurnStart, main_thread: String } => TURN_START, tag {
        main_thread: String = main_thread.clone(), side_thread: String = params.thread_id.clone() };
    /// A name tern gives a thread itself (a generated title, "fork of …"): no notice.
    AutoName(p: wire::ThreadSetNameParams) => THREAD_NAME_SET,
        tag { thread_id: String = p.thread_id.clone(), name: String = p.name.clone() };
    /// `thread/revert` before `before_turn_id`.
    RevertThread(p: wire::ThreadRevertParams) => THREAD_REVERT -> wire::ThreadRevertResponse,
        tag { thread_id: String = p.thread_id.clone(),
            before_turn_id: String = p.before_turn_id.clone() };
    /// `/goal`: a new objective, or pause/resume (`status`); the notification draws it.
    SetGoal(p: wire::ThreadGoalSetParams) => THREAD_GOAL_SET;
    /// `/goal` alone: the goal, for its summary line.
    ReadGoal(p: ThreadIdParams) => THREAD_GOAL_GET -> wire::ThreadGoalGetResponse;
    ClearGoal(p: wire::ThreadGoalClearParams) => THREAD_GOAL_CLEAR;
    /// `/cd DIR`: is it a folder (on the server's disk)? A new thread there if so.
    CheckFolder(p: wire::fs::FsPathParams) => FS_GET_METADATA -> wire::fs::FsGetMetadataResponse, tag { path: String = p.path.clone() };
    /// `e` on a selected command cell: its output injected as a tool call's output.
    InjectEvidence { params: wire::ThreadInjectItemsParams, turn_id: String, item_id: String }
        => THREAD_INJECT_ITEMS, tag { turn_id: String = turn_id.clone(),
            item_id: String = item_id.clone() };
    /// `/side`: the fork that answers `question` beside the main thread, its two items, its turns.
    ForkSide { params: wire::ThreadForkParams, question: String } => THREAD_FORK
        -> wire::ThreadStartResponse, tag { question: String = question.clone() };
    InjectSide { params: wire::ThreadInjectItemsParams, question: String } => THREAD_INJECT_ITEMS,
        tag { thread_id: String = params.thread_id.clone(), question: String = question.clone() };
    SideTurn(p: TurnStart) => TURN_START -> wire::TurnStartResponse,
        tag { thread_id: String = p.thread_id.clone() };
    ArchiveSide(p: ThreadIdParams) => THREAD_ARCHIVE;
    /// The check on a server quiet during a turn (one loaded thread): any answer means alive.
    Ping = wire::ThreadLoadedListParams { cursor: None, limit: Some(1) } => THREAD_LOADED_LIST;
    /// `/threads`: a page of the threads loaded on the server, for the board.
    ListLoaded(p: wire::ThreadLoadedListParams) => THREAD_LOADED_LIST
        -> wire::ThreadLoadedListResponse;
    /// The board's read of a listed thread whose status tern does not know.
    ReadBoardThread(p: wire::ThreadReadParams) => THREAD_READ -> Box<wire::ThreadReadResponse>,
        tag { thread_id: String = p.thread_id.clone() };
    /// `/usage`: token activity by day, and the shown thread's estimate (`thread_id`).
    ReadUsage { thread_id: Option<String> } = json!({ "threadId": thread_id })
        => ACCOUNT_USAGE_READ -> wire::UsageResponse;
    /// `/usage`: every metered limit, and the reset credits left.
    ReadUsageLimits = json!({}) => ACCOUNT_RATE_LIMITS_READ -> wire::AccountLimitsResponse;
    /// `/usage`'s reset, after `y`: spends the credit `credit_id` (or codex's next one); `key`
    /// makes a retry of the same attempt spend nothing more.
    ConsumeResetCredit { key: String, credit_id: Option<String> }
        = json!({ "idempotencyKey": key, "creditId": credit_id })
        => ACCOUNT_RATE_LIMIT_RESET_CONSUME -> std::collections::BTreeMap<String, Value>;
    /// `/import`: what another agent's setup (home, and `cwd`'s project) codex would bring over.
    DetectImport { cwd: Option<String> } = json!({ "includeHome": true, "cwds": cwd.as_slice() })
        => EXTERNAL_AGENT_DETECT -> wire::DetectResponse;
    /// `/import`, after `y`: the detected items, sent back as detect gave them (as JSON, each
    /// with the fields of a newer codex it kept).
    StartImport { items: Vec<Value> } = json!({ "migrationItems": items })
        => EXTERNAL_AGENT_IMPORT -> wire::ImportResponse;
    /// `/rc`: whether remote control is on, and the environment its clients pair with.
    ReadRemoteControl = Value::Null => REMOTE_CONTROL_STATUS_READ -> wire::RemoteControlStatus;
    /// `/rc`'s `e` after `y`: remote control on, or off.
    EnableRemoteControl = json!({}) => REMOTE_CONTROL_ENABLE -> wire::RemoteControlStatus;
    DisableRemoteControl = json!({}) => REMOTE_CONTROL_DISABLE -> wire::RemoteControlStatus;
    /// `/rc`'s `p`: a pairing code for a new client (and one to type by hand).
    StartPairing = json!({ "manualCode": true }) => REMOTE_CONTROL_PAIRING_START
        -> wire::PairingStartResponse;
    /// `/rc`: the clients paired with `environment_id`, newest first.
    ListRemoteClients { environment_id: String }
        = json!({ "environmentId": environment_id, "limit": 100, "order": "desc" })
        => REMOTE_CONTROL_CLIENT_LIST -> wire::RemoteClientsResponse;
    /// `/rc`'s `x` after `y`: the client `client_id` may no longer connect.
    RevokeRemoteClient { environment_id: String, client_id: String }
        = json!({ "environmentId": environment_id, "clientId": client_id })
        => REMOTE_CONTROL_CLIENT_REVOKE, tag { client_id: String = client_id.clone() };
    /// `/experimental`: a page of codex's feature flags (`paged`: not the first).
    ListFeatures(p: wire::ExperimentalFeatureListParams) => EXPERIMENTAL_FEATURE_LIST
        -> wire::ExperimentalFeatureListResponse, tag { paged: bool = p.cursor.is_some() };
    /// `/experimental`'s Enter: each feature turned (`features."<name>"`) written to codex's
    /// config in one batch and reloaded.
    WriteFeatures { params: wire::ConfigBatchWriteParams, changes: Vec<(String, bool)> }
        => CONFIG_BATCH_WRITE, tag { changes: Vec<(String, bool)> = changes.clone() };
    /// `/memories`: memory on or off for the thread.
    SetMemoryMode(p: wire::ThreadMemoryModeSetParams) => THREAD_MEMORY_MODE_SET,
        tag { enabled: bool = p.mode == "enabled" };
    /// `/memories`: the summary codex holds for the thread.
    ReadMemory(p: ThreadIdParams) => THREAD_MEMORY_READ -> wire::ThreadMemoryReadResponse;
    MemoryStatus = json!({}) => MEMORY_STATUS -> wire::MemoryStatusResponse;
    /// `/memories`' reset, after its confirming key. No params (null), as 0.171 takes it.
    ResetMemory = Value::Null => MEMORY_RESET;
    /// `/plugins`: the marketplaces' plugins, those of the work folder's included.
    ListPlugins(p: wire::PluginListParams) => PLUGIN_LIST -> wire::PluginListResponse;
    /// `/plugins`' Enter: what a plugin holds.
    ReadPlugin(p: wire::PluginRef) => PLUGIN_READ -> wire::PluginReadResponse;
    /// `/plugins`' install, after its confirming key; `id` names it in what is said after.
    InstallPlugin { params: wire::PluginRef, id: String } => PLUGIN_INSTALL,
        tag { id: String = id.clone() };
    /// `/plugins`' uninstall of the plugin `id` (`name@marketplace`).
    UninstallPlugin { id: String } = json!({ "pluginId": id }) => PLUGIN_UNINSTALL,
        tag { id: String = id.clone() };
    /// `/apps`: a page of the apps (connectors), with their state for the thread.
    ListApps { thread_id: Option<String> } = json!({ "threadId": thread_id }) => APP_LIST
        -> wire::AppsListResponse;
    /// `/recap`'s side turn, about `main_thread`.
    RecapTurn { params: TurnStart, main_thread: String } => TURN_START, tag {
        main_thread: String = main_thread.clone(), side_thread: String = params.thread_id.clone() };
    /// `/evidence` while a turn runs: a file's or the clipboard's text injected as tool output.
    InjectFileEvidence { params: wire::ThreadInjectItemsParams, label: String }
        => THREAD_INJECT_ITEMS, tag { label: String = label.clone() };
    /// `/evidence` while idle: a turn whose input is the text as tool output (`toolOutput`).
    EvidenceTurn { params: Box<wire::EvidenceTurnParams>, label: String } => TURN_START
        -> wire::TurnStartResponse, tag { label: String = label.clone() };
    /// A reviewed file on a server elsewhere, read before its patch (`item_id`'s review).
    ReviewReadRemote { path: String, item_id: String } = json!({ "path": path })
        => FS_READ_FILE -> wire::fs::FsReadFileResponse,
        tag { path: String = path.clone(), item_id: String = item_id.clone() };
    /// A file to revert on a server elsewhere: a regular file, not a symbolic link?
    RevertStatRemote { path: String } = json!({ "path": path })
        => FS_GET_METADATA -> wire::fs::FsGetMetadataResponse, tag { path: String = path.clone() };
    /// A reverted file on a server elsewhere, read to check it is still what the patch
    /// produced (`verify`: read again after the write, to see the write took).
    RevertReadRemote { path: String, verify: bool } = json!({ "path": path })
        => FS_READ_FILE -> wire::fs::FsReadFileResponse,
        tag { path: String = path.clone(), verify: bool = *verify };
    /// A reverted file's content written on a server elsewhere (in place: verified after).
    RevertWriteRemote(p: wire::FsWriteFileParams) => FS_WRITE_FILE,
        tag { path: String = p.path.clone() };
    /// `/feedback`: the server writes its report ZIP into tern's private temp folder.
    SaveFeedback(p: wire::FeedbackParams) => FEEDBACK_SAVE -> wire::FeedbackResponse;
    /// `/feedback`'s upload, after `u` then `y`: only the redacted entries, no codex logs.
    UploadFeedback(p: wire::FeedbackParams) => FEEDBACK_UPLOAD -> wire::FeedbackResponse;
    /// `/plugins`' search as typed; `generation` tells the answer to the term typed now.
    SearchPlugins { params: wire::PluginSearchParams, generation: u64 } => PLUGIN_SEARCH
        -> wire::PluginSearchResponse,
        tag { generation: u64 = *generation, term: String = params.search_term.clone() };
    /// `/plugins`' Ctrl+A: a marketplace added from `source` (owner/repo, git URL, folder).
    AddMarketplace { source: String } = json!({ "source": source }) => MARKETPLACE_ADD
        -> wire::MarketplaceAddResponse, tag { source: String = source.clone() };
    /// `/plugins`' Ctrl+X, after its confirming key: an added marketplace forgotten.
    RemoveMarketplace { name: String } = json!({ "marketplaceName": name })
        => MARKETPLACE_REMOVE, tag { name: String = name.clone() };
    /// `/plugins`' Ctrl+U, after its confirming key: one marketplace pulled again, or (none)
    /// every git marketplace added (`{}`, as 0.171 takes it).
    UpgradeMarketplace { name: Option<String> } = match name {
        Some(name) => json!({ "marketplaceName": name }),
        None => json!({}),
    } => MARKETPLACE_UPGRADE -> wire::MarketplaceUpgradeResponse,
        tag { name: Option<String> = name.clone() };
}

impl ClientRequest {
    /// A secret this request carries (the API key of a sign-in), for the runtime to add to the
    /// redaction table before the request goes out.
    pub fn secret(&self) -> Option<&str> {
        match self {
            ClientRequest::Login(wire::LoginParams::ApiKey { api_key }) => Some(api_key.expose()),
            _ => None,
        }
    }
}

impl Reply {
    /// Whether this answer came from the server (for the health watch).
    pub fn heard(&self) -> bool {
        self.error().is_none_or(ReplyError::heard)
    }
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
    /// The ephemeral side thread asked for `main_thread`'s recap, from its `history`.
    Recap {
        main_thread: String,
        history: String,
    },
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
