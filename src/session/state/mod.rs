//! What the session knows: everything the app holds but the layer stacks (`stacks::AppState`
//! puts the two together). Layer handlers are given this, never the stacks, so they change the
//! stacks only by what they return. Data only: what changes it is the session's operations and
//! the layers' handlers.

pub(crate) mod account;
pub(crate) mod account_tools;
pub(crate) mod attention_clock;
pub(crate) mod beside;
pub(crate) mod board;
pub(crate) mod choice_gate;
pub(crate) mod feedback;
pub mod first_run;
pub mod guard;
pub mod health;
pub(crate) mod hooks;
pub(crate) mod hunk_review;
pub(crate) mod lifecycle;
pub mod mcp;
pub(crate) mod older_turns;
pub(crate) mod outbox;
pub(crate) mod plan_mode;
pub(crate) mod plugins;
pub(crate) mod questions;
pub(crate) mod recap;
pub(crate) mod reconnect;
pub(crate) mod review_tool;
pub(crate) mod rewind;
pub(crate) mod side;
pub(crate) mod skills;
pub(crate) mod thread_key;
pub mod threads;
pub(crate) mod titles;
pub(crate) mod turn_settings;
pub(crate) mod warnings;
pub(crate) mod window_status;
pub mod worktree;

use crate::controls::composer::Composer;
use crate::controls::scroll::Scroll;
use crate::controls::view::View;
use crate::model::LayoutKey;
use crate::protocol::{InitializeResponse, ThreadSettings};
use crate::render::Theme;
pub use lifecycle::{Lifecycle, Open};
use questions::QuestionQueue;
use ratatui::layout::Rect;
use std::time::Instant;
pub use threads::{ThreadInfo, ThreadModel, Threads, TurnPhase};

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
    /// The server reads another machine's files (`--remote` over ws, wss or ssh; not the local
    /// service's socket): an image attached here is copied to its disk before it is sent.
    pub files_elsewhere: bool,
    /// The local codex service (the shared server the official TUI starts), when its socket was
    /// found at startup and this window runs its own server: a thread it holds can be joined
    /// over it (the locked-thread box offers it).
    pub shared_service: Option<SharedService>,
    /// How long typing must pause before a question takes keys (see `questions::QUIET`).
    pub approval_read_guard: Option<std::time::Duration>,
    /// Make the URLs on screen OSC 8 hyperlinks.
    pub hyperlinks: bool,
    /// How images are previewed inline: the protocol the terminal answered a query for at
    /// startup; `None` (no answer) shows their path and size only.
    pub images: Option<crate::model::ImageProtocol>,
    /// The colours everything is drawn with: chosen at startup (the config file, `TERN_THEME`,
    /// the terminal's background) and with `/theme`.
    pub theme: Theme,
    /// tern's config file, where `/theme` saves its choice (`None`: nowhere to save).
    pub config_file: Option<std::path::PathBuf>,
    /// Where the person's theme files are (`themes/` beside the config file).
    pub themes_dir: Option<std::path::PathBuf>,
    /// `TERN_THEME` chose the theme at startup (a saved choice does not apply while it is set).
    pub theme_from_env: bool,
    /// Start the composer with vim keys.
    pub vim: bool,
    /// Typing that leaves vim's insert mode (`jj`); empty: none.
    pub vim_escape: String,
    /// `$HOME`, read once at startup, to shorten paths to `~/…`.
    pub home: Option<String>,
    /// Where codex keeps its state (`$CODEX_HOME`, else `~/.codex`), read once at startup; the
    /// `codexHome` the server names in `initialize` comes first.
    pub codex_home: Option<String>,
    /// Ring the bell when tern needs the person and they look elsewhere (`notify`).
    pub bell: bool,
    /// Send a desktop notification (OSC 9, or OSC 777 on VTE terminals) then.
    pub desktop_notification: bool,
    /// The window title's parts; `None`: tern leaves the terminal's title alone.
    pub title: Option<Vec<crate::config::TitleItem>>,
    /// The status line's parts (`status_line`, `/statusline`); `None`: all of them.
    pub status_line: Option<Vec<crate::config::StatusItem>>,
    /// Tell the terminal's window where the session stands (title, tab progress): on in a
    /// terminal, off in tests that drive the app without one.
    pub window_status: bool,
    /// `NO_COLOR`: draw without colours.
    pub no_color: bool,
    /// Where sent prompts are appended (`None`: nowhere), and what it held at startup (read by
    /// the runtime).
    pub history_file: Option<std::path::PathBuf>,
    pub prompt_history: Vec<String>,
    /// `tern "PROMPT"` (or `tern -`, or piped stdin): sent once the thread is ready.
    pub initial_prompt: Option<String>,
    /// `--image PATH` (repeatable): attached to the first prompt.
    pub initial_images: Vec<String>,
    /// What the runtime found for signing in and for `/doctor`.
    pub first_run: first_run::FirstRunSetup,
    /// The folder to ask codex's trust about before the first thread (`None`: nothing asked).
    pub folder_trust: Option<first_run::FolderTrust>,
    /// Name new threads after their first exchange (`thread_titles`; off in tests).
    pub thread_titles: bool,
    /// Show raw reasoning (`show_raw_reasoning`); `None`: as codex's own config says.
    pub show_raw_reasoning: Option<bool>,
    /// Where what each turn did to files is kept for rewinds (`None`: nowhere, and files
    /// cannot be put back).
    pub turn_store: Option<std::path::PathBuf>,
    /// Where `/export` alone proposes to write (`runtime::export_dir`): outside any work tree.
    pub export_dir: Option<std::path::PathBuf>,
    /// The keys the config file's `[keys]` moved (`controls::keys`), checked against the tables.
    pub keymap: crate::controls::keys::Keymap,
    /// Inline mode: finished cells go to the terminal's own scrollback and only a live area at
    /// the bottom is drawn (`--inline`, `screen = "inline"`, `/screen`).
    pub inline: bool,
    /// Full screen: print the conversation after leaving the alternate screen
    /// (`print_on_exit`).
    pub print_on_exit: bool,
    /// Register tern's client tools (`request_review`) on new threads (`client_tools`).
    pub client_tools: bool,
    /// Screen-reader mode (`--screen-reader`, `screen_reader = true`): inline, with cells
    /// spoken as linear text (`render::speech`), no box drawing, a static status.
    pub screen_reader: bool,
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
    pub(crate) fn unix_at(&self, now: Instant) -> i64 {
        let elapsed = now.saturating_duration_since(self.at).as_secs();
        self.unix_secs + i64::try_from(elapsed).unwrap_or(0)
    }
}

