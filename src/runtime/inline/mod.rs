//! Inline mode's screen: finished cells written into the terminal's own scrollback above a
//! live area at the bottom (the unfinished cells' tail, the composer, the status line), and
//! only the live area redrawn.
//!
//! Everything is placed relative to the cursor, never at absolute rows: the cursor is left
//! at the live area's top after each frame (`state::cursor_row` says where it is meanwhile),
//! and a terminal that is resized, reflowing lines or not (or a shell that printed while tern
//! was stopped), keeps the cursor on its line with the text around it. New scrollback lines
//! are written where the live area began, each ended by CR LF, so the terminal scrolls them
//! up into its history by itself — no scroll region, no absolute row, nothing above the live
//! area ever erased or written twice.
//!
//! Views larger than the live area (placed over the transcript in the view registry: a box
//! or the whole screen, `Placement::over_the_transcript`) open in the alternate screen and
//! come back to the main screen as it was.

mod line_bytes;
pub(crate) mod rows;
pub mod state;

use super::backend::SyncedBackend;
use super::frames::{self, Overlays};
use crate::app::layer_types::Placement;
use crate::app::AppState;
use crate::ui::scrollback;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::io;
use std::time::{Duration, Instant};

/// How long a cell still changing may hold finished ones after it out of the scrollback.
pub(crate) const HOLD_BOUND: Duration = Duration::from_secs(10);
/// Lines longer than the terminal stop at its edge instead of wrapping (DECAWM off); the
/// restore turns it back on (`state::AUTOWRAP_ON`) whatever way tern ends.
const AUTOWRAP_OFF: &[u8] = b"\x1b[?7l";
/// Rows of the live area a composer popup (commands, files) gets to show in.
const POPUP_ROWS: u16 = 12;

pub(crate) struct InlineScreen {
    /// The live area is drawn here first, by the same code as the full screen, then copied.
    offscreen: Terminal<TestBackend>,
    /// The live area's rows as last painted, to repaint only the rows that changed.
    painted: Vec<Vec<u8>>,
    /// The terminal's width when they were painted.
    width: u16,
    /// Since when the first unfinished cell holds finished ones after it.
    held_since: Option<Instant>,
    /// A full-screen view has the alternate screen.
    alt: bool,
    /// The session's count of clean screens (`/clear`, `/new`) last drawn; `None` before the
    /// first frame, which takes it as it is.
    clean_screens: Option<u64>,
}

impl Default for InlineScreen {
    fn default() -> Self {
        InlineScreen {
            offscreen: Terminal::new(TestBackend::new(1, 1)).expect("the test backend"),
            painted: Vec::new(),
            width: 0,
            held_since: None,
            alt: false,
            clean_screens: None,
        }
    }
}

