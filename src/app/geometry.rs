//! Where everything goes on a screen of a given size. One pure function, used by `update` (how
//! far a page scrolls, how wide cells are laid out) and by `ui` (where to draw), so the two
//! always agree.

use super::layers::{on_screen, Placement};
use super::state::AppState;
use ratatui::layout::Rect;

/// The most rows the composer grows to before it scrolls.
pub const COMPOSER_MAX_ROWS: u16 = 8;
/// Below this height the hint bar gives its row to the transcript.
const HINT_BAR_MIN_HEIGHT: u16 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The scrolling transcript.
    pub transcript: Rect,
    /// The composer, or the bottom layer on top (search bar, server prompt).
    pub bottom: Rect,
    /// Everything above the status line: where full-screen layers go.
    pub main: Rect,
    pub status: Rect,
    /// Key hints of the top layer; empty on very short screens.
    pub hints: Rect,
}

pub fn areas(screen: Rect, state: &AppState) -> Areas {
    let hint_rows = u16::from(screen.height >= HINT_BAR_MIN_HEIGHT);
    let status_rows = screen.height.min(1);
    let main_height = screen.height - hint_rows - status_rows;
    let main = Rect::new(screen.x, screen.y, screen.width, main_height);
    // The transcript keeps at least one row; the bottom box at least its borders and a line.
    let wanted = bottom_height(state, screen.width);
    let bottom_height = wanted.min(main_height.saturating_sub(1).max(main_height.min(3)));
    let transcript = Rect::new(main.x, main.y, main.width, main_height - bottom_height);
    let bottom = Rect::new(main.x, transcript.bottom(), main.width, bottom_height);
    let status = Rect::new(screen.x, main.bottom(), screen.width, status_rows);
    let hints = Rect::new(screen.x, status.bottom(), screen.width, hint_rows);
    Areas {
        transcript,
        bottom,
        main,
        status,
        hints,
    }
}

/// A box of at most `width`×`height` centred in `within`, with a margin where there is room.
pub fn popup(within: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(within.width.saturating_sub(4).max(within.width.min(20)));
    let h = height.min(within.height.saturating_sub(2).max(within.height.min(5)));
    Rect::new(
        within.x + (within.width - w) / 2,
        within.y + (within.height - h) / 2,
        w,
        h,
    )
}

/// Rows the bottom box wants: the topmost bottom-placed layer's, or the composer's.
fn bottom_height(state: &AppState, width: u16) -> u16 {
    let entries = on_screen(state);
    let top_bottom = entries
        .iter()
        .rev()
        .find(|e| e.placement() == Placement::Bottom);
    let inner = match top_bottom {
        Some(entry) => entry.rows(width),
        None => state
            .composer
            .line_count()
            .clamp(1, COMPOSER_MAX_ROWS as usize),
    };
    u16::try_from(inner).unwrap_or(u16::MAX).saturating_add(2)
}
