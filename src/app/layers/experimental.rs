//! `/experimental`: codex's beta features, each with its name, stage, what it does and whether
//! it is on. Space turns the selected one on or off in codex's `config.toml` (`[features]`), as
//! the official TUI's `/experimental` does, and the list is read again so what is shown is what
//! codex reports, not what tern hoped.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest, Words};
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::experimental;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExperimentalView {
    pub selected: PickList,
}

/// `/experimental`: opens at once and asks for the list.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = experimental::refresh(state);
    Outcome::Open(
        super::Layer::Experimental(ExperimentalView::default()),
        effects,
    )
}

/// What the keys of `/experimental` read: whether the selected feature is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ExperimentalKeys {
    pub selected: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExperimentalKey {
    Move(Move),
    Switch,
    Close,
}

fn switch_words(k: &ExperimentalKeys) -> Words {
    match k.selected {
        Some(true) => Words {
            bar: "turn off",
            help: "turn the feature off in codex's config.toml",
        },
        _ => Words {
            bar: "turn on",
            help: "turn the feature on in codex's config.toml",
        },
    }
}

pub(crate) static KEYS: KeyTable<ExperimentalKeys, ExperimentalKey> = KeyTable::new(
    "experimental",
    "Experimental features",
    &[
        list_rows::up_k(ExperimentalKey::Move(Move::Up), "select"),
        list_rows::down_j(ExperimentalKey::Move(Move::Down), "select"),
        KeyRow::new(
            "switch",
            &[Chord::ch(' ')],
            ExperimentalKey::Switch,
            "turn on",
        )
        .words_by(switch_words)
        .when("a feature is selected", |k: &ExperimentalKeys| {
            k.selected.is_some()
        }),
        list_rows::close_q(ExperimentalKey::Close, "close"),
        list_rows::first(ExperimentalKey::Move(Move::First), "first/last"),
        list_rows::last(ExperimentalKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl ExperimentalView {
    fn facts(&self, session: &Session) -> ExperimentalKeys {
        let list = &session.plugins.features.list;
        ExperimentalKeys {
            selected: self.selected.index(list.len()).map(|at| list[at].enabled),
        }
    }
}

impl LayerView for ExperimentalView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = cx.plugins.features.list.len();
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                ExperimentalKey::Close => return Outcome::Close(vec![]),
                ExperimentalKey::Move(to) => {
                    self.selected.go(to, n);
                }
                ExperimentalKey::Switch => {
                    let Some(at) = self.selected.index(n) else {
                        return Outcome::Consumed(vec![]);
                    };
                    let feature = &cx.plugins.features.list[at];
                    let (name, enabled) = (feature.name.clone(), !feature.enabled);
                    return Outcome::Consumed(experimental::set_enabled(
                        cx.session_mut(),
                        &name,
                        enabled,
                    ));
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::FeaturesChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(cx.plugins.features.list.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Experimental features"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.plugins.features.list.len() * 2 + 4
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
