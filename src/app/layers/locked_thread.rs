//! A thread another codex is writing to (`thread/resume`: "already has an active writer"; two
//! windows on one `CODEX_HOME`): a box that says so, with what can be done, as the official TUI
//! offers — try again (once the other window has closed it), continue in a fork (`thread/fork`
//! works on a locked thread), or start a new thread. The box closes when a thread opens.

use super::{Ctx, LayerView, Outcome};
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::lifecycle;
use crate::app::state::lifecycle::Open;
use crate::app::state::{Resume, Session};
use crossterm::event::KeyCode;
use std::time::Instant;

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

impl LayerView for LockedThread {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let id = self.thread_id.clone();
        match (key.code, id) {
            (KeyCode::Char('r'), Some(id)) => {
                self.busy = Some("Trying again…");
                Outcome::Consumed(lifecycle::open(cx, Open::Resume(id)))
            }
            (KeyCode::Char('f'), Some(thread_id)) => {
                self.busy = Some("Forking…");
                Outcome::Consumed(lifecycle::open(cx, Open::Fork(thread_id)))
            }
            (KeyCode::Char('n'), _) => Outcome::Close(start_fresh(cx)),
            // Opened at startup with nothing under it (`tern resume ID`): leaving means a new
            // thread, as `n`. Under the picker, Esc goes back to it.
            (KeyCode::Esc, _) if cx.shown.thread.is_none() && cx.config.resume != Resume::Pick => {
                Outcome::Close(start_fresh(cx))
            }
            (KeyCode::Esc, _) => Outcome::Close(vec![]),
            _ => Outcome::Consumed(vec![]),
        }
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

    fn hints(&self, session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = Vec::new();
        if self.thread_id.is_some() {
            hints.push(Hint::new("r", "try again"));
            hints.push(Hint::new("f", "continue in a fork"));
        }
        hints.push(Hint::new("n", "new thread"));
        let fresh = session.shown.thread.is_none() && session.config.resume != Resume::Pick;
        hints.push(Hint::new("Esc", if fresh { "new thread" } else { "back" }));
        hints
    }
}

/// `n`: a new thread in place of the one that would not open.
fn start_fresh(session: &mut Session) -> Vec<Effect> {
    if session.shown.thread.is_some() {
        return lifecycle::new_thread(session);
    }
    lifecycle::open(session, Open::New)
}
