//! `/import`: what another agent's setup (Claude Code's settings, CLAUDE.md, skills, MCP
//! servers, hooks, commands, sub-agents, recent chats; from home and from this project) codex
//! would bring over, every item listed before anything is written. `i` imports them all after
//! `y` in the one confirm box; the box then shows codex's progress, kind by kind, and what was
//! imported or failed.

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::import;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportView {
    /// The selected item (of those detected).
    pub selected: PickList,
}

/// `/import`: opens at once and asks codex what there is.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = import::detect(state);
    Outcome::Open(super::Layer::Import(ImportView::default()), effects)
}

/// How many items were detected.
pub(crate) fn items(session: &Session) -> usize {
    session
        .account_tools
        .import
        .detected
        .came()
        .map_or(0, |d| d.items.len())
}

/// What the keys of `/import` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ImportKeys {
    pub can_import: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImportKey {
    Move(Move),
    Import,
    Close,
}

pub(crate) static KEYS: KeyTable<ImportKeys, ImportKey> = KeyTable::new(
    "import",
    "Import",
    &[
        list_rows::up_k(ImportKey::Move(Move::Up), "select"),
        list_rows::down_j(ImportKey::Move(Move::Down), "select"),
        KeyRow::new("import", &[Chord::ch('i')], ImportKey::Import, "import")
            .explained("import every item listed (asks first)")
            .when(
                "something was found and not yet imported",
                |k: &ImportKeys| k.can_import,
            ),
        list_rows::close_q(ImportKey::Close, "close"),
        list_rows::first(ImportKey::Move(Move::First), "first/last"),
        list_rows::last(ImportKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl ImportView {
    fn facts(&self, session: &Session) -> ImportKeys {
        ImportKeys {
            can_import: import::can_import(session),
        }
    }
}

impl LayerView for ImportView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let facts = self.facts(cx);
        let n = items(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                ImportKey::Close => return Outcome::Close(vec![]),
                ImportKey::Move(to) => {
                    self.selected.go(to, n);
                }
                ImportKey::Import => {
                    let ask = Confirmable::ImportAll { items: n };
                    return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::AccountToolsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(items(cx));
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Import"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        items(session) * 3 + 12
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
