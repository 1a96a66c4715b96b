//! The server's questions waiting for the person, as data: a queue whose front is shown, each
//! with when it takes keys and where its answer stands, and the questions parked for later
//! (the inbox: `l` / Ctrl+T on a question, or asked by a thread not on screen). Keys reach the
//! front through the type-ahead gate (`guard`); what a key does to it is the question's view
//! (`layers::question`). A parked question answers nothing: its turn keeps waiting on the
//! server until the person brings it back ([`QuestionQueue::bring`]) and answers it there.

use super::guard::{self, Activation, Gate, Held, QUIET};
use super::thread_key::{ServerId, ThreadKey};
use crate::model::question_form::FormState;
use crate::model::{Question, QuestionSubject};
use crate::protocol::RequestId;
use crossterm::event::KeyEvent;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct QueuedQuestion {
    pub question: Question,
    /// When it takes keys (set when it reaches the front, i.e. is shown).
    pub activation: Option<Activation>,
    /// The option picked by its key, waiting for Enter or the same key again.
    pub selected: Option<usize>,
    /// Rows of the body scrolled past.
    pub offset: usize,
    /// Where a form is: the question, the answers so far.
    pub form: Option<FormState>,
    /// Asked on a connection that was lost: its id is no longer the server's, so it cannot be
    /// answered until the server asks it again after the reconnect (see
    /// [`QuestionQueue::rebind`]).
    pub stale: bool,
    /// When the server asked it (the inbox orders by it and shows its age).
    pub asked_at: Instant,
    /// The server that asked it: its id and its thread's id are that server's (`thread_key`).
    pub(crate) server: ServerId,
}

impl QueuedQuestion {
    /// Its thread, known by server and id.
    pub(crate) fn key(&self) -> ThreadKey {
        ThreadKey::new(&self.server, self.question.thread_id())
    }

    /// Whether it belongs to thread `key` (without building its own key).
    pub(crate) fn of(&self, key: &ThreadKey) -> bool {
        key.is(&self.server, self.question.thread_id())
    }

    /// Whether it is request `id` of server `server` (request ids are per connection).
    pub(crate) fn is(&self, server: &ServerId, id: &RequestId) -> bool {
        &self.server == server && &self.question.id == id
    }

    /// Whether keys type into a form's answer field.
    pub(crate) fn typing_text(&self) -> bool {
        match (&self.question.subject, &self.form) {
            (QuestionSubject::Form(spec), Some(form)) => form.typing(spec),
            _ => false,
        }
    }
}

#[derive(Debug)]
pub struct QuestionQueue {
    queue: VecDeque<QueuedQuestion>,
    /// Waiting, but not on screen: parked by the person, or asked by a thread not shown.
    parked: Vec<QueuedQuestion>,
    quiet: Duration,
    held: Option<Held>,
    /// When the last key that types or decides arrived while a question was up (arrows and the
    /// like cannot come from a paste, so a quick ← then Enter is still a decision).
    last_key: Option<Instant>,
}

impl Default for QuestionQueue {
    fn default() -> Self {
        Self::with_quiet(QUIET)
    }
}

impl QuestionQueue {
    /// `quiet` is how long typing must pause before a question takes keys ([`QUIET`]).
    pub(crate) fn with_quiet(quiet: Duration) -> Self {
        QuestionQueue {
            queue: VecDeque::new(),
            parked: Vec::new(),
            quiet,
            held: None,
            last_key: None,
        }
    }

    fn queued(server: &ServerId, question: Question, now: Instant) -> QueuedQuestion {
        let form = match &question.subject {
            QuestionSubject::Form(spec) => Some(FormState::new(spec)),
            _ => None,
        };
        QueuedQuestion {
            question,
            activation: None,
            selected: None,
            offset: 0,
            form,
            stale: false,
            asked_at: now,
            server: server.clone(),
        }
    }

    pub(crate) fn push(&mut self, server: &ServerId, question: Question, now: Instant) {
        let mut queued = Self::queued(server, question, now);
        if self.queue.is_empty() {
            queued.activation = Some(Activation::new(now, self.quiet));
        }
        self.queue.push_back(queued);
    }

    /// The server asked `question`: if it is one already queued, asked again after a reconnect
    /// with a new id (the same thread and item), the queued one takes the new id and stays
    /// where it is, with the person's selection, scroll and form answers; else it is queued.
    pub(crate) fn ask(&mut self, server: &ServerId, question: Question, now: Instant) {
        if let Some(question) = self.rekey(server, question) {
            self.push(server, question, now);
        }
    }

