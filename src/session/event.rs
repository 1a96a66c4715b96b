//! Everything that can happen to the app, as data.

pub use super::request::{ListPurpose, RequestTag};
use crate::model::rules::RulesFileText;
use crate::model::thread_list::Exchange;
use crate::protocol::{
    ModelListResponse, RequestId, ServerNotification, ServerRequest, ThreadListResponse,
};
use crossterm::event::{KeyEvent, MouseEvent};
use std::path::PathBuf;

/// What tern asks before doing, when it would replace something of the person's.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirmable {
    /// `/init` where `AGENTS.md` exists: ask the agent to write a new one over it.
    InitOverwrite { path: String },
    /// `/export` to a file that exists: replace it.
    ExportOverwrite { path: PathBuf },
    /// `/archive`: the shown thread out of the list (kept), then a fresh thread.
    ArchiveThread { thread_id: String, title: String },
    /// `/delete`: the shown thread and its history gone for good, then a fresh thread.
    DeleteThread { thread_id: String, title: String },
    /// `/plugins`' Ctrl+X: the marketplace `name` forgotten by codex, its plugins unlisted.
    RemoveMarketplace { name: String },
    /// `/plugins`' Ctrl+U: the marketplace `name` (none: every one added from git) pulled again.
    UpgradeMarketplace { name: Option<String> },
    /// `/usage`'s `r`: spend one reset credit to reset the usage limits.
    ResetUsageLimits,
    /// `/daemon`'s `s` or `t`: run `codex app-server daemon <subcommand>` (start or stop).
    DaemonCommand { subcommand: &'static str },
    /// `/memories`' `r`: every memory codex holds reset, in every thread.
    ResetMemories,
    /// `/plugins`' `i`: install the plugin, naming what it brings (`None`: not read yet).
    InstallPlugin {
        id: String,
        name: String,
        brings: Option<PluginBrings>,
    },
    /// `/plugins`' `u`: uninstall the plugin.
    UninstallPlugin { id: String, name: String },
    /// `/rc`'s `e`: turn remote control on (`true`) or off.
    RemoteControl { on: bool },
    /// `/rc`'s `x`: the client with this id can no longer connect.
    RevokeRemoteClient { client_id: String },
    /// `/import`'s `i`: every detected item (this many) imported into codex.
    ImportAll { items: usize },
    /// `/feedback`'s `s`: the redacted ZIP written to tern's data folder.
    SaveFeedback,
    /// `/feedback`'s `u`: the redacted entries sent to OpenAI's feedback service.
    UploadFeedback,
}

/// What installing a plugin brings: the MCP servers it starts, the hooks it runs, its skills.
#[derive(Debug, Clone, PartialEq)]
pub struct PluginBrings {
    pub mcp_servers: Vec<String>,
    pub hooks: Vec<String>,
    pub skills: usize,
}

/// What `/review` asks git for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GitRefKind {
    Branches,
    Commits,
}

