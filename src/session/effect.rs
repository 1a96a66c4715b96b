//! What the app asks the runtime to do.

use super::request::ClientRequest;
use crate::protocol::RequestId;
use serde_json::Value;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Send a request; its answer comes back as `AppEvent::Reply`, decoded by the
    /// request's tag.
    Request(ClientRequest),
    Notify {
        method: &'static str,
        params: Option<Value>,
    },
    Respond {
        id: RequestId,
        result: Value,
    },
    RespondError {
        id: RequestId,
        code: i64,
        message: String,
    },
    /// Put text on the clipboard: OSC 52, and the system clipboard when tern runs locally.
    CopyToClipboard(String),
    /// Read the `*.rules` files of the exec-policy folder; they come back as
    /// `AppEvent::RulesLoaded`.
    LoadRules {
        dir: PathBuf,
    },
    /// Delete the `occurrence`-th rule (from 0) whose text is `source` from `file`, keeping
    /// everything else in it; the outcome comes back as `AppEvent::RuleDeleted`.
    DeleteRule {
        file: PathBuf,
        source: String,
        occurrence: usize,
    },
    /// Run `git diff` in `cwd` for the diff view; the answer comes back as `AppEvent::GitDiff`.
    ReadGitDiff {
        cwd: String,
    },
    /// Call the person back to a terminal they are not looking at: the bell, and/or a
    /// desktop notification (OSC 9) saying `message`.
    Alert {
        bell: bool,
        notification: Option<String>,
    },
    /// The window title (`None`: left alone) and whether a turn runs, for the terminal's tab
    /// (`session::window_title`); sent when either changed.
    Window {
        title: Option<String>,
        busy: bool,
    },
    /// Start a new app-server in place of the old one (killing `kill`, its pid, if it still
    /// runs) and connect to it; the outcome comes back as `AppEvent::ServerRestarted`.
    RestartServer {
        kill: Option<u32>,
    },
    /// Look at the state of the server's process `pid` (and the processes of the group it
    /// leads): it comes back as `AppEvent::ServerInspected`.
    InspectServer {
        pid: u32,
    },
    /// Append one sent prompt to the history file (one JSON string per line, one write).
    AppendHistory {
        file: PathBuf,
        entry: String,
    },
    /// Suspend the screen, let `$VISUAL`/`$EDITOR` edit the draft, restore the screen; the
    /// result comes back as `AppEvent::EditorDone`.
    EditInEditor {
        draft: String,
    },
    /// Write the exported conversation to `path` atomically; an existing file is replaced only
    /// when `overwrite`. The outcome comes back as `AppEvent::ExportWritten`.
    WriteExport {
        path: PathBuf,
        text: String,
        overwrite: bool,
        /// The folder tern proposed (`export_dir`) is made if missing; any other must exist.
        make_folder: bool,
    },
    /// Tell whether `path` (an `AGENTS.md`) exists; the answer comes back as
    /// `AppEvent::AgentsFileChecked`.
    CheckAgentsFile {
        path: String,
    },
    /// List the branches or recent commits in `cwd` for `/review`; the answer comes back as
    /// `AppEvent::GitRefs`.
    ReadGitRefs {
        cwd: String,
        kind: super::event::GitRefKind,
    },
    /// Ctrl+V: save the clipboard's image to a file; the path (or why not) comes back as
    /// `AppEvent::ClipboardImage`.
    PasteImage,
    /// Read an image file's pixel size and length for the cells that show it; the answer
    /// comes back as `AppEvent::ImageProbed`.
    ProbeImage {
        path: String,
    },
    /// Read an image file on this machine for a server elsewhere (bounded; its bytes in base64
    /// and their digest); the answer comes back as `AppEvent::ImageReadForServer`.
    ReadImageForServer {
        path: String,
    },
    /// Leave this window's own server for the local codex service at `socket` (the runtime
    /// swaps the connection, and later restarts redial the service); the outcome comes back as
    /// `AppEvent::ServerRestarted`.
    JoinService {
        socket: String,
        /// This window's own server, killed (its process group) once the service is dialled:
        /// it would otherwise wait for ever on its open pipes.
        kill: Option<u32>,
    },
    /// Open `url` in a browser with the platform's opener (`$BROWSER`, `xdg-open`, `open`),
    /// detached; nothing comes back (the screen shows the link whatever happens).
    OpenUrl(String),
    /// Read the theme files of `dir` and register the good ones; they come back as
    /// `AppEvent::ThemesLoaded`.
    LoadThemes {
        dir: PathBuf,
    },
    /// Set `key = "value"` in tern's config file `file`, keeping the rest of it, atomically;
    /// the outcome comes back as `AppEvent::SettingSaved`.
    SaveSetting {
        file: PathBuf,
        key: String,
        value: String,
    },
    /// Keep what a turn did to files (its aggregate diff and the paths its patches named)
    /// under `store`, for a later rewind; bounded there.
    SaveTurnRecord {
        store: PathBuf,
        record: crate::model::rewind::TurnRecord,
    },
    /// Work out what putting the files back as they were before `turns` (oldest first) would
    /// do, from the records under `store`; the answer comes back as `AppEvent::RestorePreview`.
    PreviewRestore {
        store: PathBuf,
        thread_id: String,
        turns: Vec<String>,
        /// Paths outside it are never touched: the folder the person chose
        /// (`session::rewind::restore_root`), not the thread's folder the server names.
        cwd: String,
    },
    /// Put files back (each only if it still holds what the preview saw), atomically; the
    /// outcome comes back as `AppEvent::FilesRestored`.
    RestoreFiles {
        cwd: String,
        files: Vec<crate::model::rewind::FileRestore>,
    },
    /// Read the files a file change will patch, as they are before it, for its review; they
    /// come back as `AppEvent::ReviewFilesRead`.
    ReadForReview {
        cwd: String,
        item_id: String,
        paths: Vec<String>,
    },
    /// Put a reviewed change's reverted hunks back: rewind's restore (each file only if it is
    /// still what the patch produced); the outcome comes back as `AppEvent::HunksReverted`.
    RevertHunks {
        cwd: String,
        files: Vec<crate::model::rewind::FileRestore>,
    },
    Redraw,
    /// `/daemon`: run `binary app-server daemon <subcommand>` here, bounded by a timeout; what
    /// it printed comes back as `AppEvent::DaemonRan`.
    RunDaemon {
        binary: String,
        subcommand: String,
    },
    /// `/screen`: inline (the terminal's own scrollback, a live area at the bottom) or full
    /// screen (the alternate screen) from now on; the conversation is kept either way.
    SwitchScreen {
        inline: bool,
    },
    /// Stop tern as a shell program stops (Ctrl+Z on an empty composer): the runtime raises
    /// SIGTSTP, and its job control gives the terminal back until `fg`.
    Suspend,
    Quit,
    /// `/worktree`: a new checkout of `cwd`'s repository in `codex_home`'s worktree pool
    /// (`branch`: on that new branch, else detached at HEAD); the folder to work in comes back
    /// as `AppEvent::WorktreeCreated`.
    CreateWorktree {
        cwd: String,
        codex_home: String,
        branch: Option<String>,
        fresh: bool,
    },
    /// `/worktree`'s browse list: `AppEvent::WorktreesListed`.
    ListWorktrees {
        cwd: String,
        codex_home: String,
    },
    /// `/evidence`: read a file's or the clipboard's text (bounded) to send as tool output;
    /// the answer is `AppEvent::EvidenceRead`.
    ReadEvidence {
        source: crate::session::event::EvidenceSource,
    },
    /// Set one value in tern's config file `file` at `keys` (tables, then the key:
    /// `["keys", "diff", "next_hunk"]`), keeping the rest of it, atomically; the outcome comes
    /// back as `AppEvent::ConfigValueSaved`.
    SaveConfigValue {
        file: PathBuf,
        keys: Vec<String>,
        value: super::event::ConfigValue,
    },
    /// `/feedback`: a private temp folder, with a redacted copy of tern's log in it:
    /// `AppEvent::FeedbackPrepared`.
    PrepareFeedback,
    /// `/feedback`: the server's ZIP at `path` read and redacted: `AppEvent::FeedbackRedacted`.
    RedactFeedback {
        path: String,
    },
    /// `/feedback`'s save: the redacted ZIP written as a new file in tern's data folder (never
    /// over one), the temp folder `dir` deleted: `AppEvent::FeedbackWritten`.
    WriteFeedback {
        dir: String,
        bytes: Vec<u8>,
    },
    /// `/feedback`'s upload: each redacted entry written as a file in `dir` (named after its
    /// entry): `AppEvent::FeedbackStaged` with their paths.
    StageFeedback {
        dir: String,
        entries: Vec<(String, Vec<u8>)>,
    },
    /// `/feedback`'s temp folder deleted (done, refused, closed, failed).
    RemoveFeedbackDir {
        dir: String,
    },
}
