//! The test facade: what integration tests read from and build into an [`AppState`].
//!
//! Integration tests (`tests/it/`) read and build state through these methods, not through
//! the session's fields, so the fields can move without touching the tests: a moved field
//! changes one method here. Readers are named for what a test asks (the draft, the
//! transcript, the queue, the turn, the questions), builders for the state a test sets up.
//! They add no behaviour: each reads or writes one thing the session holds.

use super::layers::Layer;
use super::stacks::AppState;
use crate::controls::composer::FileFinder;
use crate::controls::scroll::Scroll;
use crate::model::agents::Agent;
use crate::model::Transcript;
use crate::session::state::health::ServerDown;
use crate::session::state::outbox::{Message, PendingSteer};
use crate::session::state::questions::{QuestionQueue, QueuedQuestion};
use crate::session::state::{Lifecycle, ThreadModel, TurnPhase};
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

    /// The `@` file finder, when it is the list open over the composer.
    pub fn file_finder(&self) -> Option<&FileFinder> {
        match self.composer_list() {
            Some(Layer::Files(finder)) => Some(finder),
            _ => None,
        }
    }

    // Builders.

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
