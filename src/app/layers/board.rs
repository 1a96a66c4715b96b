//! `/threads`, the board: every thread loaded on the server, with where it stands (running,
//! waiting for you, idle, failed), what it is doing, its tokens and the agents under it
//! (`session::board`). Enter opens the selected thread (an agent of the thread shown is
//! entered; another thread is resumed, which on a shared service joins it); Tab jumps to the
//! next thread that waits for you; `f` cycles the filters (All, Needs you, Running, Idle,
//! Failed: `session::board_filter`); `r` asks the server again. The selected thread's details
//! (`session::board_details`) show beside the list, or under it on a narrow screen.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::board::{rows, BoardRow, ThreadState};
use crate::session::board_filter::BoardFilter;
use crate::session::state::{Open, Session};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardView {
    /// Which row of the rows the filter keeps ([`BoardView::visible`]).
    pub selected: PickList,
    /// Which threads are listed (`f`).
    pub(crate) filter: BoardFilter,
}

/// `/threads`: the board opens and asks the server for its loaded threads.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = crate::session::board::list(state);
    Outcome::Open(super::Layer::Board(BoardView::default()), effects)
}

/// What the board's keys read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardState {
    pub any: bool,
    pub many: bool,
    /// A thread waits for the person.
    pub waiting: bool,
    /// No listing is on its way.
    pub idle: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoardKey {
    Move(Move),
    Open,
    NextWaiting,
    Refresh,
    Filter,
    Close,
}

pub(crate) static KEYS: KeyTable<BoardState, BoardKey> = KeyTable::new(
    "board",
    "Threads",
    &[
        list_rows::up_k(BoardKey::Move(Move::Up), "select")
            .when("more than one thread", |s: &BoardState| s.many),
        list_rows::down_j(BoardKey::Move(Move::Down), "select")
            .when("more than one thread", |s: &BoardState| s.many),
        KeyRow::new("open", &[Chord::ENTER], BoardKey::Open, "open")
            .explained("show the selected thread (resumed, or joined on a shared service)")
            .when("a thread is listed", |s: &BoardState| s.any),
        KeyRow::new(
            "next_waiting",
            &[Chord::TAB],
            BoardKey::NextWaiting,
            "next waiting",
        )
        .explained("the next thread that waits for you")
        .when("a thread waits for you", |s: &BoardState| s.waiting),
        KeyRow::new("refresh", &[Chord::ch('r')], BoardKey::Refresh, "refresh")
            .explained("ask the server for its loaded threads again")
            .when("no listing is on its way", |s: &BoardState| s.idle),
        KeyRow::new("filter", &[Chord::ch('f')], BoardKey::Filter, "filter")
            .explained("list all threads, those that need you, running, idle or failed ones"),
        list_rows::close_q(BoardKey::Close, "close"),
        list_rows::page_up(BoardKey::Move(Move::PageUp), "a page up/down")
            .when("more than one thread", |s: &BoardState| s.many)
            .help(),
        list_rows::page_down(BoardKey::Move(Move::PageDown), "a page up/down")
            .when("more than one thread", |s: &BoardState| s.many)
            .help(),
        list_rows::first(BoardKey::Move(Move::First), "first/last"),
        list_rows::last(BoardKey::Move(Move::Last), "first/last"),
    ],
    // Ctrl and Alt keys reach the conversation (Ctrl+T, the Ctrl+C ladder).
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

impl BoardView {
    /// The rows the filter keeps: what the list shows and the keys move through.
    pub(crate) fn visible(&self, session: &Session) -> Vec<BoardRow> {
        self.filter.keep(rows(session))
    }

    /// `f`: the next filter, its first row selected.
    fn next_filter(&mut self, session: &Session) {
        self.filter = self.filter.next();
        self.selected = PickList::default();
        self.selected.clamp(self.visible(session).len());
    }

    fn facts(&self, session: &Session) -> BoardState {
        let rows = self.visible(session);
        BoardState {
            any: !rows.is_empty(),
            many: rows.len() > 1,
            waiting: rows.iter().any(|r| r.state == ThreadState::WaitingForYou),
            idle: !session.board.listing,
        }
    }

    /// Tab: the next row, after the selected one and around, whose thread waits for you.
    fn next_waiting(&mut self, session: &Session) {
        let rows = self.visible(session);
        let len = rows.len();
        let at = self.selected.index(len).unwrap_or(0);
        if let Some(next) = (1..=len)
            .map(|step| (at + step) % len)
            .find(|&i| rows[i].state == ThreadState::WaitingForYou)
        {
            self.selected.select(next, len);
        }
    }

    fn open_selected(&mut self, cx: &mut Ctx<'_>) -> Outcome {
        let rows = self.visible(cx);
        let Some(row) = self.selected.index(rows.len()).map(|at| &rows[at]) else {
            return Outcome::Consumed(vec![]);
        };
        if row.shown {
            return Outcome::Close(vec![]);
        }
        if row.key.server != cx.server_id {
            // Another server's thread opens on that server's connection, not this one.
            let words = format!(
                "That thread is on {}: open it there.",
                crate::text::sanitize::sanitize_line(row.key.server.name())
            );
            crate::session::notices::repeated(
                cx.session_mut(),
                crate::model::NoticeLevel::Info,
                words,
            );
            return Outcome::Consumed(vec![]);
        }
        let id = row.key.id.clone();
        if cx.agents.in_family(&id) {
            return Outcome::Close(crate::session::agent_switch::enter(cx.session_mut(), &id));
        }
        if crate::session::threads::busy(cx.session_mut(), "open another thread") {
            return Outcome::Close(vec![]);
        }
        Outcome::Close(crate::session::lifecycle::open(
            cx.session_mut(),
            Open::Resume(id),
        ))
    }
}

impl LayerView for BoardView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                BoardKey::Close => return Outcome::Close(vec![]),
                BoardKey::Move(to) => {
                    let len = self.visible(cx).len();
                    self.selected.go(to, len);
                }
                BoardKey::NextWaiting => self.next_waiting(cx),
                BoardKey::Refresh => {
                    return Outcome::Consumed(crate::session::board::list(cx.session_mut()))
                }
                BoardKey::Open => return self.open_selected(cx),
                BoardKey::Filter => self.next_filter(cx),
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Threads"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
