//! What the window shows about the session outside tern's screen: its title and whether a
//! turn runs (a progress mark on the terminal's tab, where it has one).

/// Where the session stands, as the title says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Working,
    /// A question waits for the person.
    WaitingForYou,
    /// The last turn ended.
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowStatus {
    /// `None`: tern leaves the terminal's title alone (`title = false`).
    pub title: Option<String>,
    /// A turn runs.
    pub busy: bool,
    /// What the title was made from, so it is remade only when they change.
    pub phase: Option<Phase>,
    pub name: Option<String>,
}
