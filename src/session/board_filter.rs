//! The board's filters (`f` on `/threads`), like the official TUI's agent command center
//! ("All", "Needs you") and more: which rows a filter keeps, the order `f` cycles them in, and
//! how many rows each would keep (the board's top row counts them).

use crate::session::board::{BoardRow, ThreadState};

/// Which threads the board lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum BoardFilter {
    #[default]
    All,
    /// A question of it waits for this person, or the server says it waits on one.
    NeedsYou,
    Running,
    /// Idle, or no longer loaded.
    Idle,
    /// The server put it in `systemError`.
    Failed,
}

impl BoardFilter {
    /// Every filter, in the order `f` goes through them.
    pub(crate) const CYCLE: [BoardFilter; 5] = [
        BoardFilter::All,
        BoardFilter::NeedsYou,
        BoardFilter::Running,
        BoardFilter::Idle,
        BoardFilter::Failed,
    ];

    /// The next filter `f` picks (after the last, the first).
    pub(crate) fn next(self) -> Self {
        let at = Self::CYCLE.iter().position(|f| *f == self).unwrap_or(0);
        Self::CYCLE[(at + 1) % Self::CYCLE.len()]
    }

    pub(crate) fn words(self) -> &'static str {
        match self {
            BoardFilter::All => "All",
            BoardFilter::NeedsYou => "Needs you",
            BoardFilter::Running => "Running",
            BoardFilter::Idle => "Idle",
            BoardFilter::Failed => "Failed",
        }
    }

    /// Whether a thread in `state` is listed under this filter. A thread whose state tern does
    /// not know yet (being read, unreadable) shows under "All" only.
    pub(crate) fn admits(self, state: ThreadState) -> bool {
        match self {
            BoardFilter::All => true,
            BoardFilter::NeedsYou => state == ThreadState::WaitingForYou,
            BoardFilter::Running => state == ThreadState::Running,
            BoardFilter::Idle => matches!(state, ThreadState::Idle | ThreadState::NotLoaded),
            BoardFilter::Failed => state == ThreadState::Failed,
        }
    }

    /// The rows this filter keeps, in their order.
    pub(crate) fn keep(self, rows: Vec<BoardRow>) -> Vec<BoardRow> {
        rows.into_iter().filter(|r| self.admits(r.state)).collect()
    }
}

/// How many of `rows` each filter keeps, in [`BoardFilter::CYCLE`] order.
pub(crate) fn counts(rows: &[BoardRow]) -> Vec<(BoardFilter, usize)> {
    BoardFilter::CYCLE
        .iter()
        .map(|f| (*f, rows.iter().filter(|r| f.admits(r.state)).count()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f_goes_through_every_filter_and_back() {
        let mut filter = BoardFilter::default();
        let mut seen = vec![filter];
        for _ in 0..BoardFilter::CYCLE.len() {
            filter = filter.next();
            seen.push(filter);
        }
        assert_eq!(&seen[..5], &BoardFilter::CYCLE);
        assert_eq!(seen[5], BoardFilter::All);
    }

    #[test]
    fn a_state_tern_does_not_know_shows_under_all_only() {
        for state in [
            ThreadState::Unknown,
            ThreadState::Reading,
            ThreadState::Unreadable,
        ] {
            let under: Vec<BoardFilter> = BoardFilter::CYCLE
                .into_iter()
                .filter(|f| f.admits(state))
                .collect();
            assert_eq!(under, [BoardFilter::All], "{state:?}");
        }
        assert!(BoardFilter::Idle.admits(ThreadState::NotLoaded));
        assert!(BoardFilter::NeedsYou.admits(ThreadState::WaitingForYou));
    }
}
