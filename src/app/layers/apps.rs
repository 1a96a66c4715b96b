//! `/apps`: the apps (connectors) codex offers — each with whether it is connected to the
//! person's account and turned on in codex's config, what it is for, and the plugins that
//! bring it. A list to read: connecting an app happens in the browser (its link is shown).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, KeyList, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::apps;
use crate::session::event::LayerEvent;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct AppsView {
    pub selected: PickList,
}

/// `/apps`: opens at once and asks for the list.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = apps::refresh(state);
    Outcome::Open(super::Layer::Apps(AppsView::default()), effects)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AppsKey {
    Move(Move),
    Close,
}

pub(crate) static KEYS: KeyTable<(), AppsKey> = KeyTable::new(
    "apps",
    "Apps",
    &[
        list_rows::up_k(AppsKey::Move(Move::Up), "select"),
        list_rows::down_j(AppsKey::Move(Move::Down), "select"),
        list_rows::close_q(AppsKey::Close, "close"),
        list_rows::first(AppsKey::Move(Move::First), "first/last"),
        list_rows::last(AppsKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl LayerView for AppsView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = cx.plugins.apps.list.len();
        Outcome::of_key(KEYS.resolve(key, &(), &cx.config.keymap), |action| {
            match action {
                AppsKey::Close => return Outcome::Close(vec![]),
                AppsKey::Move(to) => {
                    self.selected.go(to, n);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::AppsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(cx.plugins.apps.list.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Apps"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        session.plugins.apps.list.len() * 2 + 3
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&(), &cx.config.keymap)
    }
}
