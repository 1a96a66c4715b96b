//! Thread names, as data: the name of the thread on screen, and the title being generated
//! for a new thread (the session's `titles` asks for it on an ephemeral side thread).

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Titles {
    /// Generate titles (tern's `thread_titles` config; off in tests).
    pub enabled: bool,
    /// The thread on screen's name, when it has one: (thread id, name).
    pub current: Option<(String, String)>,
    /// A thread started here and not titled yet: its first prompt asks for a title.
    pub untitled: Option<String>,
    /// The title being made.
    pub job: Option<TitleJob>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TitleJob {
    /// The thread being named.
    pub main_thread: String,
    /// The ephemeral side thread asked, once started.
    pub side_thread: Option<String>,
    /// The title, once the side thread answered.
    pub title: Option<String>,
    /// The main thread's first turn ended: its history exists, so it can be named.
    pub main_turn_done: bool,
}

impl Titles {
    /// The name of thread `id`, when known.
    pub(crate) fn name_of(&self, id: &str) -> Option<&str> {
        self.current
            .as_ref()
            .filter(|(thread, _)| thread == id)
            .map(|(_, name)| name.as_str())
    }
}