#[derive(Debug)]
pub struct Session {
    pub config: SessionConfig,
    /// Where the session stands: connecting, opening a thread, ready, restarting or failed.
    pub lifecycle: Lifecycle,
    /// The thread on screen: its model is the only one laid out, and where the person's
    /// messages go.
    pub shown: ThreadModel,
    /// Every other thread tern heard of (routed by `threadId`), bounded.
    pub threads: Threads,
    pub composer: Composer,
    /// The person's messages not yet in a turn: queued, or steering the running one.
    pub outbox: outbox::Outbox,
    /// Whether the terminal has the focus (focus-change events; assumed until told otherwise).
    pub focused: bool,
    /// The server's questions; the front one is shown, over everything the person opened.
    pub questions: QuestionQueue,
    /// The terminal's size, from the latest resize event.
    pub screen: Rect,
    /// What the server said about itself in `initialize` (`codexHome`, user agent).
    pub server: Option<InitializeResponse>,
    /// Which server this connection is (`thread_key`): stamped on the questions kept.
    pub(crate) server_id: thread_key::ServerId,
    pub quitting: bool,
    /// The server floods (more messages between two frames than anyone reads): the loop sets
    /// it before a frame, and the transcript then shows its code plain. Colours come with the
    /// next frame after the flood, so code that only flew by is never highlighted.
    pub(crate) hurried: bool,
    /// Command output and reasoning shown in full (Ctrl+O) rather than collapsed.
    pub expanded: bool,
    /// The last text put on the clipboard (`/copy`, `/copy pick`, a selected cell), named after exit.
    pub copied: Option<String>,
    /// What the next turn runs with, and what the person chose with `/model` and `/approvals`.
    pub turn_settings: turn_settings::TurnSettings,
    /// Whether the server answers, and where a restart stands.
    pub health: health::Health,
    /// A dropped link being dialled again by itself (remote servers only), until the thread is
    /// back.
    pub reconnect: Option<reconnect::Reconnect>,
    /// The turn being read back after a reconnect to a server that had stopped and was started
    /// again: it ended with the old server, and its end says so.
    pub turn_lost_in_restart: Option<String>,
    /// "Ctrl+C again to quit" shows until then (see `quit_ladder`).
    pub quit_armed_until: Option<Instant>,
    /// A layer's own moment (the picker's server search, once the typing pauses): the app
    /// wakes then and tells the layers (`LayerEvent::LayerTimer`, see `timers`).
    pub layer_timer: Option<Instant>,
    /// News for the layers on screen, posted by the session's handlers and handed out by the
    /// router after each event.
    pub layer_events: Vec<super::event::LayerEvent>,
    /// The sub-agents of the thread on screen.
    pub agents: crate::model::agents::Agents,
    /// The threads loaded on the server and their statuses (`/threads`).
    pub board: board::Board,
    /// `!` commands and the commands' start times (background terminals).
    pub beside: beside::Beside,
    /// Who is signed in, and a turn refused for want of it.
    pub account: account::AccountState,
    /// A broken codex config file, the version check.
    pub first_run: first_run::FirstRun,
    /// The MCP servers (`/mcp`).
    pub mcp: mcp::McpState,
    /// The skills (`/skills`, `$name`).
    pub skills: skills::Skills,
    /// The hooks and their trust (`/hooks`).
    pub(crate) hooks: hooks::Hooks,
    /// `/experimental`, `/memories`, `/apps`, `/plugins`.
    pub(crate) plugins: plugins::PluginsFamily,
    /// The side conversations (`/side`) and the one in the pane.
    pub(crate) side: side::SideConversations,
    /// Plan mode, proposed plans and reasoning.
    pub plan_mode: plan_mode::PlanMode,
    /// Thread names and the title being generated.
    pub titles: titles::Titles,
    /// Esc Esc and the rewind on its way.
    pub rewind: rewind::Rewind,
    /// The `/recap` being made, if one is.
    pub(crate) recap: Option<recap::RecapJob>,
    /// `/worktree`'s browse list.
    pub(crate) worktrees: worktree::WorktreeList,
    /// A file change reviewed hunk by hunk, and its reverts on their way.
    pub(crate) hunk_review: hunk_review::HunkReviewState,
    /// `/review` findings kept or dropped and commented, by the review's turn, while their
    /// list is closed and not yet sent (`session::review_findings`).
    pub(crate) finding_drafts:
        std::collections::HashMap<String, Vec<crate::model::review::findings::Finding>>,
    /// The agent's requests for a review (`request_review`), and the threads that have it.
    pub(crate) review_tool: review_tool::ReviewToolState,
    /// Focus reports, the turn's start and the last key, for calling the person back.
    pub attention: attention_clock::AttentionClock,
    /// The window title and progress last asked of the terminal (`session::window_title`).
    pub window: Option<window_status::WindowStatus>,
    /// The mouse's selection of the transcript (a drag, a double or triple click).
    pub(crate) pointer: crate::controls::pointer::PointerSelect,
    /// How many times a new thread was put on a clean screen (`/clear`, `/new`, …): inline
    /// mode writes a rule into the terminal's scrollback for each, never erasing it.
    pub(crate) clean_screens: u64,
    /// `/usage`, `/import`, `/rc` and `/daemon`: what each asked for and was told.
    pub(crate) account_tools: account_tools::AccountTools,
    /// The warnings kept for `/warnings`.
    pub(crate) warnings: warnings::Warnings,
    /// `/keymap`'s changes on their way to the config file: each one's keys in the file
    /// (`["keys", table, action]`) and the keys the person had given the action before
    /// (`None`: its own), put back if the save fails.
    pub(crate) keymap_saves: Vec<(Vec<String>, Option<Vec<crate::controls::keys::Chord>>)>,
    /// `/feedback`: the report being made.
    pub(crate) feedback: feedback::FeedbackState,
}