impl InlineScreen {
    /// Draws a frame: new scrollback lines and the live area, or a full-screen view in the
    /// alternate screen. Returns when a frame is due for the hold's bound, if one runs.
    pub(crate) fn draw<B: SyncedBackend>(
        &mut self,
        terminal: &mut Terminal<B>,
        state: &AppState,
        now: Instant,
        overlays: &mut Overlays,
    ) -> io::Result<Option<Instant>> {
        if full_screen_view(state) {
            if !self.alt {
                terminal.backend_mut().overlay(b"\x1b[?1049h");
                self.alt = true;
                state::set_alt(true);
                super::terminal::clear_all(terminal).map_err(io::Error::other)?;
            }
            frames::draw(terminal, state, now, overlays)?;
            return Ok(None);
        }
        let mut out = Vec::new();
        if self.alt {
            // The main screen comes back as it was left: the live area where it was.
            out.extend_from_slice(b"\x1b[?1049l");
            self.alt = false;
            state::set_alt(false);
        }
        let screen = state.session.screen;
        let width = screen.width.max(1);
        let (hold_over, due_at) = self.hold(state, now);
        let cells = scrollback::due(state, hold_over, false);
        let mut history = Vec::new();
        if self.screen_cleaned(state) {
            // What the terminal's scrollback holds stays: a rule goes under it, and the live
            // area (the old thread's unfinished tail, if any) is drawn anew.
            history.extend(scrollback::rule(state, width));
        }
        // `/history`: the resumed thread's earlier turns, once all are in, as a block.
        history.extend(crate::ui::earlier_turns::lines(state, width));
        history.extend(scrollback::lines(state, &cells, width));
        for &(index, written) in &cells {
            state.session.shown.transcript.cells()[index].mark_written(written);
        }
        if let Some((index, blocks)) = scrollback::streamed(state, &cells, width) {
            history.extend(scrollback::stream_lines(state, index, blocks, width));
        }
        let live = self.live_area(state, now, width);
        let whole = !history.is_empty()
            || super::terminal::take_needs_clear()
            || width != self.width
            || live.rows.len() != self.painted.len();
        out.extend_from_slice(b"\x1b[?25l");
        if whole {
            out.extend(state::clear_live_area());
            out.extend(history_bytes(state, &history, width));
            // The live rows never wrap: a frame still on its way when the terminal narrowed
            // would otherwise take more lines than counted, and the next clear would start
            // below the live area's top, leaving its first rows in the scrollback. A row cut
            // at the edge is drawn again at the new width by the resize's frame.
            out.extend_from_slice(AUTOWRAP_OFF);
            for (i, row) in live.rows.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b"\r\n");
                }
                out.extend_from_slice(row);
            }
            state::set_cursor_row(live.rows.len().saturating_sub(1) as u16);
        } else {
            out.extend_from_slice(AUTOWRAP_OFF);
            for (y, row) in live.rows.iter().enumerate() {
                if self.painted.get(y) != Some(row) {
                    move_to_row(&mut out, y as u16);
                    out.extend_from_slice(b"\r\x1b[2K");
                    out.extend_from_slice(row);
                }
            }
        }
        out.extend_from_slice(state::AUTOWRAP_ON);
        self.painted = live.rows;
        self.width = width;
        // The cursor is parked, hidden, at the live area's top left (the composer draws its own
        // cursor): a terminal that reflows lines on a resize moves the rows under it, never
        // the row it is on, so the next frame starts exactly where the live area begins.
        move_to_row(&mut out, 0);
        out.push(b'\r');
        let backend = terminal.backend_mut();
        backend.begin_frame();
        backend.overlay(&out);
        backend.end_frame();
        Ok(due_at)
    }

    /// The way out: everything not yet in the scrollback is written there as it stands, and
    /// the live area cleared, the cursor on the line after the conversation.
    pub(crate) fn finish<B: SyncedBackend>(
        &mut self,
        terminal: &mut Terminal<B>,
        state: &AppState,
    ) {
        let mut out = Vec::new();
        if self.alt {
            out.extend_from_slice(b"\x1b[?1049l");
            self.alt = false;
            state::set_alt(false);
        }
        let width = state.session.screen.width.max(1);
        let cells = scrollback::due(state, true, true);
        let history = scrollback::lines(state, &cells, width);
        for &(index, written) in &cells {
            state.session.shown.transcript.cells()[index].mark_written(written);
        }
        out.extend(state::clear_live_area());
        out.extend(history_bytes(state, &history, width));
        self.painted.clear();
        terminal.backend_mut().overlay(&out);
    }

    /// Leaving inline mode (`/screen`): out of a view's alternate screen if one had it, and the
    /// live area cleared; what is in the scrollback stays there.
    pub(crate) fn leave(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.alt {
            out.extend_from_slice(b"\x1b[?1049l");
            self.alt = false;
            state::set_alt(false);
        }
        out.extend(state::clear_live_area());
        self.painted.clear();
        out
    }

    /// Whether a new thread came on a clean screen since the last frame.
    fn screen_cleaned(&mut self, state: &AppState) -> bool {
        let now = state.session.clean_screens;
        let before = self.clean_screens.replace(now);
        before.is_some_and(|before| before != now)
    }

    /// Whether the first unfinished cell has held finished ones long enough: for 10 s, or
    /// once what waits takes more than a third of the screen. Returns it, and when the bound
    /// falls due if it is still running.
    fn hold(&mut self, state: &AppState, now: Instant) -> (bool, Option<Instant>) {
        if !scrollback::holding(state) {
            self.held_since = None;
            return (false, None);
        }
        let since = *self.held_since.get_or_insert(now);
        let screen = state.session.screen;
        let waiting = scrollback::live_rows(state, screen.width.max(1));
        let over = now >= since + HOLD_BOUND || waiting > usize::from(screen.height / 3);
        if over {
            self.held_since = None;
            (true, None)
        } else {
            (false, Some(since + HOLD_BOUND))
        }
    }

    /// The live area drawn offscreen, its height chosen for what it holds.
    fn live_area(&mut self, state: &AppState, now: Instant, width: u16) -> Live {
        let screen = state.session.screen;
        let full = state.areas_in(Rect::new(0, 0, width, screen.height));
        let fixed = screen.height.saturating_sub(full.transcript.height);
        let waiting = scrollback::live_rows(state, width).min(usize::from(u16::MAX)) as u16;
        let mut transcript = waiting.min(screen.height / 2);
        if placed(state, Placement::OverComposer) {
            transcript = transcript.max(POPUP_ROWS);
        }
        let height = fixed
            .saturating_add(transcript.min(full.transcript.height))
            .clamp(1, screen.height.max(1));
        let area = Rect::new(0, 0, width, height);
        if self.offscreen.size().ok().map(Rect::from) != Some(area) {
            self.offscreen.backend_mut().resize(width, height);
            let _ = self.offscreen.resize(area);
        }
        let drawn = self
            .offscreen
            .draw(|frame| crate::ui::draw(frame, state, now))
            .map(|frame| frame.buffer.clone());
        let mut buffer = drawn.unwrap_or_else(|_| Buffer::empty(area));
        // The terminal's cursor stays parked at the live area's top, so a view that places it
        // (the search bars) gets a reversed cell there instead, as the composer draws its own.
        let backend = self.offscreen.backend();
        if backend.cursor_visible() {
            let at = backend.cursor_position();
            if let Some(cell) = buffer.cell_mut((at.x, at.y)) {
                cell.modifier.toggle(ratatui::style::Modifier::REVERSED);
            }
        }
        Live {
            rows: (0..height).map(|y| rows::row_bytes(&buffer, y)).collect(),
        }
    }
}

