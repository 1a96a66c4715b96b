//! Joining a thread held by the local codex service (issue 23): a thread this window could not
//! open because another codex writes to it ("already has an active writer") is, most often,
//! held by the shared service the official TUI runs (`$CODEX_HOME/app-server-control/…sock`).
//! Two clients of one server may share a thread, so instead of a fork this window can leave its
//! own app-server and open the thread over the service: it follows the same stream and the
//! same questions as the other window. The runtime swaps the connection
//! (`Effect::JoinService`); the usual restart path then runs `initialize` and `thread/resume`.

use super::outbox;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::lifecycle::Lifecycle;
use crate::session::state::{Resume, Session};
use crate::text::sanitize::sanitize_line;

/// Whether the thread can be joined over the service now: one was found at startup, this
/// window is not on it already, and no turn of this window's own server would be cut off.
pub(crate) fn can_join(state: &Session) -> bool {
    state.config.shared_service.is_some() && !state.turn_active()
}

/// Leaves this window's server for the service and opens `thread_id` there.
pub(crate) fn join_service(state: &mut Session, thread_id: String) -> Vec<Effect> {
    if !can_join(state) {
        return vec![];
    }
    let Some(service) = state.config.shared_service.take() else {
        return vec![];
    };
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!(
            "Joining thread {} over the codex service ({}); this window's own codex app-server \
             stops.",
            sanitize_line(&thread_id),
            sanitize_line(&service.label)
        ),
    );
    // Questions of the old server cannot be answered any more; what was typed stays.
    state.questions.clear();
    outbox::keep_unsent(state);
    state.server = None;
    // Where tern is connected from now on (status line, welcome, /doctor).
    state.config.connected_to = Some(service.label);
    // The restart path opens what the session was asked to: this thread.
    state.config.resume = Resume::Thread(thread_id);
    state.lifecycle = Lifecycle::Restarting { thread: None };
    let kill = state.health.pid;
    state.health.reset();
    state.health.pid = None;
    vec![Effect::JoinService {
        socket: service.socket,
        kill,
    }]
}
