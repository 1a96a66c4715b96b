//! `/copy pick`: any answer of the thread, or one code block of it, to copy exactly (without
//! the fences, printable text only). Newest first; Enter copies, Esc closes.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::copyable::{copyables, Copyable};
use crate::model::NoticeLevel;
use crate::session::actions::copy;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct CopyPick {
    pub(crate) items: Vec<Copyable>,
    pub selected: PickList,
}

pub(crate) fn open(state: &mut Session) -> Outcome {
    let items = copyables(&state.shown.transcript);
    if items.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to copy yet: no answer so far.",
        );
        return Outcome::Consumed(vec![]);
    }
    Outcome::Open(
        super::Layer::CopyPick(CopyPick {
            items,
            selected: PickList::default(),
        }),
        vec![],
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CopyKey {
    Move(Move),
    Copy,
    Close,
}

pub(crate) static KEYS: KeyTable<CopyPick, CopyKey> = KeyTable::new(
    "copy",
    "Copy",
    &[
        list_rows::up_k(CopyKey::Move(Move::Up), "select"),
        list_rows::down_j(CopyKey::Move(Move::Down), "select"),
        KeyRow::new("copy", &[Chord::ENTER], CopyKey::Copy, "copy")
            .explained("copy the selected answer or code block exactly, without fences"),
        list_rows::close_q(CopyKey::Close, "close"),
    ],
    Rest::SWALLOW,
);

impl LayerView for CopyPick {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.items.len();
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                CopyKey::Close => Outcome::Close(vec![]),
                CopyKey::Move(to) => {
                    self.selected.go(to, n);
                    Outcome::Consumed(vec![])
                }
                CopyKey::Copy => match self.selected.index(n).and_then(|at| self.items.get(at)) {
                    Some(item) => {
                        Outcome::Close(copy(cx.session_mut(), item.label.trim(), &item.text))
                    }
                    None => Outcome::Close(vec![]),
                },
            },
        )
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
