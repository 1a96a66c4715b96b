//! The inbox (Ctrl+T, `/inbox`): every question waiting for the person — the shown thread's,
//! its agents', every other thread's this tern follows — oldest first, each with its thread,
//! what it asks and its age; the selected one's whole question under the list, rendered as the
//! question itself renders it (every grant shown). A letter answers the selected question as
//! the question's own key would, confirmations included; Enter opens it whole. It takes no
//! text: the router's type-ahead gate (`choice_gate`) lets a key through only after a pause,
//! so nothing typed or pasted as the inbox appeared answers anything.
//!
//! Answering goes through the question itself: the selected one is brought to the screen
//! (`QuestionQueue::bring`) and takes the key there, so the reply, its record and its request
//! id (a reconnect re-keys a waiting question in place) are the question's own.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::model::OptionKind;
use crate::protocol::RequestId;
use crate::session::event::LayerEvent;
use crate::session::state::choice_gate::ChoiceGate;
use crate::session::state::thread_key::ServerId;
use crate::session::state::Session;
use crossterm::event::KeyEvent;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxView {
    /// Which waiting question, oldest first (`QuestionQueue::waiting`).
    pub selected: PickList,
    /// Keys only after a pause in typing (the questions' own rule).
    pub gate: ChoiceGate,
}

/// Ctrl+T, `/inbox`: the inbox, its oldest question selected.
pub(crate) fn open(state: &Session, now: Instant) -> Outcome {
    let quiet = state
        .config
        .approval_read_guard
        .unwrap_or(crate::session::state::guard::QUIET);
    let gate = ChoiceGate::new(now, quiet);
    Outcome::Open(
        super::Layer::Inbox(InboxView {
            selected: PickList::default(),
            gate,
        }),
        vec![],
    )
}

/// What the inbox's keys read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InboxState {
    /// A question is selected.
    pub any: bool,
    /// More than one waits (the selection moves).
    pub many: bool,
    /// The selected question's answers, by their keys.
    pub letters: Vec<char>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InboxKey {
    Move(Move),
    Answer,
    Open,
    Close,
}

