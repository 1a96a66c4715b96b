//! `/rc`: remote control of this codex from a paired phone or browser — its status, a pairing
//! code for a new client, and the paired clients (the list). `e` turns remote control on or
//! off, `x` revokes the selected client, each after `y` (any other key changes nothing); `p`
//! asks for a pairing code. codex says when it will not (no ChatGPT sign-in, an older codex).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::remote_control as rc;
use crate::session::state::Session;

/// A change waiting for `y`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum RcPending {
    /// On if off, off if on.
    Toggle,
    /// The client with this id revoked.
    Revoke(String),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct RcView {
    /// The selected client.
    pub(crate) selected: PickList,
    pub(crate) confirm: Option<RcPending>,
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
    pub confirming: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RcKey {
    Move(Move),
    Toggle,
    Pair,
    Revoke,
    Confirm,
    Close,
}

fn listing(k: &RcKeys) -> bool {
    !k.confirming
}

pub(crate) static KEYS: KeyTable<RcKeys, RcKey> = KeyTable::new(
    "rc",
    "Remote control",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            RcKey::Confirm,
            "yes",
        )
        .explained("make the change asked about")
        .bar_keys(1)
        .when("a change waits for its confirmation", |k: &RcKeys| {
            k.confirming
        }),
        list_rows::up_k(RcKey::Move(Move::Up), "client").when("the list is shown", listing),
        list_rows::down_j(RcKey::Move(Move::Down), "client").when("the list is shown", listing),
        KeyRow::new("toggle", &[Chord::ch('e')], RcKey::Toggle, "on/off")
            .explained("turn remote control on, or off (asks first)")
            .when("the status is known", |k: &RcKeys| !k.confirming && k.known),
        KeyRow::new("pair", &[Chord::ch('p')], RcKey::Pair, "pair")
            .explained("a pairing code for a new phone or browser")
            .when("remote control is on", |k: &RcKeys| !k.confirming && k.on),
        KeyRow::new("revoke", &[Chord::ch('x')], RcKey::Revoke, "revoke")
            .explained("stop the selected client connecting (asks first)")
            .when("a client is selected", |k: &RcKeys| {
                !k.confirming && k.client_selected
            }),
        list_rows::close_q(RcKey::Close, "close").when("the list is shown", listing),
        list_rows::first(RcKey::Move(Move::First), "first/last").when("the list is shown", listing),
        list_rows::last(RcKey::Move(Move::Last), "first/last").when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.confirming {
        // Any other key changes nothing.
        Rest {
            chars: Fate::Take("changes nothing"),
            modified: Fate::Pass,
            other: Fate::Take("changes nothing"),
        }
    } else {
        Rest::SWALLOW
    }
});

impl RcView {
    fn facts(&self, session: &Session) -> RcKeys {
        let clients = rc::client_ids(session);
        RcKeys {
            known: session.account_tools.rc.status.came().is_some(),
            on: rc::is_on(session),
            client_selected: self.selected.index(clients.len()).is_some(),
            confirming: self.confirm.is_some(),
        }
    }

    fn key(&mut self, action: RcKey, cx: &mut Ctx<'_>) -> Outcome {
        let clients = rc::client_ids(cx);
        match action {
            RcKey::Close => return Outcome::Close(vec![]),
            RcKey::Move(to) => {
                self.selected.go(to, clients.len());
            }
            RcKey::Toggle => self.confirm = Some(RcPending::Toggle),
            RcKey::Revoke => {
                self.confirm = self
                    .selected
                    .index(clients.len())
                    .map(|at| RcPending::Revoke(clients[at].clone()));
            }
            RcKey::Pair => return Outcome::Consumed(rc::pair(cx.session_mut())),
            RcKey::Confirm => match self.confirm.take() {
                Some(RcPending::Toggle) => return Outcome::Consumed(rc::toggle(cx.session_mut())),
                Some(RcPending::Revoke(id)) => {
                    return Outcome::Consumed(rc::revoke(cx.session_mut(), &id))
                }
                None => {}
            },
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
        Outcome::of_key_or_typed(
            KEYS.resolve(key, &facts, &cx.config.keymap),
            |row| match row {
                Some(action) => self.key(action, cx),
                None => {
                    self.confirm = None;
                    Outcome::Consumed(vec![])
                }
            },
        )
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