impl Session {
    pub fn new(mut config: SessionConfig) -> Self {
        let mut composer =
            Composer::with_prompt_history(std::mem::take(&mut config.prompt_history));
        if config.vim {
            composer.vim = Some(crate::controls::composer::vim::Vim::new(&config.vim_escape));
        }
        Session {
            lifecycle: Lifecycle::Connecting {
                then: Open::first(&config.resume),
                again: false,
            },
            shown: ThreadModel::lobby(),
            threads: Threads::default(),
            composer,
            outbox: Default::default(),
            focused: true,
            questions: config
                .approval_read_guard
                .map(QuestionQueue::with_quiet)
                .unwrap_or_default(),
            screen: Rect::new(0, 0, 80, 24),
            server: None,
            server_id: thread_key::ServerId::of_connection(config.connected_to.as_deref()),
            quitting: false,
            hurried: false,
            expanded: false,
            copied: None,
            turn_settings: Default::default(),
            health: Default::default(),
            quit_armed_until: None,
            layer_timer: None,
            layer_events: Vec::new(),
            agents: Default::default(),
            board: Default::default(),
            beside: Default::default(),
            account: Default::default(),
            first_run: Default::default(),
            mcp: Default::default(),
            skills: Default::default(),
            hooks: Default::default(),
            plugins: Default::default(),
            side: Default::default(),
            plan_mode: plan_mode::PlanMode {
                show_raw: config.show_raw_reasoning,
                ..Default::default()
            },
            titles: titles::Titles {
                enabled: config.thread_titles,
                ..Default::default()
            },
            recap: None,
            worktrees: Default::default(),
            rewind: rewind::Rewind {
                bound: config.settings.cwd.clone(),
                ..Default::default()
            },
            attention: Default::default(),
            hunk_review: Default::default(),
            finding_drafts: Default::default(),
            review_tool: Default::default(),
            window: None,
            pointer: Default::default(),
            clean_screens: 0,
            account_tools: Default::default(),
            warnings: Default::default(),
            keymap_saves: Vec::new(),
            feedback: Default::default(),
            reconnect: None,
            turn_lost_in_restart: None,
            config,
        }
    }

