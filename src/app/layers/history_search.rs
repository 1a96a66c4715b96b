//! Ctrl+R: search the prompt history. Typing filters (case-insensitive, newest first), ↑/↓ or
//! Ctrl+R move, Enter puts the entry in the composer, Esc or Ctrl+C leave the composer as it
//! was (Ctrl+C reaches it from the router, which hands it to a layer whose table takes it).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::session::state::Session;

/// The most matches listed at once.
pub(crate) const SHOWN: usize = 8;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct HistorySearch {
    pub query: LineInput,
    /// The matching entries, newest first, each once.
    pub matches: Vec<String>,
    pub selected: PickList,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HistoryKey {
    Older,
    Newer,
    Use,
    Cancel,
    Backspace,
}

pub(crate) static KEYS: KeyTable<HistorySearch, HistoryKey> = KeyTable::new(
    "history",
    "History search",
    &[
        list_rows::older_prompt(HistoryKey::Older, "older / newer"),
        list_rows::newer_prompt(HistoryKey::Newer, "older / newer"),
        KeyRow::new("use", &[Chord::ENTER], HistoryKey::Use, "use it")
            .explained("put it in the composer"),
        KeyRow::new(
            "cancel",
            &[Chord::ESC, Chord::ctrl('c')],
            HistoryKey::Cancel,
            "cancel",
        )
        .explained("cancel, the draft as it was"),
        list_rows::filter_back(HistoryKey::Backspace),
    ],
    Rest::typing("filter"),
);

impl HistorySearch {
    pub fn open(session: &Session) -> HistorySearch {
        let mut search = HistorySearch::default();
        search.refresh(session);
        search
    }

    fn refresh(&mut self, session: &Session) {
        let needle = self.query.to_lowercase();
        let mut matches: Vec<String> = Vec::new();
        for entry in session.composer.prompt_history.entries().iter().rev() {
            if entry.to_lowercase().contains(&needle) && !matches.contains(entry) {
                matches.push(entry.clone());
            }
        }
        self.matches = matches;
        self.selected.first();
    }

    /// The first match shown, so the selected one is in view.
    pub(crate) fn first_shown(&self) -> usize {
        self.selected.first_shown(SHOWN, self.matches.len())
    }

    /// The selected match's index.
    pub(crate) fn selected_index(&self) -> Option<usize> {
        self.selected.index(self.matches.len())
    }
}

impl LayerView for HistorySearch {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let key = match input {
            Input::Key(key) => key,
            Input::Paste(text) => {
                self.query.paste(text);
                self.refresh(cx);
                return Outcome::Consumed(vec![]);
            }
            Input::Mouse(_) => return Outcome::Ignored,
        };
        let count = self.matches.len();
        Outcome::of_key_or_typed(KEYS.resolve(key, self, &cx.config.keymap), |row| {
            match row {
                Some(HistoryKey::Cancel) => return Outcome::Close(vec![]),
                Some(HistoryKey::Use) => {
                    if let Some(entry) = self.selected_index().and_then(|at| self.matches.get(at)) {
                        cx.composer_mut().set_text(entry);
                    }
                    return Outcome::Close(vec![]);
                }
                // The list is newest first: older is further down it.
                Some(HistoryKey::Older) => {
                    self.selected.step(1, count);
                }
                Some(HistoryKey::Newer) => {
                    self.selected.step(-1, count);
                }
                Some(HistoryKey::Backspace) => {
                    self.query.backspace();
                    self.refresh(cx);
                }
                None => {
                    if let Some(c) = Chord::typed_char(key) {
                        self.query.type_char(c);
                        self.refresh(cx);
                    }
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "History search"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    /// The query line and the matches shown (or the "no match" line).
    fn rows(&self, _width: u16, _session: &Session) -> usize {
        1 + self.matches.len().clamp(1, SHOWN)
    }
}
