//! A link to a server that outlives it (a websocket, the local service's socket, an ssh proxy
//! to a remote service) dropped, and tern is dialling it again by itself: as data, for the
//! status line ("connection lost — reconnecting (attempt n)") and for what the session does once
//! the thread is back (the running turn picked up where it is, questions asked again).

use std::time::Instant;

/// How the transcript's line about a lost link begins; once the link is back, `rejoin` rewrites
/// that line rather than add another.
pub(crate) const LOST_NOTICE: &str = "Connection lost: ";

#[derive(Debug, Clone, PartialEq)]
pub struct Reconnect {
    /// The attempt under way (1 while the first dial runs).
    pub attempt: u32,
    /// When the link was lost.
    pub since: Instant,
    /// Why the link was lost, then why the latest attempt failed (sanitised where shown).
    pub why: String,
    /// Why the link dropped (kept when `why` moves on to the failed attempts).
    pub dropped: String,
    /// The turn that was running on the shown thread when the link dropped, if any.
    pub running_turn: Option<String>,
    /// An attempt found nobody listening: the server was not running then, so the one that
    /// answers later was started again (and a turn it ran ended with the old one).
    pub server_was_down: bool,
}

impl Reconnect {
    pub fn new(since: Instant, why: String, running_turn: Option<String>) -> Reconnect {
        Reconnect {
            attempt: 1,
            since,
            dropped: why.clone(),
            why,
            running_turn,
            server_was_down: false,
        }
    }

    /// The status line's words.
    pub(crate) fn bar(&self) -> String {
        format!("connection lost — reconnecting (attempt {})", self.attempt)
    }
}
