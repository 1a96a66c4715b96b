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
    /// Names of other threads the server told of (the inbox and the board name threads by
    /// them), newest last, at most [`OTHER_NAMES`].
    pub others: Vec<(String, String)>,
}

/// Names of threads not on screen kept at most: a server's every thread renamed must not grow
/// the session.
pub(crate) const OTHER_NAMES: usize = 64;

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
            .iter()
            .chain(self.others.iter().rev())
            .find(|(thread, _)| thread == id)
            .map(|(_, name)| name.as_str())
    }

    /// Thread `id` (not on screen) is called `name` now, or has no name any more.
    pub(crate) fn name_other(&mut self, id: &str, name: Option<String>) {
        self.others.retain(|(thread, _)| thread != id);
        if let Some(name) = name.filter(|n| !n.trim().is_empty()) {
            if self.others.len() >= OTHER_NAMES {
                self.others.remove(0);
            }
            self.others.push((id.to_string(), name));
        }
    }
}
