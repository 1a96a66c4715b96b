//! The warnings kept for `/warnings`: what tern found at startup (its config file, themes,
//! logs), codex's `warning`, `configWarning`, `deprecationNotice` and `guardianWarning`, and
//! the MCP servers that failed to start — each also said where it always was (a transcript
//! line, or the log), and kept here with its details so it can be read after it scrolled away
//! or `/clear` took it. Bounded: the oldest go first; one said again is counted on its entry.

use std::collections::VecDeque;

/// The most warnings kept.
pub(crate) const KEPT: usize = 200;

/// One warning, unsanitised (the view sanitises what it draws).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Warning {
    /// Who said it: `tern`, `codex`, `codex config`, `deprecation`, `guardian`, `MCP`.
    pub(crate) source: &'static str,
    pub(crate) summary: String,
    /// The rest: codex's `details`, the file and place at fault, an MCP server's error.
    pub(crate) details: Option<String>,
    /// The thread it is about, when it names one.
    pub(crate) thread_id: Option<String>,
    /// How many times it was said.
    pub(crate) count: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Warnings {
    /// Oldest first.
    pub(crate) list: VecDeque<Warning>,
    /// How many older ones were let go to keep the bound.
    pub(crate) dropped: usize,
}

impl Warnings {
    /// Keeps `warning`: one with the same source and summary is counted again and moves to
    /// the newest place (its details and thread become the newest).
    pub(crate) fn keep(&mut self, warning: Warning) {
        if let Some(at) = self
            .list
            .iter()
            .position(|w| w.source == warning.source && w.summary == warning.summary)
        {
            let mut old = self.list.remove(at).unwrap_or_else(|| warning.clone());
            old.count += 1;
            old.details = warning.details.or(old.details);
            old.thread_id = warning.thread_id.or(old.thread_id);
            self.list.push_back(old);
            return;
        }
        if self.list.len() == KEPT {
            self.list.pop_front();
            self.dropped += 1;
        }
        self.list.push_back(warning);
    }

    /// Newest first, as `/warnings` lists them.
    pub(crate) fn newest_first(&self) -> impl Iterator<Item = &Warning> {
        self.list.iter().rev()
    }

    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(summary: &str) -> Warning {
        Warning {
            source: "codex",
            summary: summary.into(),
            details: None,
            thread_id: None,
            count: 1,
        }
    }

    #[test]
    fn bounded_oldest_first_out_and_repeats_counted() {
        let mut kept = Warnings::default();
        for i in 0..KEPT + 5 {
            kept.keep(said(&format!("w{i}")));
        }
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept.dropped, 5);
        assert_eq!(kept.list.front().unwrap().summary, "w5");
        kept.keep(said("w5"));
        assert_eq!(kept.len(), KEPT);
        let newest = kept.newest_first().next().unwrap();
        assert_eq!((newest.summary.as_str(), newest.count), ("w5", 2));
    }
}
