//! The side pane (`/side QUESTION`, `/btw`): the side conversation's own transcript beside the
//! main thread (over it when the screen is narrow), while the composer below sends to the side
//! thread (`session::side`). Esc stops a side answer that is coming, and closes the pane once
//! it is idle; Ctrl+C closes it at once. Closing asks whether to keep the side conversation
//! (Esc, Enter or `k`) or archive it (`a`). `/side` alone lists the earlier side conversations
//! of this session to reopen one.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::controls::view::View;
use crate::model::NoticeLevel;
use crate::session::event::LayerEvent;
use crate::session::side;
use crate::session::state::Session;

/// How many rows the side conversation's transcript takes at `width`, cells a blank row apart
/// (as the pane draws them): how far PgUp can go back.
fn side_rows(session: &Session, width: u16) -> usize {
    let Some(model) = session
        .side
        .open
        .as_deref()
        .and_then(|id| session.threads.get(id))
    else {
        return 0;
    };
    let transcript = &model.transcript;
    let view = View::new(transcript, session.layout_key(width), 0);
    let cells: usize = (0..transcript.len())
        .map(|index| view.cell_drawn(index, 0..usize::MAX).len())
        .sum();
    cells + transcript.len().saturating_sub(1)
}

#[derive(Debug, Clone, PartialEq)]
pub enum SidePane {
    /// The side conversation, with the composer sending to it; `back`: rows scrolled back from
    /// the newest (PgUp/PgDn), 0 following the answer as it comes.
    Pane { back: usize },
    /// Closing: keep it or archive it?
    Closing,
    /// `/side` alone: the earlier side conversations, to reopen one.
    Earlier(PickList),
}

/// `/side QUESTION`: the fork is asked for and the pane opens at once.
pub(crate) fn open_question(state: &mut Session, question: &str) -> Outcome {
    let effects = side::start(state, question);
    if state.side.active() {
        Outcome::Open(Layer::Side(SidePane::Pane { back: 0 }), effects)
    } else {
        Outcome::Consumed(effects)
    }
}

/// `/side` alone: the earlier side conversations, the newest selected.
pub(crate) fn open_earlier(state: &mut Session) -> Outcome {
    if state.side.active() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "A side conversation is already open: Esc or Ctrl+C closes it first.",
        );
        return Outcome::Consumed(vec![]);
    }
    let n = state.side.earlier.len();
    if n == 0 {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "No side conversations yet this session: /side QUESTION starts one.",
        );
        return Outcome::Consumed(vec![]);
    }
    Outcome::Open(Layer::Side(SidePane::Earlier(PickList::at(n - 1))), vec![])
}

/// What the pane's keys read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SideKeys {
    pub pane: bool,
    pub closing: bool,
    pub listing: bool,
    /// The side answer is coming.
    pub answering: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SideKey {
    Stop,
    Close,
    Keep,
    Archive,
    Move(Move),
    /// PgUp (`true`) / PgDn in the pane: its transcript a page back or on.
    Page(bool),
    Reopen,
    CloseList,
}

fn listing(k: &SideKeys) -> bool {
    k.listing
}

