//! A thread another codex is writing to (`thread/resume`: "already has an active writer"; two
//! windows on one `CODEX_HOME`): a box that says so, with what can be done, as the official TUI
//! offers — try again (once the other window has closed it), continue in a fork (`thread/fork`
//! works on a locked thread), or start a new thread; and, when the local codex service runs
//! (the shared server the official TUI starts), join the thread over it (`session::join`). The
//! box closes when a thread opens.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Rest, Words};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::lifecycle;
use crate::session::state::lifecycle::Open;
use crate::session::state::{Resume, Session};

#[derive(Debug, Clone, PartialEq)]
pub struct LockedThread {
    /// The thread, when the server's message named it.
    pub thread_id: Option<String>,
    /// The server's words.
    pub error: String,
    /// What was asked and not answered yet ("Trying again…", "Forking…").
    pub busy: Option<&'static str>,
}

impl LockedThread {
    pub fn new(thread_id: Option<String>, error: String) -> LockedThread {
        LockedThread {
            thread_id,
            error,
            busy: None,
        }
    }
}

/// What the box's key rows read: whether the server named the thread (so it can be tried
/// again or forked), and whether leaving means a new thread (nothing is under the box).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LockedKeys {
    pub named: bool,
    pub fresh: bool,
    /// The thread can be joined over the local codex service.
    pub join: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LockedKey {
    Retry,
    Fork,
    Join,
    New,
    Leave,
}

fn named(s: &LockedKeys) -> bool {
    s.named
}

pub(crate) static KEYS: KeyTable<LockedKeys, LockedKey> = KeyTable::new(
    "locked_thread",
    "Thread open elsewhere",
    &[
        KeyRow::new("retry", &[Chord::ch('r')], LockedKey::Retry, "try again")
            .explained("try again, once the other window has let it go")
            .when("codex named the thread", named),
        KeyRow::new(
            "fork",
            &[Chord::ch('f')],
            LockedKey::Fork,
            "continue in a fork",
        )
        .when("codex named the thread", named),
        KeyRow::new(
            "join",
            &[Chord::ch('j')],
            LockedKey::Join,
            "join it over the codex service",
        )
        .explained("open it over the local codex service that holds it: both windows follow it")
        .when(
            "the codex service runs here and codex named the thread",
            |s| s.named && s.join,
        ),
        KeyRow::new("new", &[Chord::ch('n')], LockedKey::New, "new thread"),
        KeyRow::new("leave", &[Chord::ESC], LockedKey::Leave, "back").words_by(|s: &LockedKeys| {
            let bar = if s.fresh { "new thread" } else { "back" };
            Words { bar, help: bar }
        }),
    ],
    Rest::SWALLOW,
);

impl LockedThread {
    fn key_state(&self, session: &Session) -> LockedKeys {
        LockedKeys {
            named: self.thread_id.is_some(),
            fresh: session.shown.thread.is_none() && session.config.resume != Resume::Pick,
            join: crate::session::join::can_join(session),
        }
    }
}

impl LayerView for LockedThread {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let state = self.key_state(cx);
        Outcome::of_key(KEYS.resolve(key, &state, &cx.config.keymap), |action| {
            match (action, self.thread_id.clone()) {
                (LockedKey::Retry, Some(id)) => {
                    self.busy = Some("Trying again…");
                    Outcome::Consumed(lifecycle::open(cx.session_mut(), Open::Resume(id)))
                }
                (LockedKey::Fork, Some(thread_id)) => {
                    self.busy = Some("Forking…");
                    Outcome::Consumed(lifecycle::open(cx.session_mut(), Open::Fork(thread_id)))
                }
                (LockedKey::Join, Some(thread_id)) if state.join => {
                    self.busy = Some("Joining over the codex service…");
                    Outcome::Consumed(crate::session::join::join_service(
                        cx.session_mut(),
                        thread_id,
                    ))
                }
                (LockedKey::New, _) => Outcome::Close(start_fresh(cx.session_mut())),
                // Opened at startup with nothing under it (`tern resume ID`): leaving means a new
                // thread, as `n`. Under the picker, Esc goes back to it.
                (LockedKey::Leave, _) if state.fresh => {
                    Outcome::Close(start_fresh(cx.session_mut()))
                }
                (LockedKey::Leave, _) => Outcome::Close(vec![]),
                (LockedKey::Retry | LockedKey::Fork | LockedKey::Join, _) => {
                    Outcome::Consumed(vec![])
                }
            }
        })
    }

    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::ThreadLocked { thread_id, error } => {
                if thread_id.is_some() {
                    self.thread_id = thread_id.clone();
                }
                self.error = error.clone();
                self.busy = None;
                Outcome::Consumed(vec![])
            }
            LayerEvent::OpenRefused { error } if self.busy.is_some() => {
                self.error = error.clone();
                self.busy = None;
                Outcome::Consumed(vec![])
            }
            // A thread opened: the box goes, and the layer below (a picker) hears it too.
            LayerEvent::ThreadOpened => Outcome::CloseAndFallThrough,
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Thread open elsewhere"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.key_state(cx), &cx.config.keymap)
    }
}

/// `n`: a new thread in place of the one that would not open.
fn start_fresh(session: &mut Session) -> Vec<Effect> {
    if session.shown.thread.is_some() {
        return lifecycle::new_thread(session);
    }
    lifecycle::open(session, Open::New)
}
