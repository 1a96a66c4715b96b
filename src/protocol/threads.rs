//! Finding, paging, forking, naming and archiving threads (`thread/list`, `thread/turns/list`,
//! `thread/fork`, `thread/name/set`, `thread/archive`, `thread/unarchive`), spelled as the
//! pinned codex's `generate-ts` prints them.

use super::items::{Thread, Turn};
use super::thread_settings::ThreadSettings;
use serde::{Deserialize, Serialize};

pub(crate) const THREAD_TURNS_LIST: &str = "thread/turns/list";
pub(crate) const THREAD_FORK: &str = "thread/fork";
pub(crate) const THREAD_NAME_SET: &str = "thread/name/set";
pub(crate) const THREAD_ARCHIVE: &str = "thread/archive";
pub(crate) const THREAD_UNARCHIVE: &str = "thread/unarchive";
/// `thread/delete` (0.171): the thread and its rollout are gone for good.
pub(crate) const THREAD_DELETE: &str = "thread/delete";
/// The ids of the threads the server holds in memory: answered at once, whatever a turn's model
/// is doing, so it is tern's check on a quiet server (`session::health`).
pub(crate) const THREAD_LOADED_LIST: &str = "thread/loaded/list";

/// `ThreadSortKey` values tern uses.
pub(crate) const SORT_UPDATED_AT: &str = "updated_at";
pub(crate) const SORT_CREATED_AT: &str = "created_at";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadListParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_key: Option<String>,
    /// Only archived threads when true; only live ones otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub archived: Option<bool>,
    /// Exact match on the thread's cwd.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Case-sensitive substring of the name, else the preview.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_term: Option<String>,
    /// Read only the state database, skipping the rollout scan: about ten times faster.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub use_state_db_only: bool,
    /// Only threads of these sources (`subAgentThreadSpawn` for sub-agents, which the default,
    /// interactive sources, hide).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub source_kinds: Option<Vec<String>>,
    /// Spawned descendants of this thread, at any depth (experimental).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ancestor_thread_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadListResponse {
    pub data: Vec<Thread>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadTurnsListParams {
    pub thread_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// "asc" | "desc" (the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_direction: Option<String>,
    /// "notLoaded" | "summary" (the default) | "full".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub items_view: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadTurnsListResponse {
    pub data: Vec<Turn>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadForkParams {
    pub thread_id: String,
    #[serde(flatten)]
    pub settings: ThreadSettings,
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub exclude_turns: bool,
    /// Kept as an attached thread of its source, out of the ordinary lists (a side conversation).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub attach_to_source: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSetNameParams {
    pub thread_id: String,
    pub name: String,
}

/// The params of `thread/archive` and `thread/unarchive`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadIdParams {
    pub thread_id: String,
}

/// `thread/loaded/list` (schema `ThreadLoadedListParams`: `cursor?`, `limit?`; no limit means
/// all of them). The health check asks for one id (only that an answer comes matters); the
/// board (`/threads`) pages through them all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadLoadedListParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

/// The answer to `thread/loaded/list` (schema `ThreadLoadedListResponse`): the ids of the
/// threads the server holds in memory, and where the next page starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadLoadedListResponse {
    pub data: Vec<String>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

/// `thread/name/updated`: the field is `threadName` here, `name` on a `Thread`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadNameUpdatedNotification {
    pub thread_id: String,
    #[serde(default)]
    pub thread_name: Option<String>,
}

/// `thread/archived` and `thread/unarchived`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadIdNotification {
    pub thread_id: String,
}

/// `thread/status/changed`: the thread went idle, active, or into `systemError`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadStatusChangedNotification {
    pub thread_id: String,
    pub status: super::items::ThreadStatus,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn list_params_are_spelled_as_the_schema() {
        let params = ThreadListParams {
            limit: Some(25),
            sort_key: Some(SORT_UPDATED_AT.into()),
            cwd: Some("/w".into()),
            search_term: Some("x".into()),
            use_state_db_only: true,
            archived: Some(true),
            cursor: Some("c".into()),
            ..ThreadListParams::default()
        };
        assert_eq!(
            serde_json::to_value(&params).unwrap(),
            json!({"limit": 25, "sortKey": "updated_at", "cwd": "/w", "searchTerm": "x",
                   "useStateDbOnly": true, "archived": true, "cursor": "c"})
        );
        assert_eq!(
            serde_json::to_value(ThreadListParams::default()).unwrap(),
            json!({})
        );
    }
}
