//! What the session keeps for tern's client tool `request_review` (`session::review_tool`).

use crate::protocol::RequestId;
use std::collections::HashSet;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ReviewToolState {
    /// Threads tern started with its client tools (`thread/start`'s `dynamicTools`). Resumed
    /// and forked threads are not among them: 0.171 takes `dynamicTools` only at
    /// `thread/start`.
    pub(crate) threads: HashSet<String>,
    /// The call whose review's reverts are on their way: the review is its answer once they
    /// are done (`hunk_review::reverted`), instead of a message to the agent.
    pub(crate) answering: Option<RequestId>,
}
