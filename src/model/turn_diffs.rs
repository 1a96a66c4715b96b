//! The latest whole-turn diff of each recent turn, from `turn/diff/updated`. Each notification
//! is a snapshot of everything the turn changed so far, so it replaces the one before; the
//! server repeats it several times per patch.

use std::collections::VecDeque;

/// Turns whose diffs are kept; older ones are dropped (a diff can be megabytes).
const KEPT: usize = 16;

#[derive(Debug, Default)]
pub struct TurnDiffs {
    /// (turn id, diff), in the order the turns first sent one.
    turns: VecDeque<(String, String)>,
}

impl TurnDiffs {
    /// Keeps `diff` as the turn's latest. Returns whether anything changed.
    pub(crate) fn set(&mut self, turn_id: &str, diff: &str) -> bool {
        if let Some((_, kept)) = self.turns.iter_mut().find(|(id, _)| id == turn_id) {
            if kept == diff {
                return false;
            }
            *kept = diff.to_string();
            return true;
        }
        if self.turns.len() == KEPT {
            self.turns.pop_front();
        }
        self.turns
            .push_back((turn_id.to_string(), diff.to_string()));
        true
    }

    pub fn get(&self, turn_id: &str) -> Option<&str> {
        self.turns
            .iter()
            .find(|(id, _)| id == turn_id)
            .map(|(_, diff)| diff.as_str())
    }

    /// The most recent turn whose changes do not cancel out, with its diff.
    pub fn latest(&self) -> Option<(&str, &str)> {
        self.turns
            .iter()
            .rev()
            .find(|(_, diff)| !diff.trim().is_empty())
            .map(|(id, diff)| (id.as_str(), diff.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_replaces_the_one_before_and_duplicates_change_nothing() {
        let mut diffs = TurnDiffs::default();
        assert!(diffs.set("t1", "diff one"));
        assert!(!diffs.set("t1", "diff one"));
        assert!(diffs.set("t1", "diff two"));
        assert_eq!(diffs.get("t1"), Some("diff two"));
        diffs.set("t2", "other");
        assert_eq!(diffs.latest(), Some(("t2", "other")));
        diffs.set("t3", "");
        assert_eq!(
            diffs.latest(),
            Some(("t2", "other")),
            "an empty diff is skipped"
        );
        for i in 0..KEPT {
            diffs.set(&format!("later{i}"), "x");
        }
        assert_eq!(diffs.get("t1"), None, "old turns are dropped");
    }
}
