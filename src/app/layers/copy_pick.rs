//! `/copy pick`: any answer of the thread, or one code block of it, to copy exactly (without
//! the fences, printable text only). Newest first; Enter copies, Esc closes.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Resolved, Rest};
use crate::model::copyable::{copyables, Copyable};
use crate::model::NoticeLevel;
use crate::session::actions::copy;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct CopyPick {
    pub items: Vec<Copyable>,
    pub selected: usize,
}

pub fn open(state: &mut Session) -> Outcome {
    let items = copyables(&state.shown.transcript);
    if items.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to copy yet: no answer so far.",
        );
        return Outcome::Consumed(vec![]);
    }
    Outcome::Open(
        super::Layer::CopyPick(CopyPick { items, selected: 0 }),
        vec![],
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyKey {
    Up,
    Down,
    Copy,
    Close,
}

pub static KEYS: KeyTable<CopyPick, CopyKey> = KeyTable::new(
    "copy",
    "Copy",
    &[
        KeyRow::new("up", &[Chord::UP, Chord::ch('k')], CopyKey::Up, "select").bar_keys(1),
        KeyRow::new(
            "down",
            &[Chord::DOWN, Chord::ch('j')],
            CopyKey::Down,
            "select",
        )
        .bar_keys(1),
        KeyRow::new("copy", &[Chord::ENTER], CopyKey::Copy, "copy")
            .explained("copy the selected answer or code block exactly, without fences"),
        KeyRow::new(
            "close",
            &[Chord::ESC, Chord::ch('q')],
            CopyKey::Close,
            "close",
        )
        .bar_keys(1),
    ],
    Rest::SWALLOW,
);

impl LayerView for CopyPick {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.items.len().max(1);
        let action = match KEYS.resolve(key, self, &cx.config.keymap) {
            Resolved::Row(action) => action,
            Resolved::Pass => return Outcome::Ignored,
            Resolved::Take | Resolved::Swallow => return Outcome::Consumed(vec![]),
        };
        match action {
            CopyKey::Close => Outcome::Close(vec![]),
            CopyKey::Up => {
                self.selected = (self.selected + n - 1) % n;
                Outcome::Consumed(vec![])
            }
            CopyKey::Down => {
                self.selected = (self.selected + 1) % n;
                Outcome::Consumed(vec![])
            }
            CopyKey::Copy => match self.items.get(self.selected.min(n - 1)) {
                Some(item) => Outcome::Close(copy(cx.session_mut(), item.label.trim(), &item.text)),
                None => Outcome::Close(vec![]),
            },
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Copy"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.items.len()
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