pub(crate) static KEYS: KeyTable<SideKeys, SideKey> = KeyTable::new(
    "side",
    "Side conversation",
    &[
        KeyRow::new("stop", &[Chord::ESC], SideKey::Stop, "stop the side answer")
            .explained("stop the side answer that is coming")
            .when("the side answer is coming", |k: &SideKeys| {
                k.pane && k.answering
            }),
        KeyRow::new("close", &[Chord::ESC], SideKey::Close, "close")
            .explained("close the side pane (asks whether to keep it); the composer goes back to the main thread")
            .when("the side thread is idle", |k: &SideKeys| k.pane && !k.answering),
        KeyRow::new("close_now", &[Chord::ctrl('c')], SideKey::Close, "close")
            .explained("close the side pane, stopping its answer (asks whether to keep it)")
            .help()
            .when("the side pane is open", |k: &SideKeys| k.pane),
        KeyRow::new(
            "keep",
            &[Chord::ch('k'), Chord::ENTER, Chord::ESC, Chord::ctrl('c')],
            SideKey::Keep,
            "keep",
        )
        .explained("keep the side conversation, to reopen with /side")
        .bar_keys(1)
        .when("closing", |k: &SideKeys| k.closing),
        KeyRow::new("archive", &[Chord::ch('a')], SideKey::Archive, "archive")
            .explained("archive the side conversation (thread/archive)")
            .when("closing", |k: &SideKeys| k.closing),
        list_rows::page_up(SideKey::Page(true), "scroll")
            .explained("the side conversation a page back")
            .when("the side pane is open", |k: &SideKeys| k.pane),
        list_rows::page_down(SideKey::Page(false), "scroll")
            .explained("the side conversation a page on (to its newest rows)")
            .when("the side pane is open", |k: &SideKeys| k.pane),
        list_rows::up_k(SideKey::Move(Move::Up), "select").when("listing", listing),
        list_rows::down_j(SideKey::Move(Move::Down), "select").when("listing", listing),
        KeyRow::new("reopen", &[Chord::ENTER], SideKey::Reopen, "reopen")
            .explained("reopen the selected side conversation in the pane")
            .when("listing", listing),
        list_rows::close_q(SideKey::CloseList, "close").when("listing", listing),
    ],
    Rest::PASS,
)
.rest_by(|k| {
    if k.pane {
        // Typing, Enter and the rest reach the composer, which sends to the side thread.
        Rest::PASS
    } else {
        Rest {
            chars: Fate::Swallow,
            modified: Fate::Pass,
            other: Fate::Swallow,
        }
    }
});

impl SidePane {
    fn facts(&self, session: &Session) -> SideKeys {
        SideKeys {
            pane: matches!(self, SidePane::Pane { .. }),
            closing: *self == SidePane::Closing,
            listing: matches!(self, SidePane::Earlier(_)),
            answering: side::answering(session),
        }
    }
}

impl LayerView for SidePane {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let facts = self.facts(cx);
        let now = cx.now;
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                SideKey::Stop => return Outcome::Consumed(side::interrupt(cx.session_mut(), now)),
                SideKey::Close => *self = SidePane::Closing,
                SideKey::Keep => return Outcome::Close(side::close(cx.session_mut(), false, now)),
                SideKey::Archive => {
                    return Outcome::Close(side::close(cx.session_mut(), true, now))
                }
                SideKey::Page(back) => {
                    if let SidePane::Pane { back: rows } = self {
                        let area = cx.areas.side.unwrap_or(cx.areas.transcript);
                        // The box's borders and its footer line are no rows of the transcript.
                        let page = usize::from(area.height.saturating_sub(3)).max(1);
                        let most = side_rows(cx, area.width.saturating_sub(2)).saturating_sub(page);
                        *rows = if back {
                            (*rows + page).min(most)
                        } else {
                            rows.saturating_sub(page)
                        };
                    }
                }
                SideKey::Move(to) => {
                    let n = cx.side.earlier.len();
                    if let SidePane::Earlier(list) = self {
                        list.go(to, n);
                    }
                }
                SideKey::Reopen => {
                    let n = cx.side.earlier.len();
                    let picked = match self {
                        SidePane::Earlier(list) => list.index(n),
                        _ => None,
                    };
                    let Some(at) = picked else {
                        return Outcome::Consumed(vec![]);
                    };
                    let id = cx.side.earlier[at].id.clone();
                    side::reopen(cx.session_mut(), &id);
                    *self = SidePane::Pane { back: 0 };
                }
                SideKey::CloseList => return Outcome::Close(vec![]),
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        // The fork was refused: nothing to show.
        let pane = matches!(self, SidePane::Pane { .. });
        if *event == LayerEvent::SideChanged && pane && !cx.side.active() {
            return Outcome::Close(vec![]);
        }
        Outcome::Ignored
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Side conversation"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
