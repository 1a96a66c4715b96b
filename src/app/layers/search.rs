//! Transcript search: type a query, jump between matches, matches highlighted on screen.
//!
//! Matches are found in the laid-out rows (what the person sees), so a match is a row of a cell
//! and a byte range of that row's text. Lower-case queries ignore case; a capital letter makes
//! the search case-sensitive (smart case).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyTable, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::scroll::{Anchor, Measure};
use crate::controls::view::View;
use crate::model::CellKind;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use ratatui::text::Line;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub cell: usize,
    pub row: usize,
    pub range: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SearchKey {
    Older,
    Newer,
    Close,
    Backspace,
}

pub(crate) static KEYS: KeyTable<Search, SearchKey> = KeyTable::new(
    "search",
    "Search",
    &[
        list_rows::older_match(SearchKey::Older, "older match"),
        list_rows::newer_match(SearchKey::Newer, "newer match"),
        list_rows::close(SearchKey::Close, "close search")
            .explained("close the bar, the view stays where the search took it"),
        list_rows::filter_back(SearchKey::Backspace),
        list_rows::to_transcript(SearchKey::Close, "reach the transcript"),
    ],
    Rest::typing(""),
);

#[derive(Debug, Default)]
pub struct Search {
    pub query: LineInput,
    pub matches: Vec<Match>,
    /// Index into `matches` of the one the view was moved to.
    pub current: Option<usize>,
}

impl Search {
    /// Finds every match of the query in the transcript as laid out in `view`, and makes the
    /// last one at or above `before` (the bottom of the window) current: the most recent match
    /// the person could have been looking at.
    pub(crate) fn refresh(&mut self, view: &View<'_>, before: Anchor) {
        self.matches.clear();
        self.current = None;
        if self.query.is_empty() {
            return;
        }
        for cell in 0..view.cells() {
            if !might_match(view.transcript.cells()[cell].kind(), &self.query) {
                continue;
            }
            let laid = view.cell(cell);
            for (row, line) in laid.iter().enumerate() {
                for range in find_all(&plain_text(line), &self.query) {
                    self.matches.push(Match { cell, row, range });
                }
            }
        }
        let at_or_above = self.matches.iter().rposition(|m| {
            Anchor {
                cell: m.cell,
                row: m.row,
            } <= before
        });
        self.current = at_or_above.or((!self.matches.is_empty()).then_some(0));
    }

    /// Older history was put above the transcript: the matches found move down with their
    /// cells (matches in the new cells are found on the next refresh).
    pub(crate) fn cells_prepended(&mut self, cells: usize) {
        for m in &mut self.matches {
            m.cell += cells;
        }
    }

    /// The oldest cells were dropped: matches move up with their cells, those in dropped cells
    /// go.
    pub(crate) fn cells_dropped(&mut self, dropped: &crate::model::transcript::CellsDropped) {
        let before = self.matches.len();
        self.matches.retain_mut(|m| match dropped.map(m.cell) {
            Some(cell) => {
                m.cell = cell;
                true
            }
            None => false,
        });
        let gone = before - self.matches.len();
        self.current = self
            .current
            .map(|c| c.saturating_sub(gone))
            .filter(|_| !self.matches.is_empty());
    }

    /// Moves to the next older (`-1`) or newer (`+1`) match, wrapping around.
    pub(crate) fn step(&mut self, direction: isize) {
        let count = self.matches.len();
        if count == 0 {
            return;
        }
        let now = self.current.unwrap_or(0) as isize;
        self.current = Some((now + direction).rem_euclid(count as isize) as usize);
    }

    pub fn current_match(&self) -> Option<&Match> {
        self.matches.get(self.current?)
    }

    fn refresh_in(&mut self, cx: &Ctx<'_>) {
        let view = cx.view_in(cx.areas.transcript);
        let bottom = cx.shown.scroll.bottom(&view);
        self.refresh(&view, bottom);
    }

    /// Scrolls the transcript to the current match.
    fn reveal_in(&self, cx: &mut Ctx<'_>) {
        let Some(m) = self.current_match() else {
            return;
        };
        let target = Anchor {
            cell: m.cell,
            row: m.row,
        };
        let area = cx.areas.transcript;
        cx.scroll_with(area, |s, v| s.reveal(target, v));
    }
}