/// What git listed for `/review`.
#[derive(Debug, Clone, PartialEq)]
pub enum GitRefs {
    /// Local branches, most recently committed first, and the one checked out.
    Branches {
        current: Option<String>,
        branches: Vec<String>,
    },
    /// Recent commits, newest first.
    Commits(Vec<CommitRef>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct CommitRef {
    pub sha: String,
    pub subject: String,
}

/// What `git diff` printed, for the diff view.
#[derive(Debug, Clone, PartialEq)]
pub struct GitDiffOutput {
    pub text: String,
    /// The output was longer than the runtime reads; `text` is its start.
    pub truncated: bool,
    /// The repository's top folder, spelt from the cwd (`git rev-parse --show-cdup`): git's
    /// paths are relative to it, not to the cwd. `None` when git did not say.
    pub root: Option<String>,
}

/// News for the layers on screen: answers to requests a layer made, and changes it shows. The
/// session's handlers, which never see a layer, post them (`AppState::layer_events`); the router
/// hands each to the first layer, from the top, that takes it. One nobody takes is "unclaimed",
/// and a few of those still mean something to the session (see `router`).
#[derive(Debug, Clone, PartialEq)]
pub enum LayerEvent {
    /// A page of the thread picker's listing (`ListPurpose::Page`).
    ThreadPage {
        generation: u64,
        fast: bool,
        result: Result<ThreadListResponse, String>,
    },
    /// The moment a layer asked for came (`Session::layer_timer`): the picker's server search,
    /// once the typing paused.
    LayerTimer,
    /// The server's matches for what was typed in the picker (`ListPurpose::Search`).
    ThreadMatches {
        generation: u64,
        result: Result<ThreadListResponse, String>,
    },
    /// A listed thread's last exchange, for the picker's details pane.
    ThreadPeek {
        thread_id: String,
        result: Result<Option<Exchange>, String>,
    },
    /// `thread/name/set` answered. Unclaimed: a `/rename` of the thread on screen.
    RenameAnswered {
        thread_id: String,
        name: String,
        result: Result<(), String>,
    },
    /// `thread/archive` (or `thread/unarchive`) answered.
    ArchiveAnswered {
        thread_id: String,
        archiving: bool,
        result: Result<(), String>,
    },
    /// `thread/delete` answered.
    DeleteAnswered {
        thread_id: String,
        result: Result<(), String>,
    },
    /// A thread was deleted, by us or another client (`thread/deleted`).
    ThreadDeleted { thread_id: String },
    /// A thread was renamed, by us or another client.
    ThreadRenamed {
        thread_id: String,
        name: Option<String>,
    },
    /// A thread was archived (or unarchived), by us or another client.
    ThreadArchived { thread_id: String, archived: bool },
    /// The session switched to a resumed or forked thread.
    ThreadOpened,
    /// The server would not resume or fork a thread. Unclaimed: said in the transcript (or the
    /// session fails, when it has no thread).
    OpenRefused { error: String },
    /// At startup (`tern resume`): the picker is wanted. The router opens it.
    PickerWanted,
    /// Before the first thread: codex has no trust for the folder, and the person is asked.
    TrustWanted,
    /// `model/list` answered.
    Models(Result<ModelListResponse, String>),
    /// The rules folder `dir`, as read.
    RulesLoaded {
        dir: PathBuf,
        result: Result<Vec<RulesFileText>, String>,
    },
    /// A rule deletion was carried out (or failed).
    RuleDeleted { result: Result<(), String> },
    /// `git diff` in `cwd`, as read.
    GitDiff {
        cwd: String,
        result: Result<GitDiffOutput, String>,
    },
    /// A turn's aggregate diff changed.
    TurnDiff { turn_id: String },
    /// Older turns were put above the transcript: this many cells.
    CellsPrepended(usize),
    /// The oldest cells were dropped to keep their number bounded: indices move up.
    CellsDropped(crate::model::transcript::CellsDropped),
    /// Something the person must confirm first (an overwrite): the router opens the question.
    ConfirmWanted(Confirmable),
    /// Branches or commits for `/review`'s chooser.
    GitRefs {
        kind: GitRefKind,
        result: Result<GitRefs, String>,
    },
    /// The background terminals (`/ps`), or why they could not be listed.
    Terminals(Result<crate::protocol::BackgroundTerminalsListResponse, String>),
    /// A background terminal was stopped (or all of them): a list on screen asks again.
    TerminalsChanged,
    /// A `thread/list` of the sub-agents answered (the registry holds what it said).
    AgentsListed { error: Option<String> },
    /// Sign-in is needed (at startup, or a prompt was sent signed out). The router opens the
    /// sign-in layer unless it is open.
    SignInWanted,
    /// `account/login/start` answered (for this way in): the link or code to show, or why not.
    LoginAnswered {
        kind: crate::protocol::LoginKind,
        result: Result<crate::protocol::LoginResponse, String>,
    },
    /// `account/login/completed`.
    LoginCompleted(crate::protocol::LoginCompletedNotification),
    /// `account/read` answered after a sign-in or a sign-out: the account as it is now.
    AccountChanged,
    /// A thread could not be opened because another codex is writing to it. The router opens
    /// the locked-thread box unless one is open (which then takes it).
    ThreadLocked {
        thread_id: Option<String>,
        error: String,
    },
    /// The theme files, as read (`Effect::LoadThemes`).
    ThemesLoaded(Result<Vec<ThemeChoice>, String>),
    /// What tern knows of the MCP servers changed (`state.mcp`).
    McpChanged,
    /// The skills were listed (`state.skills`).
    SkillsChanged,
    /// The hooks were listed (`state.hooks`).
    HooksChanged,
    /// What `/usage`, `/import`, `/rc` or `/daemon` was told changed (`state.account_tools`).
    AccountToolsChanged,
    /// `/experimental`'s features were listed (`state.plugins.features`).
    FeaturesChanged,
    /// `/memories`' summary, status or mode changed (`state.plugins.memories`).
    MemoriesChanged,
    /// `/plugins`' list or details changed (`state.plugins.catalog`).
    PluginsChanged,
    /// `/apps`' list changed (`state.plugins.apps`).
    AppsChanged,
    /// A side conversation opened, or did not (`/side`).
    SideChanged,
    /// The files a review reverts were read (`hunk_review::files_read`): a review whose Enter
    /// came before them sends now.
    ReviewFilesRead,
    /// What putting the files back before a rewind would do (`Effect::PreviewRestore`).
    RestorePreview {
        thread_id: String,
        result: Result<crate::model::rewind::RestorePlan, String>,
    },
    /// The answer to the `@` finder's search numbered `generation` (`session::file_search`).
    FilesFound {
        generation: u64,
        result: Result<crate::protocol::FuzzyFileSearchResponse, String>,
    },
    /// Not the session's: the router's, after the composer took an input the list open over
    /// it let through (`before`: the draft before it, when it was a key). The slash popup
    /// follows the draft.
    ComposerTook { before: Option<String> },
    /// Settings `/config` or `/keymap` show changed outside them: codex's config was read
    /// (`state.first_run.codex_config`), or a failed save put an action's keys back.
    SettingsChanged,
}

/// A theme the `/theme` picker offers: a built-in one, or a theme file (registered by the
/// runtime as it read it, or what is wrong with it).
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeChoice {
    pub name: String,
    pub description: String,
    pub theme: Result<crate::theme::Theme, String>,
}

/// A server process's state as the system reports it (Linux: `/proc/<pid>/stat`, for the
/// process and the group it leads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProcessState {
    /// Running or sleeping: alive, so a silence is the server's own.
    Alive,
    /// Stopped (`T`, by SIGSTOP or a terminal stop) or stopped by a tracer (`t`): `pid` is the
    /// stopped process (the server, or a process of its group).
    Stopped { pid: u32 },
    /// Gone, or a zombie not yet reaped.
    Gone,
    /// The system does not say (no `/proc`).
    Unknown,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AppEvent {
    Key(KeyEvent),
    Paste(String),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// The terminal gained (`true`) or lost the focus.
    Focus(bool),
    Notification(ServerNotification),
    ServerRequest {
        id: RequestId,
        request: ServerRequest,
    },
    /// The server's answer to one of tern's requests, decoded by the runtime (see `reply`).
    Reply(super::request::Reply),
    /// The rules folder `dir` as read for `Effect::LoadRules`.
    RulesLoaded {
        dir: PathBuf,
        result: Result<Vec<crate::model::rules::RulesFileText>, String>,
    },
    /// What became of an `Effect::DeleteRule`.
    RuleDeleted {
        file: PathBuf,
        source: String,
        result: Result<(), String>,
    },
    /// The answer to `Effect::ReadGitDiff`: the diff, or why there is none.
    GitDiff {
        cwd: String,
        result: Result<GitDiffOutput, String>,
    },
    /// The theme files of tern's config folder, as read for `Effect::LoadThemes`.
    ThemesLoaded(Result<Vec<ThemeChoice>, String>),
    /// What became of an `Effect::SaveSetting`.
    SettingSaved {
        key: String,
        value: String,
        file: PathBuf,
        result: Result<(), String>,
    },
    /// What became of an `Effect::SaveConfigValue`.
    ConfigValueSaved {
        keys: Vec<String>,
        value: ConfigValue,
        file: PathBuf,
        result: Result<(), String>,
    },
    /// The external editor's text, or why it failed (`Effect::EditInEditor`).
    EditorDone(Result<String, String>),
    /// What became of `Effect::WriteExport`; `exists` when it refused to replace a file.
    ExportWritten {
        path: PathBuf,
        result: Result<(), String>,
        exists: bool,
    },
    /// Whether `AGENTS.md` exists where `/init` would write it (`None`: could not tell).
    AgentsFileChecked {
        path: String,
        exists: Option<bool>,
    },
    /// What `Effect::ReadGitRefs` listed.
    GitRefs {
        kind: GitRefKind,
        result: Result<GitRefs, String>,
    },
    /// The clipboard's image saved to a file (`Effect::PasteImage`), or why there is none.
    ClipboardImage(Result<String, String>),
    /// What `Effect::ProbeImage` read of an image file.
    ImageProbed {
        path: String,
        result: Result<crate::model::ImageInfo, String>,
    },
    /// What `Effect::ReadImageForServer` read: the file's bytes in base64 and their SHA-1 (hex).
    ImageReadForServer {
        path: String,
        result: Result<LocalImageBytes, String>,
    },
    /// The connection to the server is gone, with why.
    Disconnected(String),
    /// The link dropped but the server lives on elsewhere with its threads (a websocket, the
    /// local service's socket, an ssh proxy to a remote service): reconnect and resume.
    LinkDropped(String),
    /// A dropped link is being dialled again: attempt `attempt` failed because of `why`
    /// (`nobody_listens`: no server ran there then).
    Redialing {
        attempt: u32,
        why: String,
        nobody_listens: bool,
    },
    /// `Effect::RestartServer` was carried out: the new server's pid, or why it did not start.
    ServerRestarted(Result<Option<u32>, String>),
    /// What the runtime saw of the server's process `pid` (`Effect::InspectServer`).
    ServerInspected {
        pid: u32,
        process: ProcessState,
    },
    /// SIGTERM, SIGHUP or the like: leave cleanly.
    Terminate,
    /// What putting files back would do, for the rewind's preview (`Effect::PreviewRestore`).
    RestorePreview {
        thread_id: String,
        result: Result<crate::model::rewind::RestorePlan, String>,
    },
    /// What became of each file `Effect::RestoreFiles` put back.
    FilesRestored(Vec<crate::model::rewind::RestoreOutcome>),
    /// The files a file change will patch, as they were before it (`Effect::ReadForReview`):
    /// each path with its text, `None` when absent, or why it could not be read.
    ReviewFilesRead {
        item_id: String,
        files: Vec<(String, Result<Option<String>, String>)>,
    },
    /// What `Effect::RunDaemon` printed (stdout then stderr) and whether it succeeded, or why
    /// it did not run or did not finish.
    DaemonRan {
        subcommand: String,
        result: Result<String, String>,
    },
    /// What became of each file `Effect::RevertHunks` put back.
    HunksReverted(Vec<crate::model::rewind::RestoreOutcome>),
    /// The moment `AppState::next_tick` named has come (a held key decides, a question goes live).
    Tick,
    /// What became of `Effect::CreateWorktree`: the folder to work in, or why there is none.
    WorktreeCreated {
        fresh: bool,
        result: Result<String, String>,
    },
    /// The answer to `Effect::ListWorktrees`.
    WorktreesListed(Result<Vec<ManagedWorktree>, String>),
    /// What `Effect::ReadEvidence` read, or why nothing can be sent.
    EvidenceRead {
        source: EvidenceSource,
        result: Result<EvidenceText, String>,
    },
    /// `Effect::PrepareFeedback`: the temp folder and the redacted copy of tern's log in it
    /// (`None`: tern keeps no log).
    FeedbackPrepared(Result<(String, Option<String>), String>),
    /// `Effect::RedactFeedback`: the redacted ZIP, or why it could not be read.
    FeedbackRedacted(Result<crate::session::feedback_report::RedactedZip, String>),
    /// `Effect::WriteFeedback`: where the ZIP was written, or why not.
    FeedbackWritten(Result<String, String>),
    /// `Effect::StageFeedback`: the files to attach to the upload, or why not.
    FeedbackStaged(Result<Vec<String>, String>),
}

/// Where `/evidence` takes its text from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvidenceSource {
    /// A file on this machine (absolute).
    File(String),
    Clipboard,
}

/// Text read for `/evidence`: valid UTF-8, at most the runtime's cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceText {
    pub text: String,
    /// When cut at the cap: how many bytes there were.
    pub cut_from: Option<u64>,
}

