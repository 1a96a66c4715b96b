//! Threads kept apart: each thread tern hears of has its own model (transcript, turn phase,
//! token use, older-turns paging, scroll position). The session shows one of them
//! (`Session::shown`); the others wait in [`Threads`], the most recently active
//! [`KEPT_THREADS`] of them, filled by the events routed to them by `threadId` (a sub-agent's
//! thread, another client's on a shared server) and never laid out while not shown.

use super::older_turns::OlderTurns;
use super::outbox::Outbox;
use crate::controls::scroll::Scroll;
use crate::model::{Transcript, TurnTokens};
use crate::protocol::ThreadTokenUsage;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// Threads kept besides the one shown. Enough for a parent's sub-agents over several rounds of
/// spawning (codex runs at most 6 at once by default, `[agents] max_threads`) plus the threads
/// the person switched between; few enough that a shared server announcing a thousand threads
/// of other clients costs a bounded amount of memory. The least recently active goes first; a
/// thread dropped and heard of again starts a new model (its history can be paged again).
pub const KEPT_THREADS: usize = 32;

#[derive(Debug, Clone, PartialEq)]
pub enum TurnPhase {
    Idle,
    /// `turn/start` is in flight; the turn id is not known yet.
    Starting {
        since: Instant,
    },
    Running {
        id: String,
        since: Instant,
    },
    Interrupting {
        id: String,
        since: Instant,
    },
}

/// What tern opened a thread with: known once `thread/start`, `thread/resume` or `thread/fork`
/// answered (a thread only heard of has none).
#[derive(Debug, Clone, PartialEq)]
pub struct ThreadInfo {
    pub id: String,
    pub model: String,
    pub cwd: String,
}

/// One thread's own model: everything that belongs to a thread rather than to the session.
#[derive(Debug)]
pub struct ThreadModel {
    /// The thread's id; `None` only before the session has any thread (startup, `/new`).
    pub id: Option<String>,
    /// What the thread was opened with, when tern opened it.
    pub thread: Option<ThreadInfo>,
    pub turn: TurnPhase,
    pub transcript: Transcript,
    /// Where the person left the view of this transcript.
    pub scroll: Scroll,
    pub usage: Option<ThreadTokenUsage>,
    /// The turn that compacted the context (`thread/compact/start`), and whether its token use
    /// came last: that use is the summarizing call's, which read the whole history, not what
    /// the context holds now. The next turn's use says that.
    pub compaction_turn: Option<String>,
    pub context_compacted: bool,
    /// Tokens used so far by the running turn, for its footer.
    pub turn_tokens: Option<(String, TurnTokens)>,
    /// Turns that ended: late notifications for them are dropped.
    pub finished_turns: HashSet<String>,
    /// The older turns of a resumed thread still to page in as the person scrolls up.
    pub older_turns: Option<OlderTurns>,
    /// The person's messages for this thread, waiting while another thread is shown (the one
    /// shown has its own in `Session::outbox`; `switch` moves them).
    pub outbox: Outbox,
    /// A failed turn whose failure a line of its own says already (a turn refused for want of
    /// sign-in): its end adds no "Turn failed" notice.
    pub failure_said: Option<String>,
    /// What the person typed for each turn started from here, by turn id: what a rewind puts
    /// back in the composer (the server's echo of a message is its word, not theirs).
    pub typed: HashMap<String, String>,
    /// The thread's goal as the server last told it (`thread/goal/updated`), for the status
    /// line and `/goal`.
    pub(crate) goal: Option<crate::protocol::ThreadGoal>,
    /// Inline: the person asked (`/history`) for the older turns kept out of the scrollback;
    /// pages come until the first turn is in, then they are written as one block.
    pub(crate) earlier_wanted: bool,
    /// When an event of this thread last arrived, by [`Threads`]'s count (not a clock).
    touched: u64,
}

impl ThreadModel {
    /// The model before any thread: what the session shows at startup or after `/new`.
    pub(crate) fn lobby() -> Self {
        ThreadModel {
            id: None,
            thread: None,
            turn: TurnPhase::Idle,
            transcript: Transcript::default(),
            scroll: Scroll::default(),
            usage: None,
            compaction_turn: None,
            context_compacted: false,
            turn_tokens: None,
            finished_turns: HashSet::new(),
            older_turns: None,
            outbox: Outbox::default(),
            failure_said: None,
            typed: HashMap::new(),
            goal: None,
            earlier_wanted: false,
            touched: 0,
        }
    }

    /// An empty model of the thread `id`, made when its first event arrives.
    pub fn of(id: &str) -> Self {
        ThreadModel {
            id: Some(id.to_string()),
            ..ThreadModel::lobby()
        }
    }

