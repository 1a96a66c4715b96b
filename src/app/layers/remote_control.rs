//! `/rc`: remote control of this codex from a paired phone or browser — its status, a pairing
//! code for a new client, and the paired clients (the list). `e` turns remote control on or
//! off, `x` revokes the selected client, each after `y` in the one confirm box; `p` asks for a
//! pairing code. codex says when it will not (no ChatGPT sign-in, an older codex).

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::remote_control as rc;
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct RcView {
    /// The selected client.
    pub(crate) selected: PickList,
}

/// `/rc`: opens at once and reads the status.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = rc::read(state);
    Outcome::Open(super::Layer::RemoteControl(RcView::default()), effects)
}

/// What the keys of `/rc` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RcKeys {
    /// The status is known (so it can be turned on or off).
    pub known: bool,
    pub on: bool,
    pub client_selected: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RcKey {
    Move(Move),
    Toggle,
    Pair,
    Revoke,
    Close,
}

pub(crate) static KEYS: KeyTable<RcKeys, RcKey> = KeyTable::new(
    "rc",
    "Remote control",
    &[
        list_rows::up_k(RcKey::Move(Move::Up), "client"),
        list_rows::down_j(RcKey::Move(Move::Down), "client"),
        KeyRow::new("toggle", &[Chord::ch('e')], RcKey::Toggle, "on/off")
            .explained("turn remote control on, or off (asks first)")
            .when("the status is known", |k: &RcKeys| k.known),
        KeyRow::new("pair", &[Chord::ch('p')], RcKey::Pair, "pair")
            .explained("a pairing code for a new phone or browser")
            .when("remote control is on", |k: &RcKeys| k.on),
        KeyRow::new("revoke", &[Chord::ch('x')], RcKey::Revoke, "revoke")
            .explained("stop the selected client connecting (asks first)")
            .when("a client is selected", |k: &RcKeys| k.client_selected),
        list_rows::close_q(RcKey::Close, "close"),
        list_rows::first(RcKey::Move(Move::First), "first/last"),
        list_rows::last(RcKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl RcView {
    fn facts(&self, session: &Session) -> RcKeys {
        let clients = rc::client_ids(session);
        RcKeys {
            known: session.account_tools.rc.status.came().is_some(),
            on: rc::is_on(session),
            client_selected: self.selected.index(clients.len()).is_some(),
        }
    }

    fn key(&mut self, action: RcKey, cx: &mut Ctx<'_>) -> Outcome {
        let clients = rc::client_ids(cx);
        match action {
            RcKey::Close => return Outcome::Close(vec![]),
            RcKey::Move(to) => {
                self.selected.go(to, clients.len());
            }
            RcKey::Toggle => {
                let ask = Confirmable::RemoteControl { on: !rc::is_on(cx) };
                return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
            }
            RcKey::Revoke => {
                if let Some(at) = self.selected.index(clients.len()) {
                    let client_id = clients[at].clone();
                    let ask = Confirmable::RevokeRemoteClient { client_id };
                    return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
                }
            }
            RcKey::Pair => return Outcome::Consumed(rc::pair(cx.session_mut())),
        }
        Outcome::Consumed(vec![])
    }
}

impl LayerView for RcView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            self.key(action, cx)
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::AccountToolsChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(rc::client_ids(cx).len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Remote control"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        rc::client_ids(session).len() + 14
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
