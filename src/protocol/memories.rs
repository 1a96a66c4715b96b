//! Memories (`thread/memoryMode/set`, `thread/memory/read`, `memory/status`, `memory/reset`),
//! spelled as the pinned codex 0.171's `generate-ts --experimental` prints them. Verified
//! against 0.171: `memory/reset` takes no params (null), answers `{}`; a thread's mode cannot
//! be read back, only set.

use serde::{Deserialize, Serialize};

pub(crate) const THREAD_MEMORY_MODE_SET: &str = "thread/memoryMode/set";
pub(crate) const THREAD_MEMORY_READ: &str = "thread/memory/read";
pub(crate) const MEMORY_STATUS: &str = "memory/status";
pub(crate) const MEMORY_RESET: &str = "memory/reset";

/// `ThreadMemoryModeSetParams`: `mode` is `enabled` or `disabled`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadMemoryModeSetParams {
    pub thread_id: String,
    pub mode: String,
}

/// `ThreadMemoryReadResponse`: the summary codex holds for the thread (null when memory is
/// off for it, or there is none yet).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadMemoryReadResponse {
    #[serde(default)]
    pub summary: Option<String>,
}

/// `MemoryStatusResponse`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemoryStatusResponse {
    #[serde(default)]
    pub v2_consolidated_threads: u64,
    #[serde(default)]
    pub v2_ready: bool,
}
