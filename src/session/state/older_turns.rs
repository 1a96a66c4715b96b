//! Where paging in a resumed thread's older turns stands (the session's `threads` asks for
//! the pages as the person scrolls up).

/// Where paging in the shown thread's older turns stands.
#[derive(Debug, Clone, PartialEq)]
pub struct OlderTurns {
    pub thread_id: String,
    /// Where the next (older) page starts; `None` with `more` is the newest turn.
    pub cursor: Option<String>,
    /// Older turns remain.
    pub more: bool,
    /// A page is being fetched.
    pub loading: bool,
    /// No page came yet: the newest turn may still be running and is rejoined.
    pub first: bool,
    /// Ctrl+Home asked for turn 1: pages come one after another, bigger, whatever the view
    /// shows, and the view stays at the top as they come — until the first turn is in or the
    /// person scrolls away from the top.
    pub to_first: bool,
}
