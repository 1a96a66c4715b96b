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

use crate::app::event::AppEvent;
use crate::app::state::Session;
use crate::protocol::ServerNotification as N;
use std::hash::{Hash, Hasher};

/// What a kept thread's event may change on screen, as it was before the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glance {
    /// The shown transcript's revision: an agent's cell filled, a notice said.
    shown_revision: u64,
    questions: usize,
    server_down: bool,
    /// What the agents strip draws of each agent (and the question labels name).
    agents: u64,
}

impl Glance {
    /// A glance at what `event` may change, when it is a notification about a thread kept but
    /// not shown; `None` when the event is anything else (it asks for a frame whatever it does).
    pub fn before(state: &Session, event: &AppEvent) -> Option<Glance> {
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
            questions: state.questions.len(),
            server_down: state.health.down.is_some(),
            agents: strip_fingerprint(state),
        }
    }

    /// Whether anything glanced at changed since.
    pub fn changed(&self, state: &Session) -> bool {
        *self != Glance::of(state)
    }
}

/// The agents' fields the strip draws (the name's sources, state, running time) and their
/// order. Not their live lines or tokens: only the `/agents` list shows those.
fn strip_fingerprint(state: &Session) -> u64 {
    let mut hasher = Quick::default();
    state.agents.len().hash(&mut hasher);
    for agent in state.agents.iter() {
        agent.thread_id.hash(&mut hasher);
        agent.nickname.hash(&mut hasher);
        agent.path.hash(&mut hasher);
        agent.state.hash(&mut hasher);
        agent.since.hash(&mut hasher);
        agent.ended.hash(&mut hasher);
    }
    hasher.finish()
}

/// A multiply-rotate hash (the Fx hash's step): taken twice per event of every kept thread, so
/// it must cost next to nothing beside the event (std's SipHash costs as much as a delta); a
/// collision could only cost a frame not drawn for a change the next event or tick draws.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            self.write_u64(word);
        }
        for &byte in chunks.remainder() {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
