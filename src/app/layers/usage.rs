//! `/usage`: the account's limits (every metered one, the reset credits left) and its token
//! activity (the summary, this thread's estimate by model, the days), as codex reads them for
//! a ChatGPT sign-in. The days are the list: ↑/↓ move through them. `r` resets the usage limits
//! after `y` — it spends one reset credit, which the question says (any other key leaves it).
//! Signed in otherwise, `/usage` opens nothing and says why (`session::usage::unavailable`).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::NoticeLevel;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::session::usage;
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsageView {
    /// The selected day.
    pub selected: PickList,
    /// A reset waits for `y`.
    pub confirm: bool,
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
    pub confirming: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UsageKey {
    Move(Move),
    Reset,
    Confirm,
    Close,
}

fn listing(k: &UsageKeys) -> bool {
    !k.confirming
}

pub(crate) static KEYS: KeyTable<UsageKeys, UsageKey> = KeyTable::new(
    "usage",
    "Usage",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            UsageKey::Confirm,
            "yes",
        )
        .explained("spend one reset credit to reset the usage limits")
        .bar_keys(1)
        .when("a reset waits for its confirmation", |k: &UsageKeys| {
            k.confirming
        }),
        list_rows::up_k(UsageKey::Move(Move::Up), "day").when("the list is shown", listing),
        list_rows::down_j(UsageKey::Move(Move::Down), "day").when("the list is shown", listing),
        KeyRow::new("reset", &[Chord::ch('r')], UsageKey::Reset, "reset limits")
            .explained("reset the usage limits with a reset credit (asks first)")
            .when("a reset credit is left", |k: &UsageKeys| {
                !k.confirming && k.can_reset
            }),
        list_rows::close_q(UsageKey::Close, "close").when("the list is shown", listing),
        list_rows::first(UsageKey::Move(Move::First), "first/last")
            .when("the list is shown", listing),
        list_rows::last(UsageKey::Move(Move::Last), "first/last")
            .when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.confirming {
        // Any other key spends nothing.
        Rest {
            chars: Fate::Take("keeps the credit"),
            modified: Fate::Pass,
            other: Fate::Take("keeps the credit"),
        }
    } else {
        Rest::SWALLOW
    }
});

impl UsageView {
    fn facts(&self, session: &Session) -> UsageKeys {
        UsageKeys {
            can_reset: usage::credits_left(session) > 0
                && session.account_tools.usage.resetting.is_none(),
            confirming: self.confirm,
        }
    }

    fn key(&mut self, action: UsageKey, cx: &mut Ctx<'_>, now: Instant) -> Outcome {
        match action {
            UsageKey::Close => return Outcome::Close(vec![]),
            UsageKey::Move(to) => {
                self.selected.go(to, days(cx));
            }
            UsageKey::Reset => self.confirm = true,
            UsageKey::Confirm => {
                if std::mem::take(&mut self.confirm) {
                    return Outcome::Consumed(usage::reset(cx.session_mut(), now));
                }
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
        let now = cx.now;
        Outcome::of_key_or_typed(
            KEYS.resolve(key, &facts, &cx.config.keymap),
            |row| match row {
                Some(action) => self.key(action, cx, now),
                None => {
                    self.confirm = false;
                    Outcome::Consumed(vec![])
                }
            },
        )
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
