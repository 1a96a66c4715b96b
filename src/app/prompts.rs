//! Server prompts: a queue whose front is the topmost layer, answered by one keypress once the
//! person could have read it.

use super::effect::Effect;
use super::layers::{Help, Hint, Input, Layer, Outcome};
use super::state::AppState;
use crate::model::{NoticeLevel, Prompt, PromptSubject};
use crate::protocol::{Decision, RequestId};
use crossterm::event::{KeyCode, KeyModifiers};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Keys that arrive sooner than this after a prompt appears were typed before the person could
/// read it (a fast typist mid-word, a paste): they never answer it.
pub const READ_GUARD: Duration = Duration::from_millis(300);

#[derive(Debug)]
pub struct QueuedPrompt {
    pub prompt: Prompt,
    /// When it became the front of the queue, i.e. visible.
    pub shown_at: Option<Instant>,
    /// Layers opened from this prompt (help): above it, and gone with it.
    pub layers: Vec<Layer>,
}

#[derive(Debug)]
pub struct PromptQueue {
    queue: VecDeque<QueuedPrompt>,
    read_guard: Duration,
}

impl Default for PromptQueue {
    fn default() -> Self {
        Self::with_read_guard(READ_GUARD)
    }
}

impl PromptQueue {
    pub fn with_read_guard(read_guard: Duration) -> Self {
        PromptQueue {
            queue: VecDeque::new(),
            read_guard,
        }
    }

    pub fn push(&mut self, prompt: Prompt, now: Instant) {
        let shown_at = self.queue.is_empty().then_some(now);
        self.queue.push_back(QueuedPrompt {
            prompt,
            shown_at,
            layers: Vec::new(),
        });
    }

    pub fn front(&self) -> Option<&QueuedPrompt> {
        self.queue.front()
    }

    pub fn front_mut(&mut self) -> Option<&mut QueuedPrompt> {
        self.queue.front_mut()
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    fn pop(&mut self, now: Instant) -> Option<Prompt> {
        let done = self.queue.pop_front();
        if let Some(next) = self.queue.front_mut() {
            next.shown_at = Some(now);
        }
        done.map(|q| q.prompt)
    }

    /// Drops a request the server settled elsewhere. Returns whether it was queued.
    pub fn remove(&mut self, id: &RequestId, now: Instant) -> bool {
        match self.queue.iter().position(|q| &q.prompt.id == id) {
            Some(0) => self.pop(now).is_some(),
            Some(i) => self.queue.remove(i).is_some(),
            None => false,
        }
    }

    pub fn clear(&mut self) -> Vec<Prompt> {
        self.queue.drain(..).map(|q| q.prompt).collect()
    }

    /// Whether the front prompt has been on screen long enough to be answered.
    fn readable(&self, now: Instant) -> bool {
        self.queue.front().is_some_and(|q| {
            q.shown_at
                .is_some_and(|t| now.saturating_duration_since(t) >= self.read_guard)
        })
    }
}

/// The front prompt's answer to an event. Paging, the wheel, Ctrl+O and pastes go on to the
/// layers below (reading back before deciding is fine; a paste never answers a prompt). Every
/// other key stops here, answered or not, so a stray key never reaches the hidden composer.
pub fn handle(state: &mut AppState, input: &Input<'_>, now: Instant) -> Outcome {
    let key = match input {
        Input::Key(key) => key,
        Input::Paste(_) | Input::Mouse(_) => return Outcome::Ignored,
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::PageUp | KeyCode::PageDown => return Outcome::Ignored,
        KeyCode::Char('o') if ctrl => return Outcome::Ignored,
        KeyCode::Char('?') => return Outcome::Open(Layer::Help(Help::of_screen(state)), vec![]),
        _ => {}
    }
    if !state.prompts.readable(now) {
        return Outcome::Consumed(vec![]);
    }
    let Some(front) = state.prompts.front() else {
        return Outcome::Ignored;
    };
    let chosen = match key.code {
        KeyCode::Esc => front.prompt.escape_option(),
        KeyCode::Char(c) => front
            .prompt
            .options
            .iter()
            .find(|o| o.key == c.to_ascii_lowercase()),
        _ => None,
    };
    let Some(decision) = chosen.map(|o| o.decision.clone()) else {
        return Outcome::Consumed(vec![]);
    };
    let Some(answered) = state.prompts.pop(now) else {
        return Outcome::Ignored;
    };
    Outcome::Consumed(answer(state, answered, decision))
}

/// Records the decision in the transcript and sends it.
fn answer(state: &mut AppState, answered: Prompt, decision: Decision) -> Vec<Effect> {
    let what = match &answered.subject {
        PromptSubject::Command(p) => format!(
            "`{}`",
            crate::render::cells::display_command(p.command.as_deref().unwrap_or_default())
        ),
        PromptSubject::FileChange { changes, .. } => {
            format!("changes to {} file(s)", changes.len())
        }
    };
    let verdict = match &decision {
        Decision::Accept => format!("Approved {what}"),
        Decision::AcceptForSession => format!("Approved {what} for this session"),
        Decision::AcceptWithExecpolicyAmendment(prefix) => format!(
            "Approved {what}, and always allowed commands starting with `{}`",
            prefix.join(" ")
        ),
        Decision::Decline => format!("Declined {what}"),
        Decision::Cancel => format!("Declined {what} and stopped the turn"),
        Decision::Other(v) => format!("Answered {what} with {v}"),
    };
    let level = if decision.is_accept() {
        NoticeLevel::Info
    } else {
        NoticeLevel::Warning
    };
    state.transcript.notice(level, verdict);
    vec![Effect::Respond {
        id: answered.id,
        result: decision.response(),
    }]
}

/// The front prompt's keys, as the options it offers and what Esc really does.
pub fn hints(prompt: &Prompt) -> Vec<Hint> {
    let keys: Vec<String> = prompt.options.iter().map(|o| o.key.to_string()).collect();
    let mut hints = vec![Hint::new(keys.join("/"), "answer")];
    if let Some(esc) = prompt.escape_option() {
        let action = match esc.decision {
            Decision::Cancel => "stop the turn",
            _ => "decline",
        };
        hints.push(Hint::new("Esc", action));
    }
    hints.push(Hint::new("PgUp/PgDn", "read back"));
    hints.push(Hint::new("?", "keys"));
    hints
}
