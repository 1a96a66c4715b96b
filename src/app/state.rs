//! Everything the app knows, in one place.

use super::composer::Composer;
use super::geometry::{areas, Areas};
use super::layers::Layer;
use super::questions::QuestionQueue;
use super::scroll::Scroll;
use super::view::View;
use crate::model::{LayoutKey, Transcript, TurnTokens};
use crate::protocol::{InitializeResponse, ThreadSettings, ThreadTokenUsage};
use crate::render::Theme;
use ratatui::layout::Rect;
use std::collections::{HashSet, VecDeque};
use std::time::Instant;

/// How the session was asked to start.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionConfig {
    pub settings: ThreadSettings,
    /// Which thread the session opens with.
    pub resume: Resume,
    /// The wall clock at one instant, read once at startup, so relative times ("3 min ago")
    /// can be told without the app reading a clock.
    pub wall_clock: Option<WallClock>,
    /// Shown in the status line for the demo backend.
    pub backend_label: String,
    /// Where tern is connected when the server is elsewhere (`--remote`: `ssh me@box`,
    /// `wss://…`, `unix:…`), for the status line and the welcome. `None`: a local child.
    pub connected_to: Option<String>,
    /// How long typing must pause before a prompt takes keys (see `questions::QUIET`).
    pub approval_read_guard: Option<std::time::Duration>,
    /// Make the URLs on screen OSC 8 hyperlinks.
    pub hyperlinks: bool,
    /// Colours for code, chosen once at startup from the environment.
    pub theme: Theme,
    /// `$HOME`, read once at startup, to shorten paths to `~/…`.
    pub home: Option<String>,
    /// Where codex keeps its state (`$CODEX_HOME`, else `~/.codex`), read once at startup; the
    /// `codexHome` the server names in `initialize` comes first.
    pub codex_home: Option<String>,
    /// Ring the bell when a question waits or a turn ends while the terminal is unfocused.
    pub bell: bool,
    /// Send a desktop notification (OSC 9) then.
    pub desktop_notification: bool,
    /// `NO_COLOR`: draw without colours.
    pub no_color: bool,
    /// Where sent prompts are appended (`None`: nowhere), and what it held at startup (read by
    /// the runtime).
    pub history_file: Option<std::path::PathBuf>,
    pub prompt_history: Vec<String>,
}

/// Which thread a session opens with.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Resume {
    /// A new thread.
    #[default]
    New,
    /// `tern resume <ID>`.
    Thread(String),
    /// `tern resume --last`: the newest thread of this directory.
    Last,
    /// `tern resume`: the picker.
    Pick,
}

/// Unix time `unix_secs` was the time at `at`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallClock {
    pub unix_secs: i64,
    pub at: Instant,
}

impl WallClock {
    /// The unix time at `now`.
    pub fn unix_at(&self, now: Instant) -> i64 {
        let elapsed = now.saturating_duration_since(self.at).as_secs();
        self.unix_secs + i64::try_from(elapsed).unwrap_or(0)
    }
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
    /// Messages sent into the running turn (`turn/steer`) and not yet seen in it.
    pub steering: Vec<super::steer::PendingSteer>,
    /// File searches sent by the @-mention finder so far: each answer carries its number, and
    /// only the latest is shown.
    pub file_searches: u64,
    /// Whether the terminal has the focus (focus-change events; assumed until told otherwise).
    pub focused: bool,
    /// Server prompts; the front one is the topmost layer.
    pub questions: QuestionQueue,
    /// Layers the person opened over the transcript, bottom first (see `layers`).
    pub layers: Vec<Layer>,
    /// The terminal's size, from the latest resize event.
    pub screen: Rect,
    /// What the server said about itself in `initialize` (`codexHome`, user agent).
    pub server: Option<InitializeResponse>,
    pub scroll: Scroll,
    pub usage: Option<ThreadTokenUsage>,
    /// Tokens used so far by the running turn, for its footer.
    pub turn_tokens: Option<(String, TurnTokens)>,
    /// Turns that ended: late notifications for them are dropped.
    pub finished_turns: HashSet<String>,
    pub quitting: bool,
    /// Command output and reasoning shown in full (Ctrl+O) rather than collapsed.
    pub expanded: bool,
    /// The last text copied with /copy, printed after exit.
    pub copied: Option<String>,
    /// The older turns of a resumed thread still to page in as the person scrolls up.
    pub older_turns: Option<super::threads::OlderTurns>,
    /// What the next turn runs with, and what the person chose with `/model` and `/approvals`.
    pub turn_settings: super::turn_settings::TurnSettings,
    /// Whether the server answers, and where a restart stands.
    pub health: super::health::Health,
    /// "Ctrl+C again to quit" shows until then (see `quit_ladder`).
    pub quit_armed_until: Option<Instant>,
}

