//! `thread/revert`: drops a turn and every later one from the thread's history (files are left
//! as they are). Used to take back a turn that failed for want of sign-in before its message is
//! sent again, so the model sees it once (`v2/ThreadRevertParams.ts`).

use serde::{Deserialize, Serialize};

pub const THREAD_REVERT: &str = "thread/revert";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadRevertParams {
    pub thread_id: String,
    /// The first turn dropped.
    pub before_turn_id: String,
}
