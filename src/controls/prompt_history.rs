//! Earlier prompts, walked with Up/Down from the composer. The entries come from the history
//! file (read by the runtime at startup) and from this session; the draft being typed when the
//! walk began comes back when walking past the newest entry.

/// The most entries kept in memory (the file is capped the same way when read).
pub const MAX_ENTRIES: usize = 1000;

#[derive(Debug, Default, Clone)]
pub struct PromptHistory {
    entries: Vec<String>,
    /// Where the walk is: an index into `entries`, or `None` when at the draft.
    position: Option<usize>,
    /// What was in the composer when the walk began.
    draft: Option<String>,
}

impl PromptHistory {
    pub fn new(mut entries: Vec<String>) -> Self {
        if entries.len() > MAX_ENTRIES {
            entries.drain(..entries.len() - MAX_ENTRIES);
        }
        PromptHistory {
            entries,
            position: None,
            draft: None,
        }
    }

    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// Adds a prompt as the newest entry (not twice in a row) and ends any walk. Returns whether
    /// it was added.
    pub(crate) fn record(&mut self, entry: &str) -> bool {
        self.reset();
        if entry.trim().is_empty() || self.entries.last().is_some_and(|last| last == entry) {
            return false;
        }
        self.entries.push(entry.to_string());
        if self.entries.len() > MAX_ENTRIES {
            self.entries.remove(0);
        }
        true
    }

    /// The walk ends: the next Up starts again from the newest entry.
    pub(crate) fn reset(&mut self) {
        self.position = None;
        self.draft = None;
    }

    pub(crate) fn is_walking(&self) -> bool {
        self.position.is_some()
    }

    /// One entry older; `current` is what the composer holds now (kept as the draft when the
    /// walk begins). `None` when there is nothing older.
    pub(crate) fn older(&mut self, current: &str) -> Option<&str> {
        let next = match self.position {
            None => self.entries.len().checked_sub(1)?,
            Some(0) => return None,
            Some(i) => i - 1,
        };
        if self.position.is_none() {
            self.draft = Some(current.to_string());
        }
        self.position = Some(next);
        Some(&self.entries[next])
    }

    /// One entry newer, or the draft after the newest. `None` when not walking.
    pub(crate) fn newer(&mut self) -> Option<String> {
        let i = self.position?;
        if i + 1 < self.entries.len() {
            self.position = Some(i + 1);
            return Some(self.entries[i + 1].clone());
        }
        self.position = None;
        Some(self.draft.take().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walking_back_and_forth_returns_to_the_draft() {
        let mut h = PromptHistory::new(vec!["one".into(), "two".into()]);
        assert_eq!(h.older("draft"), Some("two"));
        assert_eq!(h.older("two"), Some("one"));
        assert_eq!(h.older("one"), None);
        assert_eq!(h.newer().as_deref(), Some("two"));
        assert_eq!(h.newer().as_deref(), Some("draft"));
        assert_eq!(h.newer(), None);
    }

    #[test]
    fn repeats_in_a_row_and_blank_prompts_are_not_recorded() {
        let mut h = PromptHistory::default();
        assert!(h.record("a"));
        assert!(!h.record("a"));
        assert!(!h.record("  "));
        assert!(h.record("b"));
        assert_eq!(h.entries(), ["a", "b"]);
    }
}
