//! `/experimental`: codex's beta features, each with its name, stage, what it does and whether
//! it is on. As in the official TUI's `/experimental`, Space checks or unchecks the selected
//! one (nothing is written yet), Enter saves every change in codex's `config.toml`
//! (`[features]`, one batch) and closes, and Esc closes with nothing written. After a save the
//! list is read again, so what tern says is what codex reports, not what tern hoped.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest, Words};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::session::event::LayerEvent;
use crate::session::experimental;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExperimentalView {
    pub selected: PickList,
    /// The features Space turned, each with the state it is to have: saved on Enter.
    pub(crate) changes: Vec<(String, bool)>,
}

impl ExperimentalView {
    /// Whether `feature` is checked here: as Space left it, else as codex reports it.
    pub(crate) fn checked(&self, feature: &crate::protocol::ExperimentalFeature) -> bool {
        self.changes
            .iter()
            .find(|(name, _)| *name == feature.name)
            .map_or(feature.enabled, |(_, on)| *on)
    }

    /// Space on `feature`: checked if unchecked, and back to as codex has it the second time.
    fn turn(&mut self, feature: &crate::protocol::ExperimentalFeature) {
        match self
            .changes
            .iter()
            .position(|(name, _)| *name == feature.name)
        {
            Some(at) => {
                self.changes.remove(at);
            }
            None => self.changes.push((feature.name.clone(), !feature.enabled)),
        }
    }
}

/// `/experimental`: opens at once and asks for the list.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = experimental::refresh(state);
    Outcome::Open(
        super::Layer::Experimental(ExperimentalView::default()),
        effects,
    )
}

/// What the keys of `/experimental` read: whether the selected feature is checked, and
/// whether any is turned (to save).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ExperimentalKeys {
    pub selected: Option<bool>,
    pub changed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExperimentalKey {
    Move(Move),
    Switch,
    Save,
    Cancel,
}

fn switch_words(k: &ExperimentalKeys) -> Words {
    match k.selected {
        Some(true) => Words {
            bar: "uncheck",
            help: "uncheck the feature (off once saved)",
        },
        _ => Words {
            bar: "check",
            help: "check the feature (on once saved)",
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
            "check",
        )
        .words_by(switch_words)
        .when("a feature is selected", |k: &ExperimentalKeys| {
            k.selected.is_some()
        }),
        KeyRow::new("save", &[Chord::ENTER], ExperimentalKey::Save, "save")
            .explained("save the checked features in codex's config.toml and close")
            .when("a feature was turned", |k: &ExperimentalKeys| k.changed),
        list_rows::close_q(ExperimentalKey::Cancel, "cancel"),
        list_rows::first(ExperimentalKey::Move(Move::First), "first/last"),
        list_rows::last(ExperimentalKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl ExperimentalView {
    fn facts(&self, session: &Session) -> ExperimentalKeys {
        let list = &session.plugins.features.list;
        ExperimentalKeys {
            selected: self
                .selected
                .index(list.len())
                .map(|at| self.checked(&list[at])),
            changed: !self.changes.is_empty(),
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
                ExperimentalKey::Cancel => {
                    if !self.changes.is_empty() {
                        let text = "Experimental features: nothing saved.";
                        cx.transcript_mut().notice(NoticeLevel::Info, text);
                    }
                    return Outcome::Close(vec![]);
                }
                ExperimentalKey::Save => {
                    let changes = std::mem::take(&mut self.changes);
                    return Outcome::Close(experimental::save(cx.session_mut(), changes));
                }
                ExperimentalKey::Move(to) => {
                    self.selected.go(to, n);
                }
                ExperimentalKey::Switch => {
                    if let Some(at) = self.selected.index(n) {
                        self.turn(&cx.plugins.features.list[at]);
                    }
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
