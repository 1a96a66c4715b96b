//! `/worktree`, as data: the managed worktrees (`CODEX_HOME/worktrees/<id>/<repo>`) of this
//! repository, as `git worktree list` last said.

/// One checkout of the repository under codex's worktree pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManagedWorktree {
    /// The checkout's folder.
    pub path: String,
    /// Its branch (`None`: a detached HEAD).
    pub branch: Option<String>,
    /// The commit checked out (abbreviated).
    pub head: String,
}

/// What the browse list shows: nothing asked yet, the list, or why there is none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum WorktreeList {
    #[default]
    Unread,
    Reading,
    Read(Vec<ManagedWorktree>),
    Failed(String),
}
