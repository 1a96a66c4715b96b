//! What the session keeps for tern's client tool `request_review` (`session::review_tool`).

use crate::protocol::RequestId;
use std::collections::HashSet;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ReviewToolState {
    /// Threads known to have tern's client tools: started by tern with them
    /// (`thread/start`'s `dynamicTools`), and forks of those. 0.171 takes `dynamicTools` only at
    /// `thread/start`, but a thread keeps them when resumed (codex restarted too) or forked;
    /// for a thread resumed from an earlier session tern cannot tell (no answer names them).
    pub(crate) threads: HashSet<String>,
    /// The call whose review's reverts are on their way: the review is its answer once they
    /// are done (`hunk_review::reverted`), instead of a message to the agent.
    pub(crate) answering: Option<RequestId>,
}
