//! The test facade: what integration tests read from and build into an [`AppState`].
//!
//! Integration tests (`tests/it/`) read and build state through these methods, not through
//! the session's fields or the layer stacks', so the fields can move without touching the
//! tests: a moved field changes one method here. Readers are named for what a test asks (the
//! draft, the transcript, the queue, the turn, the questions, the layers open), builders for
//! the state a test sets up. They add no behaviour: each reads or writes one thing the state
//! holds.

use super::layers::Layer;
use super::stacks::AppState;
use crate::controls::composer::{Composer, FileFinder};
use crate::controls::scroll::Scroll;
use crate::controls::view::View;
use crate::model::agents::{Agent, Agents};
use crate::model::Transcript;
use crate::protocol::InitializeResponse;
use crate::session::event::LayerEvent;
use crate::session::state::health::{Health, ServerDown};
use crate::session::state::mcp::McpState;
use crate::session::state::older_turns::OlderTurns;
use crate::session::state::outbox::{Message, PendingSteer};
use crate::session::state::questions::{QuestionQueue, QueuedQuestion};
use crate::session::state::skills::Skills;
use crate::session::state::TurnPhase;
use crate::session::state::{Lifecycle, SessionConfig, ThreadInfo, ThreadModel, Threads};
use ratatui::layout::Rect;
use std::collections::VecDeque;

impl AppState {
    // Readers.

    /// The composer's text, as typed (pasted blocks as their placeholders).
    pub fn draft(&self) -> String {
        self.session.composer.text()
    }

    /// The composer's text with pasted blocks expanded: what a send would carry.
    pub fn expanded_draft(&self) -> String {
        self.session.composer.expanded_text()
    }

    /// The images attached to the draft, by path.
    pub fn draft_images(&self) -> &[String] {
        &self.session.composer.images
    }

    /// Whether the composer holds nothing.
    pub fn draft_is_empty(&self) -> bool {
        self.session.composer.is_empty()
    }

    /// The shown thread's transcript.
    pub fn transcript(&self) -> &Transcript {
        &self.session.shown.transcript
    }

    /// Where the view of the shown transcript stands.
    pub fn scroll(&self) -> &Scroll {
        &self.session.shown.scroll
    }

    /// The shown thread's turn: idle, starting, running or interrupting.
    pub fn turn(&self) -> &TurnPhase {
        &self.session.shown.turn
    }

    /// Whether the shown thread has a turn under way.
    pub fn turn_active(&self) -> bool {
        self.session.turn_active()
    }

    /// The shown thread's id, once there is one.
    pub fn thread_id(&self) -> Option<&str> {
        self.session.thread_id()
    }

    /// Where the session stands: connecting, ready, failed, …
    pub fn lifecycle(&self) -> &Lifecycle {
        &self.session.lifecycle
    }

    /// The person's messages waiting for a new turn, in order.
    pub fn queued(&self) -> &VecDeque<Message> {
        &self.session.outbox.queued
    }

    /// The messages sent into the running turn and not yet seen in it.
    pub fn steering(&self) -> &[PendingSteer] {
        &self.session.outbox.steering
    }

    /// The model of thread `id` kept while another is shown.
    pub fn kept_thread(&self, id: &str) -> Option<&ThreadModel> {
        self.session.threads.get(id)
    }

    /// The terminal's size, as the last resize said.
    pub fn screen(&self) -> Rect {
        self.session.screen
    }

    /// The server's questions waiting for the person, the front one on screen.
    pub fn questions(&self) -> &QuestionQueue {
        &self.session.questions
    }

    /// The question on screen, if any.
    pub fn front_question(&self) -> Option<&QueuedQuestion> {
        self.session.questions.front()
    }

    /// Why the server is down, while it is.
    pub fn server_down(&self) -> Option<&ServerDown> {
        self.session.health.down.as_ref()
    }

    /// The sub-agent of thread `id`, when tern knows it.
    pub fn agent(&self, id: &str) -> Option<&Agent> {
        self.session.agents.get(id)
    }

    /// The list open over the composer (`/`'s commands, `@`'s files, `$`'s skills), if one is.
    pub fn composer_list(&self) -> Option<&Layer> {
        self.layers.composer.last()
    }

    /// The layers the person opened over the transcript, bottom first (the top is `last()`).
    pub fn person_layers(&self) -> &[Layer] {
        &self.layers.person
    }

    /// The layers opened from the front question (its prefix chooser, full view, help), bottom
    /// first: they close with the question.
    pub fn question_layers(&self) -> &[Layer] {
        &self.layers.question
    }

    /// The `@` file finder, when it is the list open over the composer.
    pub fn file_finder(&self) -> Option<&FileFinder> {
        match self.composer_list() {
            Some(Layer::Files(finder)) => Some(finder),
            _ => None,
        }
    }