pub(crate) static KEYS: KeyTable<InboxState, InboxKey> = KeyTable::new(
    "inbox",
    "Inbox",
    &[
        list_rows::up(InboxKey::Move(Move::Up), "select")
            .when("more than one waits", |s: &InboxState| s.many),
        list_rows::down(InboxKey::Move(Move::Down), "select")
            .when("more than one waits", |s: &InboxState| s.many),
        KeyRow::new("answer", &[], InboxKey::Answer, "answer")
            .keys_by("the selected question's letters", |s: &InboxState| {
                s.letters.iter().map(|&c| Chord::ch(c)).collect()
            })
            .explained("answer the selected question, as its own key does (after a pause)")
            .when(
                "the selected question has answers by letter",
                |s: &InboxState| !s.letters.is_empty(),
            ),
        KeyRow::new("open", &[Chord::ENTER], InboxKey::Open, "open")
            .explained("open the selected question whole")
            .when("a question is selected", |s: &InboxState| s.any),
        KeyRow::new(
            "close",
            &[Chord::ESC, Chord::ctrl('t')],
            InboxKey::Close,
            "close",
        )
        .bar_keys(1),
        list_rows::page_up(InboxKey::Move(Move::PageUp), "a page up/down")
            .when("more than one waits", |s: &InboxState| s.many)
            .help(),
        list_rows::page_down(InboxKey::Move(Move::PageDown), "a page up/down")
            .when("more than one waits", |s: &InboxState| s.many)
            .help(),
        list_rows::first(InboxKey::Move(Move::First), "first/last"),
        list_rows::last(InboxKey::Move(Move::Last), "first/last"),
    ],
    // Ctrl and Alt keys reach the conversation; a letter no answer has does nothing.
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

impl InboxView {
    fn facts(&self, session: &Session) -> InboxState {
        let waiting = session.questions.waiting();
        let selected = self
            .selected
            .index(waiting.len())
            .map(|at| &waiting[at].question);
        InboxState {
            any: selected.is_some(),
            many: waiting.len() > 1,
            // tern's own question and forms take no letters from here: Enter opens them.
            letters: selected
                .filter(|q| !q.is_local())
                .map(|q| q.options.iter().map(|o| o.key).collect())
                .unwrap_or_default(),
        }
    }

    /// The selected question: its server and its id there.
    pub(crate) fn chosen(&self, session: &Session) -> Option<(ServerId, RequestId)> {
        let waiting = session.questions.waiting();
        let at = self.selected.index(waiting.len())?;
        Some((waiting[at].server.clone(), waiting[at].question.id.clone()))
    }

    /// The selected question, when this connection can answer it (a question of another
    /// server is answered there: `thread_key`); else says so.
    fn answerable(&self, cx: &mut Ctx<'_>) -> Option<(ServerId, RequestId)> {
        let (server, id) = self.chosen(cx)?;
        if server == cx.server_id {
            return Some((server, id));
        }
        crate::session::notices::repeated(
            cx.session_mut(),
            crate::model::NoticeLevel::Info,
            format!(
                "That question waits on {}: answer it there.",
                crate::text::sanitize::sanitize_line(server.name())
            ),
        );
        None
    }

    fn take(&mut self, key: KeyEvent, cx: &mut Ctx<'_>) -> Outcome {
        let facts = self.facts(cx);
        let resolved = KEYS.resolve(&key, &facts, &cx.config.keymap);
        Outcome::of_key(resolved, |action| match action {
            InboxKey::Close => Outcome::Close(vec![]),
            InboxKey::Answer => self.answer(key, cx),
            InboxKey::Move(to) => {
                self.selected.go(to, cx.questions.waiting_count());
                Outcome::Consumed(vec![])
            }
            InboxKey::Open => {
                let Some((server, id)) = self.answerable(cx) else {
                    return Outcome::Consumed(vec![]);
                };
                let now = cx.now;
                // Shown whole, read before it takes keys (its own type-ahead gate).
                cx.questions_mut().bring(&server, &id, now, false);
                Outcome::Consumed(vec![])
            }
        })
    }

    /// A letter: the selected question's answer under that key, given as the question itself
    /// takes it. A letter it does not offer does nothing; the exec-policy rule (`p`) opens the
    /// question whole, where its chooser opens.
    fn answer(&mut self, key: KeyEvent, cx: &mut Ctx<'_>) -> Outcome {
        let Some((server, id)) = self.answerable(cx) else {
            return Outcome::Consumed(vec![]);
        };
        let Some(c) = Chord::typed_char(&key) else {
            return Outcome::Consumed(vec![]);
        };
        let kind = cx
            .questions
            .waiting()
            .into_iter()
            .find(|q| q.is(&server, &id))
            .and_then(|q| q.question.option(c).map(|o| o.kind.clone()));
        let now = cx.now;
        match kind {
            None => Outcome::Consumed(vec![]),
            Some(OptionKind::Prefix(_)) => {
                cx.questions_mut().bring(&server, &id, now, true);
                Outcome::Consumed(vec![])
            }
            Some(_) => {
                // The inbox's gate saw the pause: the question takes the key at once.
                cx.questions_mut().bring(&server, &id, now, true);
                let outcome = super::question::keys::handle(cx, &Input::Key(key));
                let waiting = cx.questions.waiting_count();
                self.selected.clamp(waiting);
                outcome
            }
        }
    }
}

impl LayerView for InboxView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        match input {
            Input::Key(key) => self.take(*key, cx),
            // A paste never answers (the gate refused it); the wheel scrolls nothing here.
            _ => Outcome::Consumed(vec![]),
        }
    }

    /// A key held by the type-ahead gate with no other after it was meant: it acts now.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::LayerTimer {
            return Outcome::Ignored;
        }
        match (self.gate.take_due(cx.now), self.gate.due()) {
            (Some(key), _) => self.take(key, cx),
            (None, Some(due)) => {
                let timer = &mut cx.session.layer_timer;
                *timer = Some(timer.map_or(due, |t| t.min(due)));
                Outcome::Consumed(vec![])
            }
            (None, None) => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Inbox"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }

    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        Some(&mut self.gate)
    }
}
