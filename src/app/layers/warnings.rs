//! `/warnings`: the warnings kept this session (`session::state::warnings`), newest first —
//! who said it, how often, what — in the shared list view. Enter shows the selected one
//! whole, with its details (codex's `details`, the file and place at fault, an MCP server's
//! error); Enter or Esc goes back to the list.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct WarningsView {
    pub selected: PickList,
    /// The selected warning is shown whole.
    pub details: bool,
}

pub(crate) fn open() -> Outcome {
    Outcome::Open(super::Layer::Warnings(WarningsView::default()), vec![])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WarningsKeys {
    pub any: bool,
    pub details: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WarningsKey {
    Move(Move),
    Details,
    Back,
    Close,
}

fn listing(k: &WarningsKeys) -> bool {
    !k.details
}

pub(crate) static KEYS: KeyTable<WarningsKeys, WarningsKey> = KeyTable::new(
    "warnings",
    "Warnings",
    &[
        KeyRow::new(
            "back",
            &[Chord::ESC, Chord::ENTER, Chord::ch('q')],
            WarningsKey::Back,
            "back",
        )
        .explained("back to the list")
        .bar_keys(1)
        .when("a warning is shown whole", |k: &WarningsKeys| k.details),
        list_rows::up_k(WarningsKey::Move(Move::Up), "select").when("the list is shown", listing),
        list_rows::down_j(WarningsKey::Move(Move::Down), "select")
            .when("the list is shown", listing),
        KeyRow::new("details", &[Chord::ENTER], WarningsKey::Details, "details")
            .explained("the selected warning whole, with its details")
            .when("a warning is selected", |k: &WarningsKeys| {
                k.any && !k.details
            }),
        list_rows::close_q(WarningsKey::Close, "close").when("the list is shown", listing),
        list_rows::first(WarningsKey::Move(Move::First), "first/last")
            .when("the list is shown", listing),
        list_rows::last(WarningsKey::Move(Move::Last), "first/last")
            .when("the list is shown", listing),
    ],
    Rest::SWALLOW,
);

impl WarningsView {
    fn facts(&self, session: &Session) -> WarningsKeys {
        WarningsKeys {
            any: !session.warnings.is_empty(),
            details: self.details,
        }
    }
}

impl LayerView for WarningsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = cx.warnings.len();
        self.selected.clamp(n);
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                WarningsKey::Close => return Outcome::Close(vec![]),
                WarningsKey::Move(to) => {
                    self.selected.go(to, n);
                }
                WarningsKey::Details => self.details = self.selected.index(n).is_some(),
                WarningsKey::Back => self.details = false,
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Warnings"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.warnings.len() + 4
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
