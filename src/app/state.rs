//! Everything the app knows, in one place.

use super::approval::ApprovalQueue;
use super::composer::Composer;
use super::scroll::Scroll;
use super::search::Search;
use super::view::View;
use crate::model::{LayoutKey, Transcript, TurnTokens};
use crate::protocol::{ThreadSettings, ThreadTokenUsage};
use std::collections::{HashSet, VecDeque};
use std::time::Instant;

/// How the session was asked to start.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionConfig {
    pub settings: ThreadSettings,
    /// Resume this thread instead of starting a new one.
    pub resume_thread: Option<String>,
    /// Shown in the status line for the demo backend.
    pub backend_label: String,
    /// How long a new approval prompt ignores keys (see `approval::READ_GUARD`).
    pub approval_read_guard: Option<std::time::Duration>,
    /// Make the URLs on screen OSC 8 hyperlinks.
    pub hyperlinks: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConnState {
    Connecting,
    Ready,
    /// The server is unusable; carries what happened and what to do.
    Failed(String),
}

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

#[derive(Debug, Clone, PartialEq)]
pub struct ThreadInfo {
    pub id: String,
    pub model: String,
    pub cwd: String,
}

#[derive(Debug)]
pub struct AppState {
    pub config: SessionConfig,
    pub conn: ConnState,
    pub thread: Option<ThreadInfo>,
    pub turn: TurnPhase,
    pub transcript: Transcript,
    pub composer: Composer,
    /// Prompts sent while a turn runs (or before the thread is ready), sent in order afterwards.
    pub queued: VecDeque<String>,
    pub approvals: super::approval::ApprovalQueue,
    pub scroll: Scroll,
    pub usage: Option<ThreadTokenUsage>,
    /// Tokens used so far by the running turn, for its footer.
    pub turn_tokens: Option<(String, TurnTokens)>,
    /// Turns that ended: late notifications for them are dropped.
    pub finished_turns: HashSet<String>,
    pub quitting: bool,
    /// Command output and reasoning shown in full (Ctrl+O) rather than collapsed.
    pub expanded: bool,
    /// The transcript search bar, when open.
    pub search: Option<Search>,
    /// The last text copied with /copy, printed after exit.
    pub copied: Option<String>,
}

impl AppState {
    pub fn new(config: SessionConfig) -> Self {
        AppState {
            conn: ConnState::Connecting,
            thread: None,
            turn: TurnPhase::Idle,
            transcript: Transcript::default(),
            composer: Composer::new(),
            queued: VecDeque::new(),
            approvals: config
                .approval_read_guard
                .map(ApprovalQueue::with_read_guard)
                .unwrap_or_default(),
            scroll: Scroll::default(),
            usage: None,
            turn_tokens: None,
            finished_turns: HashSet::new(),
            quitting: false,
            expanded: false,
            search: None,
            copied: None,
            config,
        }
    }

    pub fn thread_id(&self) -> Option<&str> {
        self.thread.as_ref().map(|t| t.id.as_str())
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

    /// When the screen must be redrawn next without any event (the turn timer), if ever.
    pub fn next_animation(&self, now: Instant) -> Option<Instant> {
        match &self.turn {
            TurnPhase::Idle => None,
            TurnPhase::Starting { since }
            | TurnPhase::Running { since, .. }
            | TurnPhase::Interrupting { since, .. } => {
                let elapsed = now.saturating_duration_since(*since);
                let next_second = std::time::Duration::from_secs(elapsed.as_secs() + 1);
                Some(*since + next_second)
            }
        }
    }

    /// How cells are laid out now: at the transcript's last drawn width.
    pub fn layout_key(&self) -> LayoutKey {
        LayoutKey {
            width: self.scroll.viewport().0,
            expanded: self.expanded,
        }
    }

    pub fn view(&self) -> View<'_> {
        View::new(&self.transcript, self.layout_key())
    }

    /// Moves the view; `f` gets the scroll state and the layout to measure it by.
    pub fn scroll_with(&mut self, f: impl FnOnce(&mut Scroll, &View<'_>)) {
        let view = View::new(&self.transcript, self.layout_key());
        f(&mut self.scroll, &view);
    }

    pub fn approvals(&self) -> &ApprovalQueue {
        &self.approvals
    }
}
