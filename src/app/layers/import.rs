//! `/import`: what another agent's setup (Claude Code's settings, CLAUDE.md, skills, MCP
//! servers, hooks, commands, sub-agents, recent chats; from home and from this project) codex
//! would bring over, every item listed before anything is written. `i` imports them all after
//! `y` (any other key leaves everything as it is); the box then shows codex's progress, kind by
//! kind, and what was imported or failed.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::import;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportView {
    /// The selected item (of those detected).
    pub selected: PickList,
    /// The import waits for `y`.
    pub confirm: bool,
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
    pub confirming: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImportKey {
    Move(Move),
    Import,
    Confirm,
    Close,
}

fn listing(k: &ImportKeys) -> bool {
    !k.confirming
}

pub(crate) static KEYS: KeyTable<ImportKeys, ImportKey> = KeyTable::new(
    "import",
    "Import",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            ImportKey::Confirm,
            "yes",
        )
        .explained("import every item listed into codex")
        .bar_keys(1)
        .when("the import waits for its confirmation", |k: &ImportKeys| {
            k.confirming
        }),
        list_rows::up_k(ImportKey::Move(Move::Up), "select").when("the list is shown", listing),
        list_rows::down_j(ImportKey::Move(Move::Down), "select").when("the list is shown", listing),
        KeyRow::new("import", &[Chord::ch('i')], ImportKey::Import, "import")
            .explained("import every item listed (asks first)")
            .when(
                "something was found and not yet imported",
                |k: &ImportKeys| !k.confirming && k.can_import,
            ),
        list_rows::close_q(ImportKey::Close, "close").when("the list is shown", listing),
        list_rows::first(ImportKey::Move(Move::First), "first/last")
            .when("the list is shown", listing),
        list_rows::last(ImportKey::Move(Move::Last), "first/last")
            .when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.confirming {
        // Any other key imports nothing.
        Rest {
            chars: Fate::Take("imports nothing"),
            modified: Fate::Pass,
            other: Fate::Take("imports nothing"),
        }
    } else {
        Rest::SWALLOW
    }
});

impl ImportView {
    fn facts(&self, session: &Session) -> ImportKeys {
        ImportKeys {
            can_import: import::can_import(session),
            confirming: self.confirm,
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
        Outcome::of_key_or_typed(KEYS.resolve(key, &facts, &cx.config.keymap), |row| {
            match row {
                None => self.confirm = false,
                Some(ImportKey::Close) => return Outcome::Close(vec![]),
                Some(ImportKey::Move(to)) => {
                    self.selected.go(to, n);
                }
                Some(ImportKey::Import) => self.confirm = true,
                Some(ImportKey::Confirm) => {
                    if std::mem::take(&mut self.confirm) {
                        return Outcome::Consumed(import::start(cx.session_mut()));
                    }
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
