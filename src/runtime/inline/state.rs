//! What the terminal's restore needs to know of inline mode, kept where a panic hook or a
//! signal can read it: whether tern is inline, whether a full-screen view has the alternate
//! screen, and how far below the live area's top the cursor was left.

use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};

static ON: AtomicBool = AtomicBool::new(false);
static ALT: AtomicBool = AtomicBool::new(false);
static CURSOR_ROW: AtomicU16 = AtomicU16::new(0);

/// Inline mode from now on (set before the terminal is taken, and by `/screen`).
pub fn set_inline(on: bool) {
    ON.store(on, Ordering::SeqCst);
}

pub(crate) fn inline() -> bool {
    ON.load(Ordering::SeqCst)
}

/// Inline, and on the main screen (no full-screen view in the alternate screen).
pub(crate) fn on_main_screen() -> bool {
    inline() && !ALT.load(Ordering::SeqCst)
}

pub(crate) fn set_alt(alt: bool) {
    ALT.store(alt, Ordering::SeqCst);
}

pub(crate) fn cursor_row() -> u16 {
    CURSOR_ROW.load(Ordering::SeqCst)
}

pub(crate) fn set_cursor_row(row: u16) {
    CURSOR_ROW.store(row, Ordering::SeqCst);
}

/// The bytes that take the cursor back to the live area's top and clear it and everything
/// under it: what is above (the conversation) stays, the cursor stays below it.
pub(crate) fn clear_live_area() -> Vec<u8> {
    let up = CURSOR_ROW.swap(0, Ordering::SeqCst);
    let mut out = Vec::new();
    if up > 0 {
        out.extend_from_slice(format!("\x1b[{up}A").as_bytes());
    }
    out.extend_from_slice(b"\r\x1b[J");
    out
}

/// How the terminal is left on the way out: out of a full-screen view's alternate screen if
/// one was open, then the live area cleared.
pub(crate) fn restore_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    if ALT.swap(false, Ordering::SeqCst) {
        out.extend_from_slice(b"\x1b[?1049l");
    }
    out.extend(clear_live_area());
    out
}
