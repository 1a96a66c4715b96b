//! The side conversations of this session (`/side`): forks of the main thread answering a
//! question beside it, each kept as its thread id and the question that started it. At most
//! one is open in the pane; while it is, the composer sends to it. Data only: `session::side`
//! keeps it.

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct SideConversations {
    /// The side thread in the pane, once its fork answered.
    pub(crate) open: Option<String>,
    /// A side conversation on its way: the question, waiting for the fork and its items.
    pub(crate) starting: Option<String>,
    /// Every side conversation started this session and not archived, oldest first.
    pub(crate) earlier: Vec<SideThread>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SideThread {
    pub(crate) id: String,
    /// The question that started it, as typed.
    pub(crate) question: String,
}

impl SideConversations {
    /// The pane is open: a side conversation is shown or on its way.
    pub(crate) fn active(&self) -> bool {
        self.open.is_some() || self.starting.is_some()
    }
}