struct Live {
    rows: Vec<Vec<u8>>,
}

/// A view the registry places over the transcript, or one that works on the transcript as
/// drawn (copy mode, search), is open: it gets the alternate screen.
fn full_screen_view(state: &AppState) -> bool {
    state.on_screen().iter().any(|shown| {
        let view = shown.view();
        view.placement().over_the_transcript() || view.works_on_the_transcript()
    })
}

/// A view of this placement is open.
fn placed(state: &AppState, placement: Placement) -> bool {
    state
        .on_screen()
        .iter()
        .any(|shown| shown.view().placement() == placement)
}

/// Moves the cursor from the live area's row it is on to `row`, and remembers it.
fn move_to_row(out: &mut Vec<u8>, row: u16) {
    let at = state::cursor_row();
    if row < at {
        out.extend_from_slice(format!("\x1b[{}A", at - row).as_bytes());
    } else if row > at {
        out.extend_from_slice(format!("\x1b[{}B", row - at).as_bytes());
    }
    state::set_cursor_row(row);
}

/// Lines for the scrollback, each painted on a line of its own and ended by CR LF, so the
/// terminal scrolls them into its history.
fn history_bytes(state: &AppState, lines: &[ratatui::text::Line<'static>], width: u16) -> Vec<u8> {
    let policy = crate::ui::CellPolicy::of(state);
    let mut out = Vec::new();
    for line in lines {
        line_bytes::line_bytes(&mut out, line, width, policy);
        out.extend_from_slice(b"\r\n");
    }
    out
}
