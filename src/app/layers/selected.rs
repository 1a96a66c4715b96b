//! A selected cell of the transcript, and copy mode over it (as tmux's copy mode). Alt+↑ from
//! the conversation selects the newest cell (`base::keys`' `select_cell`) with a cursor on its
//! first row; ↑/↓ (`k`/`j`) move the cursor a row, on into the next cell past either end,
//! ←/→ (`h`/`l`) a column, Alt+↑/↓ a whole cell, Home/End reach the ends. `v` / `V` start a
//! character / line selection from the cursor that can cross cells; `y` copies it (the whole
//! cell when there is none), `c` the whole cell (printable only, as `/copy`); `/` searches the
//! transcript; `d` opens the cell's turn diff, `f` the diff at the next file it mentions; `m`
//! on a `/review` cell comments on its findings (`review_findings`); Esc goes back to the
//! composer. The cell is `controls::selection`, the cursor
//! `controls::copy_cursor`, the selected text `controls::text_selection`.
//!
//! Alt+↑/↓ because nothing else takes them (the composer's ↑/↓ walk rows and earlier prompts,
//! Shift+↑/↓ scroll, Alt+←/→ move by words) and they work the same with text in the composer.
//! The official Codex TUI and Claude Code select no cell; their Esc Esc (pick an earlier
//! prompt to go back to) is held for issue 20's rewind.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::copy_cursor::CopyCursor;
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::controls::scroll::Anchor;
use crate::controls::selection::{cell_text, mentioned_files, CellSelection};
use crate::controls::text_selection::Rows;
use crate::controls::text_selection::{TextSelection, Unit};
use crate::model::locations::find_locations;
use crate::model::{CellKind, ItemCell, NoticeLevel};
use crate::session::actions;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crossterm::event::KeyCode;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectedCell {
    pub selection: CellSelection,
    /// How many of the cell's mentioned files `f` has opened: the next `f` opens the next.
    files_opened: usize,
    /// Copy mode's cursor in the cell, and the mark `v`/`V` set.
    cursor: CopyCursor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SelectedKey {
    Up,
    Down,
    Left,
    Right,
    Older,
    Newer,
    Oldest,
    Newest,
    MarkChars,
    MarkLines,
    Copy,
    CopyCell,
    Search,
    Diff,
    File,
    Evidence,
    Comment,
    Close,
}

fn has_mark(s: &SelectedCell) -> bool {
    s.cursor.has_mark()
}

pub(crate) static KEYS: KeyTable<SelectedCell, SelectedKey> = KeyTable::new(
    "selected",
    "Selected cell",
    &[
        KeyRow::new("copy", &[Chord::ch('y')], SelectedKey::Copy, "copy")
            .explained("copy the selection, or the whole cell when nothing is selected"),
        KeyRow::new(
            "select_chars",
            &[Chord::ch('v')],
            SelectedKey::MarkChars,
            "select",
        )
        .explained("start (or drop) a character selection at the cursor; it can cross cells")
        .bar_if(|s| !has_mark(s)),
        KeyRow::new(
            "select_lines",
            &[Chord::ch('V')],
            SelectedKey::MarkLines,
            "lines",
        )
        .explained("start (or drop) a line selection at the cursor")
        .help(),
        KeyRow::new(
            "copy_cell",
            &[Chord::ch('c')],
            SelectedKey::CopyCell,
            "copy cell",
        )
        .explained("copy the cell's text (printable only)")
        .help(),
        KeyRow::new("search", &[Chord::ch('/')], SelectedKey::Search, "search")
            .explained("search the transcript")
            .help(),
        KeyRow::new("diff", &[Chord::ch('d')], SelectedKey::Diff, "diff")
            .explained("its turn's changes, full screen")
            .help(),
        KeyRow::new(
            "file",
            &[Chord::ch('f'), Chord::ENTER],
            SelectedKey::File,
            "file",
        )
        .explained("the diff at a file the cell mentions (again: the next one)")
        .help(),
        KeyRow::new("up", &[Chord::UP, Chord::ch('k')], SelectedKey::Up, "move")
            .explained("the cursor a row up (on into the cell above)")
            .bar_keys(1),
        KeyRow::new(
            "down",
            &[Chord::DOWN, Chord::ch('j')],
            SelectedKey::Down,
            "move",
        )
        .explained("the cursor a row down (on into the cell below)")
        .help(),
        KeyRow::new(
            "left",
            &[Chord::LEFT, Chord::ch('h')],
            SelectedKey::Left,
            "left",
        )
        .explained("the cursor a column left")
        .help(),
        KeyRow::new(
            "right",
            &[Chord::RIGHT, Chord::ch('l')],
            SelectedKey::Right,
            "right",
        )
        .explained("the cursor a column right")
        .help(),
        KeyRow::new(
            "older",
            &[Chord::alt(KeyCode::Up)],
            SelectedKey::Older,
            "select",
        )
        .explained("the cell above")
        .help(),
        KeyRow::new(
            "newer",
            &[Chord::alt(KeyCode::Down)],
            SelectedKey::Newer,
            "select",
        )
        .explained("the cell below")
        .help(),
        KeyRow::new(
            "evidence",
            &[Chord::ch('e')],
            SelectedKey::Evidence,
            "evidence",
        )
        .explained("send a command's output to the agent as tool output, not as your words"),
        KeyRow::new(
            "comment",
            &[Chord::ch('m')],
            SelectedKey::Comment,
            "comment",
        )
        .explained("on a /review: comment on the finding at the cursor; keep/drop, send")
        .help(),
        list_rows::first(SelectedKey::Oldest, "first/last").named("oldest"),
        list_rows::last(SelectedKey::Newest, "first/last").named("newest"),
        list_rows::close_q(SelectedKey::Close, "back").explained("back to the composer"),
        list_rows::to_transcript(SelectedKey::Close, "reach the transcript"),
    ],
    Rest::SWALLOW,
);

/// Alt+↑ from the conversation: the newest cell selected (nothing happens in an empty
/// transcript).
pub(crate) fn open(state: &mut Session, transcript_area: ratatui::layout::Rect) -> Outcome {
    let Some(selection) = CellSelection::newest(&state.shown.transcript) else {
        return Outcome::Consumed(vec![]);
    };
    reveal(state, transcript_area, &selection);
    let layer = SelectedCell {
        selection,
        files_opened: 0,
        cursor: CopyCursor::default(),
    };
    Outcome::Open(super::Layer::Selected(layer), vec![])
}

/// Scrolls the transcript so the selected cell's first row is in view.
fn reveal(state: &mut Session, area: ratatui::layout::Rect, selection: &CellSelection) {
    reveal_row(state, area, selection, 0);
}

/// Scrolls the transcript so the cursor's row of the selected cell is in view.
fn reveal_row(
    state: &mut Session,
    area: ratatui::layout::Rect,
    selection: &CellSelection,
    row: usize,
) {
    if let Some(cell) = selection.index(&state.shown.transcript) {
        state.scroll_with(area, |s, v| s.reveal(Anchor { cell, row }, v));
    }
}

impl SelectedCell {
    /// What `v` or `V` selected, from the mark to the cursor.
    pub(crate) fn text_selection(
        &self,
        transcript: &crate::model::Transcript,
    ) -> Option<TextSelection> {
        self.cursor.selection(&self.selection, transcript)
    }

    /// Where copy mode's cursor is.
    pub(crate) fn cursor_point(
        &self,
        transcript: &crate::model::Transcript,
    ) -> Option<crate::controls::text_selection::TextPoint> {
        self.cursor.point(&self.selection, transcript)
    }

    /// `y`: the selection when there is one, else the whole cell.
    fn copy_selection(&self, cx: &mut Ctx<'_>) -> Outcome {
        let Some(selection) = self.text_selection(&cx.shown.transcript) else {
            return self.copy(cx.session_mut());
        };
        let text = selection.text(&cx.view_in(cx.areas.transcript));
        if text.trim().is_empty() {
            return say(cx.session_mut(), "The selection has no text to copy.");
        }
        Outcome::Consumed(actions::copy(cx.session_mut(), "the selection", &text))
    }

    fn copy(&self, state: &mut Session) -> Outcome {
        let text = self
            .selection
            .cell(&state.shown.transcript)
            .map(|cell| cell_text(cell.kind()));
        match text.filter(|t| !t.trim().is_empty()) {
            Some(text) => Outcome::Consumed(actions::copy(state, "the selected cell", &text)),
            None => say(state, "The selected cell has no text to copy."),
        }
    }

    /// `e`: a command's output to the agent as evidence (`session::evidence`).
    fn evidence(&self, state: &mut Session) -> Outcome {
        let item = self
            .selection
            .index(&state.shown.transcript)
            .and_then(|i| state.shown.transcript.item_at(i));
        let Some((turn, item)) = item else {
            return say(
                state,
                "Only a command's output can go to the agent as evidence (e).",
            );
        };
        match crate::session::evidence::send(state, &turn, &item) {
            Ok(effects) => Outcome::Consumed(effects),
            Err(why) => say(state, &why),
        }
    }

    /// `m`: a `/review` cell's findings (`review_findings`), writing a comment on the one at the
    /// cursor: the last whose `path:line` is drawn on or above the cursor's row (the first when
    /// the cursor is above them all).
    fn comment_finding(&self, cx: &mut Ctx<'_>) -> Outcome {
        let transcript = &cx.shown.transcript;
        let (Some(cell), Some(index)) = (
            self.selection.cell(transcript),
            self.selection.index(transcript),
        ) else {
            return Outcome::Consumed(vec![]);
        };
        let CellKind::Item(ItemCell::ReviewResult { review, .. }) = cell.kind() else {
            return say(
                cx.session_mut(),
                "Only a /review's findings take comments (m): select its \"Code review finished\" cell.",
            );
        };
        let Some(turn) = self.selection.turn(transcript).map(str::to_string) else {
            return say(cx.session_mut(), "The selected review belongs to no turn.");
        };
        let findings = match crate::session::review_findings::open(cx, &turn, review) {
            Ok(findings) => findings,
            Err(why) => return say(cx.session_mut(), &why),
        };
        let view = cx.view_in(cx.areas.transcript);
        let mut at = 0;
        for row in 0..=self.cursor.row().min(view.row_count(index)) {
            let Some(line) = view.line(index, row) else {
                break;
            };
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            for (_, place) in find_locations(&text) {
                if let Some(i) = findings
                    .iter()
                    .position(|f| f.is_at(&place.path, place.line))
                {
                    at = i;
                }
            }
        }
        let layer = super::ReviewFindings::commenting(turn, findings, at);
        Outcome::Open(super::Layer::ReviewFindings(layer), vec![])
    }

    /// Its turn's diff, at the `nth` file the cell mentions when asked for one.
    fn diff(&mut self, state: &mut Session, file: bool) -> Outcome {
        let transcript = &state.shown.transcript;
        let Some(turn) = self.selection.turn(transcript).map(str::to_string) else {
            return say(state, "The selected cell belongs to no turn.");
        };
        let at = if file {
            let paths = super::diff::turn_files(state, &turn);
            let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
            let kind = self
                .selection
                .cell(&state.shown.transcript)
                .map(|c| c.kind());
            let mentioned = kind.map(|k| mentioned_files(k, &paths)).unwrap_or_default();
            if mentioned.is_empty() {
                return say(
                    state,
                    "The selected cell mentions no file its turn changed; d shows the turn's diff.",
                );
            }
            let at = mentioned[self.files_opened % mentioned.len()];
            self.files_opened = self.files_opened.wrapping_add(1);
            Some(at)
        } else {
            None
        };
        match super::diff::open_turn(state, &turn, at) {
            Ok(layer) => Outcome::Open(layer, vec![]),
            Err(why) => say(state, &why),
        }
    }
}

/// A one-line notice under the transcript; the selection stays.
fn say(state: &mut Session, text: &str) -> Outcome {
    state
        .shown
        .transcript
        .notice(NoticeLevel::Info, text.to_string());
    Outcome::Consumed(vec![])
}

impl LayerView for SelectedCell {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in the composer.
            return Outcome::Ignored;
        };
        let area = cx.areas.transcript;
        if self.selection.cell(&cx.shown.transcript).is_none() {
            // The transcript went away under it (another thread shown).
            return Outcome::CloseAndFallThrough;
        }
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            let moved = match action {
                SelectedKey::Close => return Outcome::Close(vec![]),
                SelectedKey::Copy => return self.copy_selection(cx),
                SelectedKey::CopyCell => return self.copy(cx.session_mut()),
                SelectedKey::Search => {
                    return Outcome::Open(super::Layer::Search(super::Search::default()), vec![])
                }
                SelectedKey::Diff => return self.diff(cx.session_mut(), false),
                SelectedKey::File => return self.diff(cx.session_mut(), true),
                SelectedKey::Evidence => return self.evidence(cx.session_mut()),
                SelectedKey::Comment => return self.comment_finding(cx),
                SelectedKey::MarkChars | SelectedKey::MarkLines => {
                    let unit = if action == SelectedKey::MarkChars {
                        Unit::Char
                    } else {
                        Unit::Line
                    };
                    let transcript = &cx.shown.transcript;
                    self.cursor.toggle_mark(unit, &self.selection, transcript);
                    false
                }
                SelectedKey::Up | SelectedKey::Down | SelectedKey::Left | SelectedKey::Right => {
                    let before = self.selection;
                    let view = cx.view_in(area);
                    let transcript = &cx.shown.transcript;
                    match action {
                        SelectedKey::Up => {
                            self.cursor
                                .step_row(-1, &mut self.selection, transcript, &view)
                        }
                        SelectedKey::Down => {
                            self.cursor
                                .step_row(1, &mut self.selection, transcript, &view)
                        }
                        SelectedKey::Left => {
                            self.cursor.step_col(-1, &self.selection, transcript, &view)
                        }
                        _ => self.cursor.step_col(1, &self.selection, transcript, &view),
                    }
                    before != self.selection
                }
                SelectedKey::Older
                | SelectedKey::Newer
                | SelectedKey::Oldest
                | SelectedKey::Newest => {
                    let transcript = &cx.shown.transcript;
                    match action {
                        SelectedKey::Older => {
                            self.selection.step(-1, transcript);
                        }
                        SelectedKey::Newer => {
                            self.selection.step(1, transcript);
                        }
                        SelectedKey::Oldest => self.selection.first(transcript),
                        _ => self.selection.last(transcript),
                    }
                    self.cursor.go_to_cell_start();
                    true
                }
            };
            if moved {
                self.files_opened = 0;
            }
            let row = self.cursor.row();
            reveal_row(cx.session_mut(), area, &self.selection, row);
            Outcome::Consumed(vec![])
        })
    }

    /// Older turns came in above: the selection moves down with its cell.
    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::CellsPrepended(cells) => {
                self.selection.cells_prepended(*cells);
                self.cursor.cells_prepended(*cells);
                Outcome::Consumed(vec![])
            }
            LayerEvent::CellsDropped(dropped) => {
                self.selection.cells_dropped(dropped);
                self.cursor.cells_dropped();
                Outcome::Consumed(vec![])
            }
            // Another thread (or the same one, anew) came on screen: the cell selected was
            // the old transcript's. The selection goes, and the layers below hear the news too
            // (a picker under it closes as well).
            LayerEvent::ThreadOpened => Outcome::CloseAndFallThrough,
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
        "Selected cell"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        1
    }
}