/// An image file read on this machine, to be written on the server's (`fs/writeFile`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalImageBytes {
    pub base64: String,
    /// The SHA-1 of the bytes, in hex: the file's folder on the server is named by it, so two
    /// images never share a path and the same image twice is one file.
    pub digest: String,
}

/// One checkout of the repository in codex's worktree pool (`/worktree`'s browse list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManagedWorktree {
    /// The checkout's folder.
    pub path: String,
    /// Its branch (`None`: a detached HEAD).
    pub branch: Option<String>,
    /// The commit checked out (abbreviated).
    pub head: String,
}

/// A value tern writes into its config file (`Effect::SaveConfigValue`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigValue {
    Bool(bool),
    Text(String),
    List(Vec<String>),
    /// The key taken out of the file (`/keymap`'s reset: the action has its own keys again).
    Unset,
}

impl ConfigValue {
    /// As TOML writes it (`["model", "context"]`), unsanitised.
    pub(crate) fn shown(&self) -> String {
        let quoted =
            |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
        match self {
            ConfigValue::Bool(on) => on.to_string(),
            ConfigValue::Text(text) => quoted(text),
            ConfigValue::List(items) => {
                let items: Vec<String> = items.iter().map(|i| quoted(i)).collect();
                format!("[{}]", items.join(", "))
            }
            ConfigValue::Unset => "(removed)".to_string(),
        }
    }
}
