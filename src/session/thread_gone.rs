//! A thread archived, deleted or closed by any client (`thread/archived|deleted|closed`, codex
//! 0.171): said where it is shown, and news for the picker.

use super::event::LayerEvent;
use super::state::Session;
use crate::model::NoticeLevel;

/// How a thread left: `thread/archived`, `thread/deleted` or `thread/closed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gone {
    Archived,
    Deleted,
    Closed,
}

/// A thread archived, deleted or closed (by any client): said on the shown thread, and the
/// picker hears of it.
pub(crate) fn notified(state: &mut Session, thread_id: String, how: Gone) {
    if state.thread_id() == Some(thread_id.as_str()) {
        let text = match how {
            Gone::Archived => {
                "This thread was archived. /resume lists it under Ctrl+T (archived); /new \
                 starts a fresh one."
            }
            Gone::Deleted => {
                "This thread was deleted: its history is gone from codex. /new starts a fresh one."
            }
            Gone::Closed => {
                "codex closed this thread (unloaded it). /resume opens it again; /new starts a \
                 fresh one."
            }
        };
        state.shown.transcript.notice(NoticeLevel::Warning, text);
    }
    state.layer_events.push(match how {
        Gone::Archived => LayerEvent::ThreadArchived {
            thread_id,
            archived: true,
        },
        Gone::Deleted => LayerEvent::ThreadDeleted { thread_id },
        // Still listed (it is only out of memory): nothing for the picker.
        Gone::Closed => return,
    });
}
