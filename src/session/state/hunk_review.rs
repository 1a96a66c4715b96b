//! A file change under review hunk by hunk (`session::hunk_review`): the files as they were
//! before the patch (read when the review opened, while codex still waited for the answer),
//! and the reverts that wait for the patch to land.

use crate::model::review::ReviewFile;

/// A file as read before the patch: its text (`None`: it did not exist), or why it could not
/// be read.
pub(crate) type Before = Result<Option<String>, String>;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct HunkReviewState {
    /// The item whose files were read, and each path with what it held.
    pub read: Option<(String, Vec<(String, Before)>)>,
    /// Accepted with hunks to revert: they are put back once the item completes, before any
    /// further question is answered.
    pub pending: Option<PendingRevert>,
    /// Reverts refused before reaching the runtime (a file tern could not read before), said
    /// with the runtime's outcomes.
    pub refused: Vec<crate::model::rewind::RestoreOutcome>,
    /// The last `git diff` read for `/diff` (its cwd and output): what `r` there reviews.
    pub git_shown: Option<(String, crate::session::event::GitDiffOutput)>,
    /// On a server elsewhere, reads and reverts going through its `fs/*`.
    pub remote: RemoteFiles,
}

/// A path read for a review, and its answer once in.
pub(crate) type PendingRead = (String, Option<Before>);

/// The review's file work on a server elsewhere (`session::remote_revert`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct RemoteFiles {
    /// The review's reads before the patch: its item, and each path with its answer once in.
    pub reading: Option<(String, Vec<PendingRead>)>,
    /// Files still to put back, the first one under way, one at a time.
    pub queue: std::collections::VecDeque<crate::model::rewind::FileRestore>,
    /// What became of the files already put back (or refused).
    pub outcomes: Vec<crate::model::rewind::RestoreOutcome>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PendingRevert {
    pub item_id: String,
    pub files: Vec<ReviewFile>,
    /// Per file, what it held before the patch.
    pub before: Vec<Before>,
    /// Sent to the runtime: waiting for what became of each file.
    pub reverting: bool,
}

impl HunkReviewState {
    /// What `path` held before the patch of `item_id`, once read.
    pub(crate) fn before(&self, item_id: &str, path: &str) -> Option<&Before> {
        let (item, files) = self.read.as_ref()?;
        if item != item_id {
            return None;
        }
        files.iter().find(|(p, _)| p == path).map(|(_, b)| b)
    }

    /// Further questions wait (their keys do not answer) while reverts are on their way.
    pub(crate) fn holds_questions(&self) -> bool {
        self.pending.is_some()
    }
}
