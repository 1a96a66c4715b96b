//! Messages waiting for a new turn, listed above the composer. ↑ from the composer's first
//! line selects them; Enter (or `e`) takes the selected one back into the composer to edit
//! (Tab queues it again, Enter steers), Delete, Backspace or `x` drops it, ↓ past the last one
//! or Esc goes back to the composer.

use super::{Ctx, Layer, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

#[derive(Debug, Default)]
pub struct QueueFocus {
    /// Index into the outbox's queued messages.
    pub selected: usize,
}

/// Keys the composer gives up while a turn runs or messages wait: Tab queues the draft, ↑ on
/// the first line moves into the queued messages. Kept apart from the composer's own ↑
/// (history), which applies when there is nothing queued.
pub fn on_composer_key(state: &mut Session, key: KeyEvent, now: Instant) -> Option<Outcome> {
    if !key.modifiers.is_empty() {
        return None;
    }
    match key.code {
        KeyCode::Tab if state.turn_active() && !state.composer.is_empty() => {
            Some(crate::app::base::composer_input::queue_draft(state, now))
        }
        KeyCode::Up if !state.outbox.queued.is_empty() && state.composer.cursor_line() == 0 => {
            let selected = state.outbox.queued.len() - 1;
            Some(Outcome::Open(Layer::Queue(QueueFocus { selected }), vec![]))
        }
        _ => None,
    }
}

impl LayerView for QueueFocus {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let state = &mut **cx;
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        if state.outbox.queued.is_empty() {
            // Everything queued went out (the turn ended) while the list had the focus: the
            // focus goes back to the composer, and this key with it rather than lost.
            return Outcome::CloseAndFallThrough;
        }
        self.selected = self.selected.min(state.outbox.queued.len() - 1);
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => Outcome::Close(vec![]),
            KeyCode::Up => {
                self.selected = self.selected.saturating_sub(1);
                Outcome::Consumed(vec![])
            }
            KeyCode::Down if self.selected + 1 >= state.outbox.queued.len() => {
                Outcome::Close(vec![])
            }
            KeyCode::Down => {
                self.selected += 1;
                Outcome::Consumed(vec![])
            }
            KeyCode::Delete | KeyCode::Backspace | KeyCode::Char('x') if !ctrl => {
                state.outbox.queued.remove(self.selected);
                if state.outbox.queued.is_empty() {
                    return Outcome::Close(vec![]);
                }
                self.selected = self.selected.min(state.outbox.queued.len() - 1);
                Outcome::Consumed(vec![])
            }
            KeyCode::Enter | KeyCode::Char('e') if !ctrl => {
                let Some(message) = state.outbox.queued.remove(self.selected) else {
                    return Outcome::Close(vec![]);
                };
                // A draft in the composer takes the edited message's place in the queue.
                let draft = state.composer.expanded_text();
                if !draft.trim().is_empty() || !state.composer.images.is_empty() {
                    let images = std::mem::take(&mut state.composer.images);
                    let draft = crate::app::state::outbox::Message::new(draft, images);
                    state.outbox.queued.insert(self.selected, draft);
                }
                state.composer.set_text(&message.text);
                state.composer.images = message.images;
                Outcome::Close(vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        // Drawn in the queued list's own rows, above the composer.
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Queued"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("↑/↓", "select"),
            Hint::new("Enter/e", "edit"),
            Hint::new("Del/x", "drop"),
            Hint::new("Esc", "back to the composer"),
        ]
    }
}