    /// The id of the thread on screen.
    pub fn thread_id(&self) -> Option<&str> {
        self.shown.id.as_deref()
    }

    pub fn turn_active(&self) -> bool {
        self.shown.turn_active()
    }

    pub fn active_turn_id(&self) -> Option<&str> {
        self.shown.active_turn_id()
    }

    /// The model of thread `id`, shown or kept.
    pub(crate) fn model(&self, id: &str) -> Option<&ThreadModel> {
        if self.thread_id() == Some(id) {
            return Some(&self.shown);
        }
        self.threads.get(id)
    }

    /// The model of thread `id`, shown or kept, to change.
    pub(crate) fn model_mut(&mut self, id: &str) -> Option<&mut ThreadModel> {
        if self.thread_id() == Some(id) {
            return Some(&mut self.shown);
        }
        self.threads.get_mut(id)
    }

    /// When the screen must be redrawn next without any event (the turn timer), if ever.
    pub fn next_animation(&self, now: Instant) -> Option<Instant> {
        // Screen-reader mode shows no running times: nothing changes by itself.
        if self.config.screen_reader {
            return None;
        }
        match &self.shown.turn {
            // Agents at work after the turn ended still show their running times.
            TurnPhase::Idle if self.agents.live() > 0 => {
                Some(now + std::time::Duration::from_secs(1))
            }
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

    /// How cells are laid out in a transcript area `width` columns wide.
    /// The shown thread's folder, else the one tern was started in (what a listing of skills
    /// or hooks is asked for).
    pub(crate) fn work_folder(&self) -> Option<String> {
        self.shown
            .thread
            .as_ref()
            .map(|t| t.cwd.clone())
            .or_else(|| self.config.settings.cwd.clone())
            .filter(|cwd| !cwd.is_empty())
    }

    pub(crate) fn layout_key(&self, width: u16) -> LayoutKey {
        LayoutKey {
            width,
            expanded: self.expanded,
            theme: self.config.theme,
            images: self.config.images,
        }
    }

    /// The transcript as laid out in `area`.
    pub fn view_in(&self, area: Rect) -> View<'_> {
        let mut view = View::new(
            &self.shown.transcript,
            self.layout_key(area.width),
            area.height,
        );
        view.colour_code = !self.hurried;
        view
    }

    /// Moves the view of the transcript shown in `area`; `f` gets the scroll state and the
    /// layout to measure it by.
    pub(crate) fn scroll_with(&mut self, area: Rect, f: impl FnOnce(&mut Scroll, &View<'_>)) {
        let key = self.layout_key(area.width);
        let shown = &mut self.shown;
        let view = View::new(&shown.transcript, key, area.height);
        f(&mut shown.scroll, &view);
    }

    /// What prompts are laid out with: the thread's cwd and the code colours.
    pub(crate) fn question_look(&self) -> crate::render::question::QuestionLook<'_> {
        crate::render::question::QuestionLook {
            cwd: self.shown.transcript.session_cwd(),
            theme: self.config.theme,
            thread_id: self.thread_id(),
            agents: &self.agents,
            names: &self.titles.others,
            spoken: self.config.screen_reader,
        }
    }
}

/// The local codex service's socket, and how the status line names a link to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedService {
    pub socket: String,
    pub label: String,
}