    /// Like [`QuestionQueue::ask`], for a question of a thread not on screen: it waits in the
    /// inbox and never takes the screen (nor the keys the person is typing).
    pub(crate) fn ask_aside(&mut self, server: &ServerId, question: Question, now: Instant) {
        if let Some(question) = self.rekey(server, question) {
            self.parked.push(Self::queued(server, question, now));
        }
    }

    /// A question asked again after a reconnect takes its new id where it waits (on screen or
    /// parked); else it is handed back, new.
    fn rekey(&mut self, server: &ServerId, question: Question) -> Option<Question> {
        let same = |queued: &QueuedQuestion| {
            queued.stale
                && queued.key().is(server, question.thread_id())
                && question.item_key().is_some()
                && queued.question.item_key() == question.item_key()
        };
        match self
            .queue
            .iter_mut()
            .chain(self.parked.iter_mut())
            .find(|q| same(q))
        {
            Some(queued) => {
                queued.question.id = question.id;
                queued.stale = false;
                None
            }
            None => Some(question),
        }
    }

    /// The connection to `server` was lost: every question it asked has an id of the old
    /// connection's (another server's questions keep theirs).
    pub(crate) fn mark_stale(&mut self, server: &ServerId) {
        for queued in self.queue.iter_mut().chain(self.parked.iter_mut()) {
            queued.stale |= &queued.server == server;
        }
    }

    /// `l` / Ctrl+T: the front question leaves the screen and waits in the inbox; the next one
    /// queued is shown from `now`. Nothing is answered. Whether one was parked.
    pub(crate) fn park_front(&mut self, now: Instant) -> bool {
        let Some(mut front) = self.queue.pop_front() else {
            return false;
        };
        front.activation = None;
        front.selected = None;
        self.parked.push(front);
        self.held = None;
        if let Some(next) = self.queue.front_mut() {
            next.activation = Some(Activation::new(now, self.quiet));
        }
        true
    }

    /// Brings the waiting question `id` of `server` (parked, or queued behind the front) to the front of
    /// the screen. It takes keys after the usual pause from `now`; `read` says the person has
    /// already paused over it (the inbox's own type-ahead gate let a key through), so it takes
    /// keys at once. The question it covers waits behind it. Whether it was found.
    pub(crate) fn bring(
        &mut self,
        server: &ServerId,
        id: &RequestId,
        now: Instant,
        read: bool,
    ) -> bool {
        let found = match self.parked.iter().position(|q| q.is(server, id)) {
            Some(at) => Some(self.parked.remove(at)),
            None => match self.queue.iter().position(|q| q.is(server, id)) {
                Some(0) => None,
                Some(at) => self.queue.remove(at),
                None => return false,
            },
        };
        let Some(mut queued) = found else {
            // Already in front.
            return true;
        };
        if let Some(old) = self.queue.front_mut() {
            old.activation = None;
            old.selected = None;
        }
        self.held = None;
        let quiet = if read { Duration::ZERO } else { self.quiet };
        queued.activation = Some(Activation::new(now, quiet));
        self.queue.push_front(queued);
        true
    }

    /// The questions waiting off screen, oldest first.
    pub fn parked(&self) -> impl Iterator<Item = &QueuedQuestion> {
        self.parked.iter()
    }

    /// Every question waiting for the person, on screen or parked, oldest first.
    pub fn waiting(&self) -> Vec<&QueuedQuestion> {
        let mut all: Vec<&QueuedQuestion> = self.queue.iter().chain(&self.parked).collect();
        all.sort_by_key(|q| q.asked_at);
        all
    }

    /// How many questions wait, on screen or parked.
    pub fn waiting_count(&self) -> usize {
        self.queue.len() + self.parked.len()
    }

    /// Drops the questions of thread `thread` that its server did not ask again (it settled
    /// them while the link was down); returns them.
    pub(crate) fn drop_stale(&mut self, thread: &ThreadKey, now: Instant) -> Vec<Question> {
        let goes = |q: &QueuedQuestion| q.stale && q.of(thread);
        let front_goes = self.front().is_some_and(goes);
        let mut dropped = Vec::new();
        let mut kept = VecDeque::with_capacity(self.queue.len());
        for queued in self.queue.drain(..) {
            if goes(&queued) {
                dropped.push(queued.question);
            } else {
                kept.push_back(queued);
            }
        }
        self.queue = kept;
        self.parked.retain(|queued| {
            let gone = goes(queued);
            if gone {
                dropped.push(queued.question.clone());
            }
            !gone
        });
        if front_goes {
            self.held = None;
            if let Some(next) = self.queue.front_mut() {
                next.activation = Some(Activation::new(now, self.quiet));
            }
        }
        dropped
    }

    pub fn front(&self) -> Option<&QueuedQuestion> {
        self.queue.front()
    }

