//! The person's messages not yet in a turn, as data (what sends, queues and takes them back is
//! the session's `outbox` module).

use std::collections::VecDeque;

/// The person's messages not yet in a turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outbox {
    /// Messages waiting for a new turn (sent while a turn runs, or before the thread is ready),
    /// sent in order afterwards.
    pub queued: VecDeque<String>,
    /// Messages sent into the running turn (`turn/steer`) and not yet seen in it.
    pub steering: Vec<PendingSteer>,
}

/// A steer sent and not yet seen in the turn.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingSteer {
    pub prompt: String,
    /// The server said yes; its echo (the user message in the turn) has not come yet.
    pub accepted: bool,
}