    pub fn turn_active(&self) -> bool {
        !matches!(self.turn, TurnPhase::Idle)
    }

    pub fn active_turn_id(&self) -> Option<&str> {
        match &self.turn {
            TurnPhase::Running { id, .. } | TurnPhase::Interrupting { id, .. } => Some(id),
            _ => None,
        }
    }
}

/// The threads not shown, bounded to [`KEPT_THREADS`].
#[derive(Debug, Default)]
pub struct Threads {
    kept: HashMap<String, ThreadModel>,
    /// Counts events, to tell the least recently active thread.
    clock: u64,
}

impl Threads {
    pub fn get(&self, id: &str) -> Option<&ThreadModel> {
        self.kept.get(id)
    }

    pub(crate) fn get_mut(&mut self, id: &str) -> Option<&mut ThreadModel> {
        self.kept.get_mut(id)
    }

    pub fn contains(&self, id: &str) -> bool {
        self.kept.contains_key(id)
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// The kept threads' ids, most recently active first.
    pub fn ids(&self) -> Vec<&str> {
        let mut kept: Vec<(&u64, &str)> = self
            .kept
            .iter()
            .map(|(id, model)| (&model.touched, id.as_str()))
            .collect();
        kept.sort_by(|a, b| b.0.cmp(a.0).then(a.1.cmp(b.1)));
        kept.into_iter().map(|(_, id)| id).collect()
    }

    /// Every kept model, in no order.
    pub(crate) fn models(&self) -> impl Iterator<Item = &ThreadModel> {
        self.kept.values()
    }

    /// Every kept model, in no order.
    pub(crate) fn models_mut(&mut self) -> impl Iterator<Item = &mut ThreadModel> {
        self.kept.values_mut()
    }

    /// Takes the model of `id` out (to show it).
    pub fn take(&mut self, id: &str) -> Option<ThreadModel> {
        self.kept.remove(id)
    }

    /// The model of `id` for an event that just arrived: made if it is new, marked as the
    /// most recently active. Also returns the id of a thread dropped to make room.
    pub(crate) fn touch(&mut self, id: &str) -> (&mut ThreadModel, Option<String>) {
        self.clock += 1;
        let dropped = if self.kept.contains_key(id) {
            None
        } else {
            let dropped = self.make_room();
            self.kept.insert(id.to_string(), ThreadModel::of(id));
            dropped
        };
        let model = self.kept.get_mut(id).expect("just kept");
        model.touched = self.clock;
        (model, dropped)
    }

    /// Keeps `model` (one that was shown), as the most recently active. Returns the id of a
    /// thread dropped to make room. A model with no thread (the lobby) is not kept.
    pub(crate) fn park(&mut self, mut model: ThreadModel) -> Option<String> {
        let id = model.id.clone()?;
        self.clock += 1;
        model.touched = self.clock;
        self.kept.remove(&id);
        let dropped = self.make_room();
        self.kept.insert(id, model);
        dropped
    }

    /// Drops the least recently active thread when the store is full (one holding the
    /// person's waiting messages, or whose turn still runs, only when all do).
    fn make_room(&mut self) -> Option<String> {
        if self.kept.len() < KEPT_THREADS {
            return None;
        }
        let waits = |m: &ThreadModel| !m.outbox.queued.is_empty() || m.turn_active();
        let oldest = self
            .kept
            .iter()
            .min_by(|a, b| {
                (waits(a.1), a.1.touched)
                    .cmp(&(waits(b.1), b.1.touched))
                    .then(a.0.cmp(b.0))
            })
            .map(|(id, _)| id.clone())?;
        self.kept.remove(&oldest);
        Some(oldest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_active_thread_goes_first() {
        let mut threads = Threads::default();
        for n in 0..KEPT_THREADS {
            assert_eq!(threads.touch(&format!("t{n}")).1, None);
        }
        // t0 is active again: t1 is now the oldest.
        threads.touch("t0");
        let (_, dropped) = threads.touch("new");
        assert_eq!(dropped.as_deref(), Some("t1"));
        assert_eq!(threads.len(), KEPT_THREADS);
        assert_eq!(threads.ids()[0], "new");
        assert!(threads.contains("t0") && !threads.contains("t1"));
    }

    #[test]
    fn the_lobby_is_not_kept() {
        let mut threads = Threads::default();
        assert_eq!(threads.park(ThreadModel::lobby()), None);
        assert!(threads.is_empty());
        threads.park(ThreadModel::of("a"));
        assert!(threads.take("a").is_some());
        assert!(threads.take("a").is_none());
    }
}
