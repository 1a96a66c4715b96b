//! "Trust this folder?", asked before the session's first thread when codex's config has no
//! trust for the folder (`session::trust`). `y`, `1` or Enter trusts it (codex's config gets
//! the entry, then the thread starts with the sandbox codex gives a trusted folder); `n`, `2`
//! or Esc runs it read-only. Nothing else answers: a paste or a stray key never writes codex's
//! config.
//!
//! The question comes up at startup, when the person may be typing their first prompt: like a
//! sign-in's choice, it takes a key only after a pause in typing and alone (`choice_gate`), so
//! a `y` or an Enter typed for the prompt never trusts the folder.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, Fate, KeyList, KeyRow, KeyTable, Rest};
use crate::session::event::LayerEvent;
use crate::session::state::choice_gate::ChoiceGate;
use crate::session::state::guard::QUIET;
use crate::session::state::Session;
use crate::session::{lifecycle, trust};
use crossterm::event::KeyEvent;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct TrustFolder {
    /// Whether a key was meant for the question (typing and pastes are refused).
    pub gate: ChoiceGate,
}

impl TrustFolder {
    /// The question, shown at `now`.
    pub(crate) fn new(session: &Session, now: Instant) -> TrustFolder {
        TrustFolder {
            gate: ChoiceGate::new(now, session.config.approval_read_guard.unwrap_or(QUIET)),
        }
    }

    /// A key the gate let through: answered by the table.
    fn take(&mut self, key: &KeyEvent, cx: &mut Ctx<'_>) -> Outcome {
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            let step = trust::answered(cx.session_mut(), action == TrustKey::Trust);
            Outcome::Close(lifecycle::trust_step(cx.session_mut(), step))
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TrustKey {
    Trust,
    ReadOnly,
}

pub(crate) static KEYS: KeyTable<TrustFolder, TrustKey> = KeyTable::new(
    "trust_folder",
    "Trust this folder?",
    &[
        KeyRow::new(
            "trust",
            &[Chord::ch('y'), Chord::ch('1'), Chord::ENTER, Chord::ch('Y')],
            TrustKey::Trust,
            "trust and continue",
        )
        .explained("save the trust in codex's config; codex may then edit and run files here")
        .bar_keys(2),
        KeyRow::new(
            "read_only",
            &[Chord::ch('n'), Chord::ch('2'), Chord::ESC, Chord::ch('N')],
            TrustKey::ReadOnly,
            "no, run read-only",
        )
        .explained("save nothing; codex runs this folder read-only (asked again next time)")
        .bar_keys(2),
    ],
    // Keys with Ctrl or Alt reach the conversation (the Ctrl+C ladder); the rest wait.
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

impl LayerView for TrustFolder {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // A paste is not an answer.
            return Outcome::Consumed(vec![]);
        };
        self.take(key, cx)
    }

    /// A moment came: the key the gate held, with no other after it, was meant.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if !matches!(event, LayerEvent::LayerTimer) {
            return Outcome::Ignored;
        }
        match (self.gate.take_due(cx.now), self.gate.due()) {
            (Some(key), _) => self.take(&key, cx),
            // Another layer's moment woke the app first: this one's is asked for again.
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
        "Trust this folder?"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        Some(&mut self.gate)
    }
}