    pub(crate) fn front_mut(&mut self) -> Option<&mut QueuedQuestion> {
        self.queue.front_mut()
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &QueuedQuestion> {
        self.queue.iter()
    }

    /// Takes the front question off; the next one is shown from `now` and must be read first.
    pub(crate) fn pop(&mut self, now: Instant) -> Option<Question> {
        let done = self.queue.pop_front();
        self.held = None;
        if let Some(next) = self.queue.front_mut() {
            next.activation = Some(Activation::new(now, self.quiet));
        }
        done.map(|q| q.question)
    }

    /// Drops a request `server` settled elsewhere. Returns it when it was waiting, on screen
    /// or parked. A question of a lost connection is never matched: its id may be a new one's
    /// on this connection (nor one of another server's: ids are per connection).
    pub(crate) fn remove(
        &mut self,
        server: &ServerId,
        id: &RequestId,
        now: Instant,
    ) -> Option<Question> {
        let live = |q: &QueuedQuestion| !q.stale && q.is(server, id);
        if let Some(at) = self.parked.iter().position(live) {
            return Some(self.parked.remove(at).question);
        }
        match self.queue.iter().position(live) {
            Some(0) => self.pop(now),
            Some(i) => self.queue.remove(i).map(|q| q.question),
            None => None,
        }
    }

    /// Every waiting question, on screen and parked (the server is gone, or tern quits).
    pub(crate) fn clear(&mut self) -> Vec<Question> {
        self.held = None;
        let mut all: Vec<QueuedQuestion> =
            self.queue.drain(..).chain(self.parked.drain(..)).collect();
        all.sort_by_key(|q| q.asked_at);
        all.into_iter().map(|q| q.question).collect()
    }

    /// The questions on screen (Ctrl+C refuses those); the parked ones keep waiting.
    pub(crate) fn clear_shown(&mut self) -> Vec<Question> {
        self.held = None;
        self.queue.drain(..).map(|q| q.question).collect()
    }

    /// Whether the front question takes keys now.
    pub(crate) fn is_live(&self, now: Instant) -> bool {
        self.front()
            .and_then(|q| q.activation.as_ref())
            .is_some_and(|a| a.live(now))
    }

    /// The person typed: the front question waits for a new pause.
    pub(crate) fn typed(&mut self, now: Instant) {
        if let Some(a) = self.queue.front_mut().and_then(|q| q.activation.as_mut()) {
            a.typed(now);
        }
    }

    /// What a key arriving now is: typing, held, swallowed, or for the question.
    pub(crate) fn gate(&mut self, key: KeyEvent, now: Instant) -> Gate {
        let previous = if guard::is_deciding(&key) || guard::is_repeat(&key) {
            self.last_key.replace(now)
        } else {
            self.last_key
        };
        if let Some(held) = self.held.take() {
            // Two keys this close together were typed, not decided.
            self.typed(now);
            return Gate::Typing(vec![held.key, key]);
        }
        if guard::is_repeat(&key) {
            self.typed(now);
            return Gate::Typing(vec![key]);
        }
        let deciding = guard::is_deciding(&key);
        if !self.is_live(now) {
            self.typed(now);
            if key.code == crossterm::event::KeyCode::Esc {
                return Gate::Swallow;
            }
            return Gate::Typing(vec![key]);
        }
        // Letters typed into a form's answer are text, not decisions.
        let text_in_form = matches!(key.code, crossterm::event::KeyCode::Char(_))
            && self.front().is_some_and(QueuedQuestion::typing_text);
        if deciding && !text_in_form {
            // Right behind another key: part of the same burst, not a decision.
            if previous.is_some_and(|p| now.saturating_duration_since(p) < guard::HOLD) {
                self.typed(now);
                return Gate::Typing(vec![key]);
            }
            self.held = Some(Held { key, at: now });
            return Gate::Hold;
        }
        Gate::Pass
    }

    /// A paste arrived: a key held just before it was part of the same typing.
    pub(crate) fn pasted(&mut self, now: Instant) -> Option<KeyEvent> {
        self.typed(now);
        self.held.take().map(|h| h.key)
    }

    /// A held key whose moment has passed with no other key: it was meant.
    pub(crate) fn take_due(&mut self, now: Instant) -> Option<KeyEvent> {
        match self.held {
            Some(held) if now >= held.due() => self.held.take().map(|h| h.key),
            _ => None,
        }
    }

    /// When something about the questions changes by itself: a held key decides, or the front
    /// question becomes live (its look changes).
    pub(crate) fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let live_at = self
            .front()
            .and_then(|q| q.activation.as_ref())
            .map(Activation::live_at)
            .filter(|at| *at > now);
        let held = self.held.map(|h| h.due());
        match (live_at, held) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}
