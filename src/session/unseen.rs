//! Whether a kept thread's event changed anything on screen. A thread kept aside (a sub-agent's,
//! another client's on a shared server) streams into its own model, which is not drawn; what
//! such an event can still change on screen is small and listed here: the agents strip (an
//! agent linked, named, starting, finishing), the cells of the shown transcript that show an
//! agent and the notices said there, the question queue, the server-down bar. `update` takes a
//! [`Glance`] before the event and asks for a frame only when it differs after — so eight
//! children streaming while the person reads the parent cost no frame per delta.
//!
//! What is not glanced at always asks for a frame: the shown thread's events, events of no
//! thread, tern's own title thread, and any event while a layer is open (the `/agents` list shows
//! each agent's live line and tokens; `update` checks the layers, which the session never sees).

use crate::protocol::ServerNotification as N;
use crate::session::event::AppEvent;
use crate::session::state::Session;

/// What a kept thread's event may change on screen, as it was before the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Glance {
    /// The shown transcript's revision: an agent's cell filled, a notice said.
    shown_revision: u64,
    questions: usize,
    server_down: bool,
    /// Counts every change to the agents but their live lines and tokens: what the strip
    /// draws of each (and the question labels name).
    agents: u64,
}

impl Glance {
    /// A glance at what `event` may change, when it is a notification about a thread kept but
    /// not shown; `None` when the event is anything else (it asks for a frame whatever it does).
    pub(crate) fn before(state: &Session, event: &AppEvent) -> Option<Glance> {
        let AppEvent::Notification(n) = event else {
            return None;
        };
        let shown = state.thread_id()?;
        let theirs = n.thread_id()?;
        let titles_side = state
            .titles
            .job
            .as_ref()
            .and_then(|job| job.side_thread.as_deref());
        if theirs == shown || titles_side == Some(theirs) {
            return None;
        }
        // Handled by the session, not by the thread's model: rare, and drawn.
        if matches!(n, N::ThreadStarted(_) | N::ServerRequestResolved(_)) {
            return None;
        }
        Some(Glance::of(state))
    }

    fn of(state: &Session) -> Glance {
        Glance {
            shown_revision: state.shown.transcript.revision(),
            questions: state.questions.waiting_count(),
            server_down: state.health.down.is_some(),
            agents: state.agents.revision(),
        }
    }

    /// Whether anything glanced at changed since.
    pub(crate) fn changed(&self, state: &Session) -> bool {
        *self != Glance::of(state)
    }
}
