//! Putting files back as they were before the turns a rewind drops. codex's `thread/revert`
//! rolls the conversation back only; what its `apply_patch` edits did to files tern reads from
//! each turn's aggregate diff (`turn/diff/updated`), kept on disk per turn (`TurnRecord`).
//!
//! The diff's `index <pre>..<post>` lines are git blob ids, so a file can be checked against
//! what the turn left: a file whose content today differs (edited by hand, or by a command) is
//! refused, never overwritten. Restoring walks the turns back from the newest, applying each
//! patch in reverse and checking the result against the turn's pre-image id. Pure: the files
//! are read through a closure and written by the runtime.

pub(crate) mod blob;
pub(crate) mod patch;
pub(crate) mod plan;

pub(crate) use plan::plan_restore;
pub use plan::within;

use serde::{Deserialize, Serialize};

/// What one turn did to files through `apply_patch`, as kept on disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub thread_id: String,
    pub turn_id: String,
    /// The thread's directory then.
    pub cwd: String,
    /// The turn's last aggregate diff (git style, paths relative).
    pub diff: String,
    /// The absolute paths the turn's `fileChange` items named, to resolve the diff's relative
    /// paths with.
    pub paths: Vec<String>,
}

/// What a file goes back to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestoreAction {
    /// This content.
    Write(String),
    /// Nothing: the dropped turns created it.
    Delete,
}

/// One file to put back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRestore {
    /// Absolute, inside the thread's directory.
    pub path: String,
    pub action: RestoreAction,
    /// The git blob id of its content when the preview was made (`None`: it did not exist), so
    /// a file changed since is refused when the restore runs.
    pub expected: Option<String>,
    /// The change putting it back makes, as a unified diff (today → restored).
    pub preview: String,
}

/// A file that cannot be put back, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub path: String,
    pub reason: String,
}

/// What putting the files back would do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RestorePlan {
    pub files: Vec<FileRestore>,
    pub refused: Vec<Refusal>,
    /// Dropped turns tern has no record of (older than what it keeps, or run without tern):
    /// what they changed cannot be put back.
    pub unrecorded: usize,
    /// How many turns per thread tern keeps records of.
    pub kept_per_thread: usize,
}

/// What became of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreOutcome {
    pub path: String,
    pub result: Result<(), String>,
}
