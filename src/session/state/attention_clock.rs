//! What the alert decision (`session::attention`) needs to remember between events: whether
//! the terminal ever reported focus, when the visible turn started, when the person last
//! typed in this window, and a call back put off while they typed.

use std::time::Instant;

#[derive(Debug, Clone, Default)]
pub struct AttentionClock {
    /// The terminal sent a focus report: `Session::focused` is known, not assumed.
    pub focus_reported: bool,
    /// When the turn on screen started (its length decides where focus is never reported).
    pub turn_started: Option<Instant>,
    /// The last key or paste from the person.
    pub last_typed: Option<Instant>,
    /// A question of a thread not on screen came while the person typed: its call back is
    /// owed, due when the typing pause ends (`session::attention`).
    pub owed: Option<Instant>,
}
