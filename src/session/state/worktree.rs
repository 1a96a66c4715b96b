//! `/worktree`, as data: the managed worktrees (`CODEX_HOME/worktrees/<id>/<repo>`) of this
//! repository, as `git worktree list` last said.

use crate::session::event::ManagedWorktree;

/// What the browse list shows: nothing asked yet, the list, or why there is none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum WorktreeList {
    #[default]
    Unread,
    Reading,
    Read(Vec<ManagedWorktree>),
    Failed(String),
}
