//! Rewind, as data: the first Esc of Esc Esc, and a rewind sent and not answered yet (the
//! session's `rewind` sends it and reloads the thread when it is done).

use crate::model::rewind::{FileRestore, Refusal};
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rewind {
    /// "Esc again to rewind" shows until then.
    pub armed_until: Option<Instant>,
    /// The rewind on its way.
    pub pending: Option<PendingRewind>,
    /// The folder files are put back inside: one the person chose — where tern started or
    /// `--cwd` (on a remote, the folder in the URL) — never one only the server named (a
    /// thread's `cwd` is the server's word). What moves the person (`/cd`, `/worktree`) moves
    /// it. `None`: none chosen, and no file is put back.
    pub bound: Option<String>,
}

impl Rewind {
    /// Any other key ends an Esc waiting for its second.
    pub(crate) fn disarm(&mut self) {
        self.armed_until = None;
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PendingRewind {
    pub thread_id: String,
    pub before_turn_id: String,
    /// The message rewound to, for the composer (`None`: not put back, see `rewind::put_back`).
    pub prompt: Option<String>,
    /// How many turns it drops.
    pub dropped: usize,
    /// Files to put back once the server has rewound (empty: the files stay as they are).
    pub files: Vec<FileRestore>,
    /// Files the person asked back that are left as they are, and why (said once rewound).
    pub left: Vec<Refusal>,
}
