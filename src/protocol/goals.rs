//! The thread goal's requests (`thread/goal/set`, `get`, `clear`), spelled as the pinned codex
//! 0.171's `generate-ts` prints them. The goal itself (`ThreadGoal`) and its notifications are
//! in `item_kinds`.

use super::item_kinds::ThreadGoal;
use serde::{Deserialize, Serialize};

pub(crate) const THREAD_GOAL_SET: &str = "thread/goal/set";
pub(crate) const THREAD_GOAL_GET: &str = "thread/goal/get";
pub(crate) const THREAD_GOAL_CLEAR: &str = "thread/goal/clear";

/// `ThreadGoalMutationOrigin`: every change tern asks for is the person's. The schema says a
/// missing origin "does not supply user authorization".
pub(crate) const ORIGIN_USER: &str = "user";

/// `ThreadGoalSetParams`: a new objective, or a new status for the goal there is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadGoalSetParams {
    pub thread_id: String,
    pub origin: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<String>,
    /// `active` | `paused` | `blocked` | `usageLimited` | `budgetLimited` | `complete`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

/// `ThreadGoalClearParams`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadGoalClearParams {
    pub thread_id: String,
    pub origin: String,
}

/// `ThreadGoalGetResponse`: the thread's goal, if it has one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadGoalGetResponse {
    #[serde(default)]
    pub goal: Option<ThreadGoal>,
}
