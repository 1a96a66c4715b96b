//! `/usage`: the account's limits (every metered one, the reset credits left) and its token
//! activity (the summary, this thread's estimate by model, the days), as codex reads them for
//! a ChatGPT sign-in. The days are the list: ↑/↓ move through them. `r` asks (the one
//! confirm box) whether to reset the usage limits — it spends one reset credit.
//! Signed in otherwise, `/usage` opens nothing and says why (`session::usage::unavailable`).

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;
use crate::session::usage;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsageView {
    /// The selected day.
    pub selected: PickList,
}

/// `/usage`: opens and asks, or says why there is nothing to ask for.
pub(crate) fn open(state: &mut Session) -> Outcome {
    if let Some(why) = usage::unavailable(state) {
        state.shown.transcript.notice(NoticeLevel::Info, why);
        return Outcome::Consumed(vec![]);
    }
    let effects = usage::read(state);
    Outcome::Open(super::Layer::Usage(UsageView::default()), effects)
}

/// The days listed, newest first.
pub(crate) fn days(session: &Session) -> usize {
    session
        .account_tools
        .usage
        .usage
        .came()
        .and_then(|u| u.daily_usage_buckets.as_ref())
        .map_or(0, Vec::len)
}

/// What the keys of `/usage` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UsageKeys {
    /// A reset credit is left and no reset is on its way.
    pub can_reset: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UsageKey {
    Move(Move),
    Reset,
    Close,
}

pub(crate) static KEYS: KeyTable<UsageKeys, UsageKey> = KeyTable::new(
    "usage",
    "Usage",
    &[
        list_rows::up_k(UsageKey::Move(Move::Up), "day"),
        list_rows::down_j(UsageKey::Move(Move::Down), "day"),
        KeyRow::new("reset", &[Chord::ch('r')], UsageKey::Reset, "reset limits")
            .explained("reset the usage limits with a reset credit (asks first)")
            .when("a reset credit is left", |k: &UsageKeys| k.can_reset),
        list_rows::close_q(UsageKey::Close, "close"),
        list_rows::first(UsageKey::Move(Move::First), "first/last"),
        list_rows::last(UsageKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl UsageView {
    fn facts(&self, session: &Session) -> UsageKeys {
        UsageKeys {
            can_reset: usage::credits_left(session) > 0
                && session.account_tools.usage.resetting.is_none(),
        }
    }

    fn key(&mut self, action: UsageKey, cx: &mut Ctx<'_>) -> Outcome {
        match action {
            UsageKey::Close => return Outcome::Close(vec![]),
            UsageKey::Move(to) => {
                self.selected.go(to, days(cx));
            }
            UsageKey::Reset => {
                let ask = Confirmable::ResetUsageLimits;
                return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
            }
        }
        Outcome::Consumed(vec![])
    }
}

impl LayerView for UsageView {
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
        self.selected.clamp(days(cx));
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Usage"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        days(session) + 20
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