impl LayerView for Search {
    /// Keys edit the query and move between matches; Esc closes the bar and leaves the view
    /// where the search took it. Paging, the wheel and Ctrl+O reach the transcript below; a
    /// paste goes into the query.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let key = match input {
            Input::Key(key) => key,
            Input::Paste(text) => {
                self.query.paste(text);
                self.refresh_in(cx);
                self.reveal_in(cx);
                return Outcome::Consumed(vec![]);
            }
            Input::Mouse(_) => return Outcome::Ignored,
        };
        Outcome::of_key_or_typed(KEYS.resolve(key, self, &cx.config.keymap), |row| {
            match row {
                Some(SearchKey::Close) => return Outcome::Close(vec![]),
                Some(SearchKey::Older) => self.step(-1),
                Some(SearchKey::Newer) => self.step(1),
                Some(SearchKey::Backspace) => {
                    self.query.backspace();
                    self.refresh_in(cx);
                }
                None => {
                    if let Some(c) = Chord::typed_char(key) {
                        self.query.type_char(c);
                        self.refresh_in(cx);
                    }
                }
            }
            self.reveal_in(cx);
            Outcome::Consumed(vec![])
        })
    }

    /// Older turns came in above: the matches move down with their cells.
    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::CellsPrepended(cells) => {
                self.cells_prepended(*cells);
                Outcome::Consumed(vec![])
            }
            LayerEvent::CellsDropped(dropped) => {
                self.cells_dropped(dropped);
                Outcome::Consumed(vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn works_on_the_transcript(&self) -> bool {
        true
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Search"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        1
    }
}

/// Whether a message could show the query, judged from its source without laying it out:
/// every word of the query must appear in it (markup may sit between the words). Laying out
/// thousands of messages to search them would stall a keypress; other cells are small.
fn might_match(kind: &CellKind, query: &str) -> bool {
    let source = match kind {
        CellKind::Agent { markdown, .. } => markdown.as_str(),
        CellKind::User { text } | CellKind::Reasoning { text } => text.as_str(),
        CellKind::ProposedPlan { markdown, .. } => markdown.as_str(),
        _ => return true,
    };
    let fold = !query.chars().any(char::is_uppercase);
    let folded;
    let haystack = if fold {
        folded = source.to_ascii_lowercase();
        folded.as_str()
    } else {
        source
    };
    query.split_whitespace().all(|word| {
        if fold {
            haystack.contains(&word.to_ascii_lowercase())
        } else {
            haystack.contains(word)
        }
    })
}

/// A line's text without its styles.
pub(crate) fn plain_text(line: &Line<'_>) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// Byte ranges of `query` in `text`, not overlapping. Smart case: a query with a capital
/// letter matches case-sensitively.
pub(crate) fn find_all(text: &str, query: &str) -> Vec<Range<usize>> {
    if query.is_empty() {
        return Vec::new();
    }
    let fold = !query.chars().any(char::is_uppercase);
    // ASCII-only lower-casing keeps byte offsets those of the original text.
    let (haystack, needle) = if fold {
        (text.to_ascii_lowercase(), query.to_ascii_lowercase())
    } else {
        (text.to_string(), query.to_string())
    };
    haystack
        .match_indices(&needle)
        .map(|(i, m)| i..i + m.len())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smart_case() {
        assert_eq!(find_all("Foo foo FOO", "foo"), vec![0..3, 4..7, 8..11]);
        assert_eq!(find_all("Foo foo FOO", "Foo"), vec![0..3]);
        assert_eq!(find_all("日本 foo", "foo"), vec![7..10]);
        assert!(find_all("abc", "").is_empty());
    }

    #[test]
    fn stepping_wraps_around() {
        let mut s = Search {
            query: LineInput::new("x"),
            matches: (0..3)
                .map(|row| Match {
                    cell: 0,
                    row,
                    range: 0..1,
                })
                .collect(),
            current: Some(0),
        };
        s.step(-1);
        assert_eq!(s.current, Some(2));
        s.step(1);
        assert_eq!(s.current, Some(0));
    }
}