impl AppState {
    pub fn new(mut config: SessionConfig) -> Self {
        AppState {
            conn: ConnState::Connecting,
            thread: None,
            turn: TurnPhase::Idle,
            transcript: Transcript::default(),
            composer: Composer::with_prompt_history(std::mem::take(&mut config.prompt_history)),
            queued: VecDeque::new(),
            steering: Vec::new(),
            file_searches: 0,
            focused: true,
            questions: config
                .approval_read_guard
                .map(QuestionQueue::with_quiet)
                .unwrap_or_default(),
            layers: Vec::new(),
            screen: Rect::new(0, 0, 80, 24),
            server: None,
            scroll: Scroll::default(),
            usage: None,
            turn_tokens: None,
            finished_turns: HashSet::new(),
            quitting: false,
            expanded: false,
            copied: None,
            older_turns: None,
            turn_settings: Default::default(),
            health: Default::default(),
            quit_armed_until: None,
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

    /// When the app must be told that time passed (`AppEvent::Tick`), if ever: a key held at a
    /// prompt decides, or a prompt becomes live, or the server is late (`health`).
    pub fn next_tick(&self, now: Instant) -> Option<Instant> {
        let health = super::health::next_deadline(self);
        let quit = self.quit_armed_until.filter(|until| *until > now);
        [self.questions.next_deadline(now), health, quit]
            .into_iter()
            .flatten()
            .min()
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

    /// Where everything goes on the current screen.
    pub fn areas(&self) -> Areas {
        areas(self.screen, self)
    }

    /// How cells are laid out in a transcript area `width` columns wide.
    pub fn layout_key(&self, width: u16) -> LayoutKey {
        LayoutKey {
            width,
            expanded: self.expanded,
            theme: self.config.theme,
        }
    }

    /// The transcript as laid out in `area`.
    pub fn view_in(&self, area: Rect) -> View<'_> {
        View::new(&self.transcript, self.layout_key(area.width), area.height)
    }

    /// The transcript as laid out on the current screen.
    pub fn view(&self) -> View<'_> {
        self.view_in(self.areas().transcript)
    }

    /// Moves the view; `f` gets the scroll state and the layout to measure it by.
    pub fn scroll_with(&mut self, f: impl FnOnce(&mut Scroll, &View<'_>)) {
        let area = self.areas().transcript;
        let view = View::new(&self.transcript, self.layout_key(area.width), area.height);
        f(&mut self.scroll, &view);
    }

    /// What prompts are laid out with: the thread's cwd and the code colours.
    pub fn question_look(&self) -> crate::render::question::QuestionLook<'_> {
        crate::render::question::QuestionLook {
            cwd: self.transcript.session_cwd(),
            theme: self.config.theme,
            thread_id: self.thread_id(),
        }
    }

    /// The open search, wherever it sits in the stack.
    pub fn search(&self) -> Option<&super::layers::Search> {
        self.layers.iter().rev().find_map(|layer| match layer {
            Layer::Search(search) => Some(search),
            _ => None,
        })
    }
}
