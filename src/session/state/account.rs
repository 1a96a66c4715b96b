//! What tern knows of the sign-in, as data: the last `account/read`, what `account/updated`
//! said, and a turn codex was refused for want of sign-in (401). The session's `account` and
//! `auth_refusal` modules change it; the sign-in layer reads it.

use crate::protocol::{AccountUpdatedNotification, GetAccountResponse};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountState {
    /// The last `account/read` answer, or why it failed; `None` before the first answer.
    pub read: Option<Result<GetAccountResponse, String>>,
    /// An `account/read` is on its way.
    pub reading: bool,
    /// The sign-in layer opened by itself once already (at startup); later it opens when a
    /// prompt is sent signed out, or with `/login`.
    pub offered: bool,
    /// A sign-in or sign-out just completed: the next `account/read` answer is told in the
    /// transcript.
    pub announce: bool,
    /// What `account/updated` said last (auth mode and plan).
    pub updated: Option<AccountUpdatedNotification>,
    /// A turn codex was refused for want of sign-in.
    pub refused: Option<RefusedTurn>,
    /// `thread/revert` of a refused turn is on its way: nothing is sent until it answers.
    pub reverting: bool,
}

/// A turn whose model requests came back 401: its retries are one line, and once it has failed
/// it is reverted before anything is sent again, so its message reaches the model once.
#[derive(Debug, Clone, PartialEq)]
pub struct RefusedTurn {
    pub thread_id: String,
    pub turn_id: String,
    /// The turn has ended (failed): prompts wait for a sign-in.
    pub ended: bool,
    /// Still to be reverted before the next turn goes out.
    pub revert: bool,
    /// The session's model provider is not OpenAI's (`requiresOpenaiAuth: false`): the key it
    /// lacks is set in codex's config, and signing in does not change it.
    pub by_provider: bool,
}

impl AccountState {
    /// The answer of the last `account/read`, if it succeeded.
    pub(crate) fn known(&self) -> Option<&GetAccountResponse> {
        self.read.as_ref()?.as_ref().ok()
    }
}
