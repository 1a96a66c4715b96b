//! Messages waiting for a new turn, listed above the composer. ↑ from the composer's first
//! line selects them (`base::keys`' `queue_focus`); Enter (or `e`) takes the selected one back
//! into the composer to edit (Tab queues it again, Enter steers), Delete, Backspace or `x`
//! drops it, ↓ past the last one or Esc goes back to the composer.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Resolved, Rest};
use crate::controls::pick_list::PickList;
use crate::session::state::Session;

#[derive(Debug, Default)]
pub struct QueueFocus {
    /// Which of the outbox's queued messages.
    pub selected: PickList,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QueueKey {
    Up,
    /// Down, or back to the composer from the last.
    Down,
    Edit,
    Drop,
    Back,
}

pub(crate) static KEYS: KeyTable<QueueFocus, QueueKey> = KeyTable::new(
    "queue",
    "Queued",
    &[
        list_rows::up(QueueKey::Up, "select"),
        list_rows::down(QueueKey::Down, "select")
            .explained("select (past the last: back to the composer)"),
        KeyRow::new(
            "edit",
            &[Chord::ENTER, Chord::ch('e')],
            QueueKey::Edit,
            "edit",
        )
        .explained("edit it in the composer (a draft there takes its place in the queue)"),
        KeyRow::new(
            "drop",
            &[Chord::DELETE, Chord::ch('x'), Chord::BACKSPACE],
            QueueKey::Drop,
            "drop",
        )
        .bar_keys(2),
        KeyRow::new(
            "back",
            &[Chord::ESC],
            QueueKey::Back,
            "back to the composer",
        ),
    ],
    // Typing and the rest go on to the composer.
    Rest::PASS,
);

/// ↑ from the composer's first line: the newest queued message selected.
pub(crate) fn open(state: &Session) -> Outcome {
    let selected = PickList::at(state.outbox.queued.len().saturating_sub(1));
    Outcome::Open(Layer::Queue(QueueFocus { selected }), vec![])
}

impl LayerView for QueueFocus {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let count = cx.outbox.queued.len();
        if count == 0 {
            // Everything queued went out (the turn ended) while the list had the focus: the
            // focus goes back to the composer, and this key with it rather than lost.
            return Outcome::CloseAndFallThrough;
        }
        let action = match KEYS.resolve(key, self, &cx.config.keymap) {
            Resolved::Row(action) => action,
            _ => return Outcome::Ignored,
        };
        let Some(at) = self.selected.index(count) else {
            return Outcome::Close(vec![]);
        };
        match action {
            QueueKey::Back => return Outcome::Close(vec![]),
            QueueKey::Up => {
                self.selected.step(-1, count);
            }
            QueueKey::Down if self.selected.at_end(count) => return Outcome::Close(vec![]),
            QueueKey::Down => {
                self.selected.step(1, count);
            }
            QueueKey::Drop => {
                cx.outbox_mut().queued.remove(at);
                if cx.outbox.queued.is_empty() {
                    return Outcome::Close(vec![]);
                }
                self.selected.clamp(cx.outbox.queued.len());
            }
            QueueKey::Edit => {
                let Some(message) = cx.outbox_mut().queued.remove(at) else {
                    return Outcome::Close(vec![]);
                };
                // A draft in the composer takes the edited message's place in the queue.
                let draft = cx.composer.expanded_text();
                if !draft.trim().is_empty() || !cx.composer.images.is_empty() {
                    let images = std::mem::take(&mut cx.composer_mut().images);
                    let draft = crate::session::state::outbox::Message::new(draft, images);
                    cx.outbox_mut().queued.insert(at, draft);
                }
                cx.composer_mut().set_text(&message.text);
                cx.composer_mut().images = message.images;
                return Outcome::Close(vec![]);
            }
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        // Drawn in the queued list's own rows, above the composer.
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Queued"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
