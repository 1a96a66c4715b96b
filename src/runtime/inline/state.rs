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
    let mut out = Fixed::default();
    push_clear_live_area(&mut out, CURSOR_ROW.swap(0, Ordering::SeqCst));
    out.as_slice().to_vec()
}

/// Clears from the start of the cursor's line to the end of the screen, the cursor left where
/// it was. Not one erase-below from the line's start: tmux (`scroll-on-clear`, on by default)
/// takes that, at the screen's top left, for clearing the whole screen and first scrolls what
/// it shows into its history — a live area filling the screen ended up in the scrollback. The
/// line is erased on its own, the rest from the line below (saved and restored cursor: on the
/// last line, moving down does nothing and moving back up would leave it).
const CLEAR_FROM_HERE: &[u8] = b"\r\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8";
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
/// Lines wrap at the terminal's edge again (DECAWM on): the live area is painted with it off.
pub(crate) const AUTOWRAP_ON: &[u8] = b"\x1b[?7h";

/// How the terminal is left on the way out: out of a full-screen view's alternate screen if
/// one was open, then the live area cleared.
pub(crate) fn restore_bytes() -> Vec<u8> {
    restore_bytes_in_place().as_slice().to_vec()
}

/// [`restore_bytes`] built without allocating, with atomics and a buffer on the stack only:
/// what the SIGABRT handler (`runtime::abort_restore`) may call.
pub(crate) fn restore_bytes_in_place() -> Fixed {
    let alt = ALT.swap(false, Ordering::SeqCst);
    restore_sequence(alt, CURSOR_ROW.swap(0, Ordering::SeqCst))
}

/// Out of the alternate screen if `alt`, then the live area cleared from `up` rows below its
/// top.
fn restore_sequence(alt: bool, up: u16) -> Fixed {
    let mut out = Fixed::default();
    if alt {
        out.push(LEAVE_ALTERNATE_SCREEN);
    }
    push_clear_live_area(&mut out, up);
    // An end in the middle of a frame may have left it off.
    out.push(AUTOWRAP_ON);
    out
}

/// Up to the live area's top from `up` rows below it (`ESC[nA`, n written in decimal by hand:
/// no formatting machinery in a signal handler), then the clear.
fn push_clear_live_area(out: &mut Fixed, up: u16) {
    if up > 0 {
        out.push(b"\x1b[");
        let mut digits = [0u8; 5];
        let mut n = up;
        let mut at = digits.len();
        while n > 0 {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        out.push(&digits[at..]);
        out.push(b"A");
    }
    out.push(CLEAR_FROM_HERE);
}

/// A few bytes on the stack: everything the restore writes fits (the alternate screen's 8,
/// up to 8 for the move, 17 for the clear, 5 for the autowrap).
pub(crate) struct Fixed {
    bytes: [u8; 48],
    len: usize,
}

impl Default for Fixed {
    fn default() -> Self {
        Fixed {
            bytes: [0; 48],
            len: 0,
        }
    }
}

impl Fixed {
    fn push(&mut self, more: &[u8]) {
        let end = (self.len + more.len()).min(self.bytes.len());
        let take = end - self.len;
        self.bytes[self.len..end].copy_from_slice(&more[..take]);
        self.len = end;
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[cfg(test)]
mod tests {
    // Named from the crate's root: the architecture test reads `super` as this file's parent.
    use crate::runtime::inline::state::{
        clear_live_area, cursor_row, restore_sequence, set_cursor_row,
    };

    #[test]
    fn the_live_area_is_cleared_without_an_erase_below_from_its_first_column() {
        set_cursor_row(3);
        let bytes = clear_live_area();
        assert_eq!(cursor_row(), 0);
        assert!(bytes.starts_with(b"\x1b[3A\r\x1b[2K"), "{bytes:?}");
        let erase_below = bytes.windows(3).position(|w| w == b"\x1b[J").unwrap();
        let down = bytes.windows(4).position(|w| w == b"\x1b[1B").unwrap();
        assert!(
            down < erase_below,
            "erased below only from the next line: {bytes:?}"
        );
        // On a terminal: the rows from the live area's top down are blank, what is above stays,
        // and the cursor is back on the live area's top line.
        let mut parser = vt100::Parser::new(6, 20, 0);
        parser.process(b"kept\r\nlive 1\r\nlive 2\r\nlive 3\r\nlive 4");
        parser.process(&bytes);
        assert_eq!(parser.screen().contents(), "kept");
        assert_eq!(parser.screen().cursor_position(), (1, 0));
    }

    #[test]
    fn the_restore_without_allocating_leaves_the_alternate_screen_then_clears_the_live_area() {
        let bytes = restore_sequence(true, 12345);
        assert_eq!(
            bytes.as_slice(),
            b"\x1b[?1049l\x1b[12345A\r\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8\x1b[?7h"
        );
        let main_screen = restore_sequence(false, 0);
        assert_eq!(
            main_screen.as_slice(),
            b"\r\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8\x1b[?7h"
        );
        assert_eq!(restore_sequence(false, 7).as_slice()[..4], *b"\x1b[7A");
    }
}
