//! `/memories`: this thread's memory mode (`thread/memoryMode/set`; codex has no read for it,
//! so tern shows what it set, and "codex's config" before that), the summary codex holds for
//! the thread (`thread/memory/read`), codex's memory status (`memory/status`), and a reset of
//! every memory (`memory/reset`), only after a confirming key.

use crate::model::NoticeLevel;
use crate::protocol::{
    MemoryStatusResponse, ThreadIdParams, ThreadMemoryModeSetParams, ThreadMemoryReadResponse,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;

/// `/memories`: the thread's summary and codex's status, asked for again.
pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    let thread = state.thread_id().map(str::to_string);
    let memories = &mut state.plugins.memories;
    if memories.thread_id != thread {
        // Another thread: what was set and read was of the other one.
        memories.mode = None;
        memories.summary = None;
        memories.thread_id = thread.clone();
    }
    memories.error = None;
    let mut effects = vec![Effect::Request(ClientRequest::MemoryStatus)];
    if let Some(thread_id) = thread {
        effects.push(Effect::Request(ClientRequest::ReadMemory(ThreadIdParams {
            thread_id,
        })));
    }
    memories.loading += effects.len();
    effects
}

fn answered(state: &mut Session) {
    let memories = &mut state.plugins.memories;
    memories.loading = memories.loading.saturating_sub(1);
    state.layer_events.push(LayerEvent::MemoriesChanged);
}

pub(crate) fn summary_read(state: &mut Session, answer: Answer<ThreadMemoryReadResponse>) {
    match shown(answer) {
        Ok(read) => {
            let summary = read.summary.filter(|s| !s.trim().is_empty());
            state.plugins.memories.summary = Some(summary);
        }
        Err(e) => state.plugins.memories.error = Some(e),
    }
    answered(state);
}

pub(crate) fn status_read(state: &mut Session, answer: Answer<MemoryStatusResponse>) {
    match shown(answer) {
        Ok(status) => state.plugins.memories.status = Some(status),
        Err(e) => state.plugins.memories.error = Some(e),
    }
    answered(state);
}

/// `m`: memory on or off for this thread.
pub(crate) fn set_mode(state: &mut Session, enabled: bool) -> Vec<Effect> {
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::SetMemoryMode(
        ThreadMemoryModeSetParams {
            thread_id,
            mode: if enabled { "enabled" } else { "disabled" }.into(),
        },
    ))]
}

pub(crate) fn mode_set(state: &mut Session, enabled: bool, answer: Answer<()>) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => {
            state.plugins.memories.mode = Some(enabled);
            state.shown.transcript.notice(
                NoticeLevel::Info,
                if enabled {
                    "Memory on for this thread: codex may use and keep memories of it."
                } else {
                    "Memory off for this thread: codex neither uses nor keeps memories of it."
                },
            );
        }
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not turn memory {} for this thread: {}",
                if enabled { "on" } else { "off" },
                visible_line(&e)
            ),
        ),
    }
    state.layer_events.push(LayerEvent::MemoriesChanged);
    refresh(state)
}

/// `r` then `y`: every memory codex holds for this CODEX_HOME, gone.
pub(crate) fn reset() -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::ResetMemory)]
}

pub(crate) fn reset_done(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => state.shown.transcript.notice(
            NoticeLevel::Info,
            "Memories reset: codex's memory files and thread summaries are gone; the threads stay.",
        ),
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("Could not reset the memories: {}", visible_line(&e)),
        ),
    }
    refresh(state)
}
