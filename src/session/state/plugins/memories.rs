//! What `/memories` shows: this thread's memory mode as tern last set it (codex has no read
//! for it), the summary codex holds for the thread, and codex's memory status.

use crate::protocol::MemoryStatusResponse;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Memories {
    /// The thread the rest is about; a switch of thread reads again.
    pub(crate) thread_id: Option<String>,
    /// `Some(true)`: memory on for this thread, as tern set it; `None`: not set from here.
    pub(crate) mode: Option<bool>,
    /// The thread's summary once read (`Some(None)`: codex holds none).
    pub(crate) summary: Option<Option<String>>,
    pub(crate) status: Option<MemoryStatusResponse>,
    /// Requests out.
    pub(crate) loading: usize,
    /// Why the last request failed.
    pub(crate) error: Option<String>,
}
