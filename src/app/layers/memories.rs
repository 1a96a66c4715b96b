//! `/memories`: whether codex keeps and uses memories in this thread (`m` turns it on or off:
//! `thread/memoryMode/set`), codex's memory status, and the summary codex holds for the thread,
//! line by line in the one list view so a long one scrolls. `r` resets every memory codex holds,
//! only after `y` in the one confirm box: it cannot be undone.

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::memories;
use crate::session::state::Session;

/// The width the summary is wrapped to, for both the keys (how many lines) and the box.
pub(crate) const SUMMARY_WIDTH: usize = 96;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct MemoriesView {
    /// The line of the summary in view.
    pub selected: PickList,
    /// The summary's lines, wrapped (`summary_lines`): made as the box opens and when the
    /// summary changes (`LayerEvent::MemoriesChanged`), never per frame.
    pub(crate) summary: Vec<String>,
}

/// `/memories`: opens at once and reads the summary and the status.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let effects = memories::refresh(state);
    let view = MemoriesView {
        selected: PickList::default(),
        summary: summary_lines(state),
    };
    Outcome::Open(super::Layer::Memories(view), effects)
}

/// The summary's lines, wrapped (sanitised where drawn).
pub(crate) fn summary_lines(session: &Session) -> Vec<String> {
    let Some(Some(summary)) = &session.plugins.memories.summary else {
        return vec![];
    };
    crate::model::work::step(summary.len());
    crate::text::sanitize::visible_text(summary)
        .into_iter()
        .flat_map(|line| {
            let spans = [ratatui::text::Span::raw(line)];
            let rows = crate::render::wrap::wrap_spans(&spans, SUMMARY_WIDTH, &[], &[]);
            let rows: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
            if rows.is_empty() {
                vec![String::new()]
            } else {
                rows
            }
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MemoriesKeys {
    /// Memory on for this thread (as tern set it); `None` until set from here.
    pub mode: Option<bool>,
    pub has_thread: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MemoriesKey {
    Move(Move),
    Mode,
    Reset,
    Close,
}

pub(crate) static KEYS: KeyTable<MemoriesKeys, MemoriesKey> = KeyTable::new(
    "memories",
    "Memories",
    &[
        list_rows::up_k(MemoriesKey::Move(Move::Up), "scroll"),
        list_rows::down_j(MemoriesKey::Move(Move::Down), "scroll"),
        KeyRow::new(
            "mode",
            &[Chord::ch('m')],
            MemoriesKey::Mode,
            "memory on/off",
        )
        .explained("turn memory on or off for this thread")
        .when("a thread is open", |k: &MemoriesKeys| k.has_thread),
        KeyRow::new("reset", &[Chord::ch('r')], MemoriesKey::Reset, "reset")
            .explained("reset every memory codex holds (asks first)"),
        list_rows::close_q(MemoriesKey::Close, "close"),
        list_rows::first(MemoriesKey::Move(Move::First), "top/bottom"),
        list_rows::last(MemoriesKey::Move(Move::Last), "top/bottom"),
    ],
    Rest::SWALLOW,
);

impl MemoriesView {
    fn facts(&self, session: &Session) -> MemoriesKeys {
        MemoriesKeys {
            mode: session.plugins.memories.mode,
            has_thread: session.thread_id().is_some(),
        }
    }
}

impl LayerView for MemoriesView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.summary.len();
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                MemoriesKey::Close => return Outcome::Close(vec![]),
                MemoriesKey::Move(to) => {
                    self.selected.go(to, n);
                }
                MemoriesKey::Mode => {
                    // Unset here, codex's config decides; memory is on by default there.
                    let on = facts.mode.unwrap_or(true);
                    return Outcome::Consumed(memories::set_mode(cx.session_mut(), !on));
                }
                MemoriesKey::Reset => {
                    let ask = Confirmable::ResetMemories;
                    return Outcome::Open(Layer::Confirm(Confirm { ask }), vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::MemoriesChanged {
            return Outcome::Ignored;
        }
        self.summary = summary_lines(cx);
        self.selected.clamp(self.summary.len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Memories"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.summary.len() + 6
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
