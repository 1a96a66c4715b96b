//! `/hooks`: the hooks codex found for this directory, by event, each with what it runs, where
//! it comes from and whether it is trusted. codex runs a hook only once the person trusts it as
//! it is now (`hooks.state."<key>".trusted_hash`); `t` trusts the selected hook and `u` takes the
//! trust back, each after `y` (any other key leaves it as it is): a trusted hook runs commands
//! of its own on every matching event, unasked.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::hooks;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct HooksView {
    pub selected: PickList,
    /// A trust (`true`) or untrust waiting for `y`, of the hook with this key.
    pub confirm: Option<(String, bool)>,
}

/// `/hooks`: opens at once and asks for the list again.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = hooks::refresh(state);
    Outcome::Open(super::Layer::Hooks(HooksView::default()), effects)
}

/// What the keys of `/hooks` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HooksKeys {
    /// The selected hook: whether codex holds it back until trusted, whether it is trusted.
    pub selected: Option<(bool, bool)>,
    pub confirming: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HooksKey {
    Move(Move),
    Trust,
    Untrust,
    Confirm,
    Close,
}

fn listing(k: &HooksKeys) -> bool {
    !k.confirming
}

pub(crate) static KEYS: KeyTable<HooksKeys, HooksKey> = KeyTable::new(
    "hooks",
    "Hooks",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            HooksKey::Confirm,
            "yes",
        )
        .explained("write the trust (or take it back) in codex's config")
        .bar_keys(1)
        .when("a trust waits for its confirmation", |k: &HooksKeys| {
            k.confirming
        }),
        list_rows::up_k(HooksKey::Move(Move::Up), "select").when("the list is shown", listing),
        list_rows::down_j(HooksKey::Move(Move::Down), "select").when("the list is shown", listing),
        KeyRow::new("trust", &[Chord::ch('t')], HooksKey::Trust, "trust")
            .explained("trust the selected hook as it is now, so codex runs it (asks first)")
            .when("the selected hook is not trusted", |k: &HooksKeys| {
                !k.confirming && matches!(k.selected, Some((true, _)))
            }),
        KeyRow::new("untrust", &[Chord::ch('u')], HooksKey::Untrust, "untrust")
            .explained(
                "take back the trust of the selected hook, so codex stops running it (asks first)",
            )
            .when("the selected hook is trusted", |k: &HooksKeys| {
                !k.confirming && matches!(k.selected, Some((_, true)))
            }),
        list_rows::close_q(HooksKey::Close, "close").when("the list is shown", listing),
        list_rows::first(HooksKey::Move(Move::First), "first/last")
            .when("the list is shown", listing),
        list_rows::last(HooksKey::Move(Move::Last), "first/last")
            .when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.confirming {
        // Any other key leaves the hook as it is.
        Rest {
            chars: Fate::Take("leaves it"),
            modified: Fate::Pass,
            other: Fate::Take("leaves it"),
        }
    } else {
        Rest::SWALLOW
    }
});

impl HooksView {
    fn facts(&self, session: &Session) -> HooksKeys {
        let list = &session.hooks.list;
        HooksKeys {
            selected: self.selected.index(list.len()).map(|at| {
                (
                    hooks::waits_for_trust(&list[at]),
                    list[at].trust_status == "trusted",
                )
            }),
            confirming: self.confirm.is_some(),
        }
    }
}

impl LayerView for HooksView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = cx.hooks.list.len();
        let facts = self.facts(cx);
        Outcome::of_key_or_typed(KEYS.resolve(key, &facts, &cx.config.keymap), |row| {
            let Some(action) = row else {
                self.confirm = None;
                return Outcome::Consumed(vec![]);
            };
            let selected = self
                .selected
                .index(n)
                .map(|at| cx.hooks.list[at].key.clone());
            match action {
                HooksKey::Close => return Outcome::Close(vec![]),
                HooksKey::Move(to) => {
                    self.selected.go(to, n);
                }
                HooksKey::Trust => self.confirm = selected.map(|key| (key, true)),
                HooksKey::Untrust => self.confirm = selected.map(|key| (key, false)),
                HooksKey::Confirm => {
                    let Some((key, trust)) = self.confirm.take() else {
                        return Outcome::Consumed(vec![]);
                    };
                    return Outcome::Consumed(hooks::set_trust(cx.session_mut(), &key, trust));
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::HooksChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(cx.hooks.list.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Hooks"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.hooks.list.len() * 2 + session.hooks.errors.len() + 4
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