    /// The composer itself, for what the draft's text does not say: its layout for a width,
    /// its vim state, its prompt history, its chips.
    pub fn composer(&self) -> &Composer {
        &self.session.composer
    }

    /// Whether a dropped link is being dialled again.
    pub fn reconnecting(&self) -> bool {
        self.session.reconnect.is_some()
    }

    /// The skills, as listed (and why not).
    pub fn skills(&self) -> &Skills {
        &self.session.skills
    }

    /// The MCP servers, their tools and their sign-ins.
    pub fn mcp(&self) -> &McpState {
        &self.session.mcp
    }

    /// What was last put on the clipboard.
    pub fn copied(&self) -> Option<&str> {
        self.session.copied.as_deref()
    }

    /// Whether command output and reasoning are shown in full (Ctrl+O).
    pub fn expanded(&self) -> bool {
        self.session.expanded
    }

    /// Whether tern is on its way out.
    pub fn quitting(&self) -> bool {
        self.session.quitting
    }

    /// Whether the terminal has the focus, as it last said.
    pub fn focused(&self) -> bool {
        self.session.focused
    }

    /// What the server said of itself at `initialize`.
    pub fn server_info(&self) -> Option<&InitializeResponse> {
        self.session.server.as_ref()
    }

    /// The server process's health: its pid, restarts, the probe out, why it is down.
    pub fn health(&self) -> &Health {
        &self.session.health
    }

    /// The shown thread, once there is one.
    pub fn shown_thread(&self) -> Option<&ThreadInfo> {
        self.session.shown.thread.as_ref()
    }

    /// The older turns of the shown thread still to load, when some are.
    pub fn older_turns(&self) -> Option<&OlderTurns> {
        self.session.shown.older_turns.as_ref()
    }

    /// What the session was started with (and what the person changed since).
    pub fn config(&self) -> &SessionConfig {
        &self.session.config
    }

    /// The threads kept while another is shown.
    pub fn kept_threads(&self) -> &Threads {
        &self.session.threads
    }

    /// The sub-agents tern knows.
    pub fn agents(&self) -> &Agents {
        &self.session.agents
    }

    /// The running turn's id, of the shown thread.
    pub fn active_turn_id(&self) -> Option<&str> {
        self.session.active_turn_id()
    }

    /// The reasoning effort the person chose for the next turns, if any.
    pub fn chosen_effort(&self) -> Option<&str> {
        self.session.turn_settings.chosen.effort.as_deref()
    }

    /// The directory a rewind may put files back in, when one is set.
    pub fn rewind_bound(&self) -> Option<&str> {
        self.session.rewind.bound.as_deref()
    }

    /// The shown transcript as laid out in `area`.
    pub fn view_in(&self, area: Rect) -> View<'_> {
        self.session.view_in(area)
    }

    // Builders.

    /// What the session runs with, to set up a case (a home, an export folder, a theme).
    pub fn config_mut(&mut self) -> &mut SessionConfig {
        &mut self.session.config
    }

    /// The composer, to set up what no key reaches quickly (vim on, in a given mode).
    pub fn composer_mut(&mut self) -> &mut Composer {
        &mut self.session.composer
    }

    /// The person's stack of layers, to set up one no key sequence reaches quickly (a layer
    /// under another, a picker's state changed in place).
    pub fn person_layers_mut(&mut self) -> &mut Vec<Layer> {
        &mut self.layers.person
    }

    /// Says the server binary is `path` (as the runtime found it).
    pub fn set_server_binary(&mut self, path: &str) {
        self.session.health.binary = Some(path.into());
    }

    /// Puts `news` for the layers, as the session posts it (the next event hands it on).
    pub fn post_news(&mut self, news: LayerEvent) {
        self.session.layer_events.push(news);
    }

    /// Sets the directory a rewind may put files back in (`None`: anywhere).
    pub fn set_rewind_bound(&mut self, bound: Option<&str>) {
        self.session.rewind.bound = bound.map(str::to_string);
    }

    /// Says the person already confirmed that `!` commands run unsandboxed.
    pub fn confirm_shell(&mut self) {
        self.session.beside.shell_confirmed = true;
    }

    /// Replaces the composer's text.
    pub fn set_draft(&mut self, text: &str) {
        self.session.composer.set_text(text);
    }

    /// Empties the composer.
    pub fn clear_draft(&mut self) {
        self.session.composer.clear();
    }

    /// The shown thread's transcript, to put cells in.
    pub fn transcript_mut(&mut self) -> &mut Transcript {
        &mut self.session.shown.transcript
    }

    /// The view of the shown transcript, to move it.
    pub fn scroll_mut(&mut self) -> &mut Scroll {
        &mut self.session.shown.scroll
    }

    /// Says the app-server runs as process `pid` (a child tern may signal).
    pub fn set_server_pid(&mut self, pid: u32) {
        self.session.health.pid = Some(pid);
    }
}
