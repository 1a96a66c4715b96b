//! `/recap`, as data: the catch-up being made on an ephemeral side thread (the session's
//! `recap` asks for it and shows the answer).

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct RecapJob {
    /// The thread being recapped (the one on screen when `/recap` was typed).
    pub main_thread: String,
    /// The ephemeral side thread asked, once started.
    pub side_thread: Option<String>,
    /// The side turn's last agent message, once it came.
    pub answer: Option<String>,
}
