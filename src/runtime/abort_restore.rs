//! Restoring the terminal when tern aborts. A panic runs the hook and signals end the loop,
//! but an abort (an allocation failing under a memory cap, `std::process::abort`, a stack
//! overflow) runs no Rust code at all: without this the terminal stays raw, on the alternate
//! screen, with the mouse captured. A SIGABRT handler does what `terminal::restore` does, with
//! only async-signal-safe calls: it writes fixed bytes (inline, the live area's clear, built
//! on the stack from atomics), puts back the termios saved when the terminal was entered, and
//! lets the abort go on with the default action.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::OnceLock;

/// The termios before raw mode, and the descriptor it belongs to.
static SAVED: OnceLock<(i32, libc::termios)> = OnceLock::new();
/// Whether the terminal is in tern's state (set while the screen is ours).
static ACTIVE: AtomicBool = AtomicBool::new(false);
static MOUSE: AtomicBool = AtomicBool::new(false);
static KEYBOARD_ENHANCED: AtomicBool = AtomicBool::new(false);
static MODIFY_OTHER_KEYS: AtomicBool = AtomicBool::new(false);
static INSTALLED: AtomicI32 = AtomicI32::new(0);

/// crossterm's PopKeyboardEnhancementFlags.
const POP_KEYBOARD: &[u8] = b"\x1b[<1u";
/// crossterm's DisableMouseCapture.
const MOUSE_OFF: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l";
/// Bracketed paste and focus reporting off, leave the alternate screen, show the cursor:
/// crossterm's DisableBracketedPaste, DisableFocusChange, LeaveAlternateScreen, cursor::Show.
pub(crate) const SCREEN_BACK: &[u8] = b"\x1b[?2004l\x1b[?1004l\x1b[?1049l\x1b[?25h";
/// Inline mode's: bracketed paste and focus reporting off, the cursor shown; the main screen
/// was never left (a full-screen view's alternate screen is left by the inline restore).
const INLINE_BACK: &[u8] = b"\x1b[?2004l\x1b[?1004l\x1b[?25h";

/// Saves the terminal's settings (before raw mode) and installs the handler. Call before
/// entering raw mode.
pub(crate) fn install() {
    // SAFETY: isatty, open, tcgetattr and sigaction are given valid arguments; the termios is
    // plain data filled by tcgetattr.
    unsafe {
        let fd = if libc::isatty(libc::STDIN_FILENO) == 1 {
            libc::STDIN_FILENO
        } else {
            // crossterm uses /dev/tty when stdin is not the terminal; kept open for the handler.
            libc::open(c"/dev/tty".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC)
        };
        if fd >= 0 {
            let mut termios: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(fd, &mut termios) == 0 {
                let _ = SAVED.set((fd, termios));
            }
        }
        if INSTALLED.swap(1, Ordering::SeqCst) == 1 {
            return;
        }
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_abort as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // Back to the default action once it ran, so the abort ends the process as before.
        action.sa_flags = libc::SA_RESETHAND;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGABRT, &action, std::ptr::null_mut());
    }
}

/// Puts back the terminal settings saved before tern entered raw mode. After an external
/// program (the editor) or a shell (job control) had the terminal, what it left is not what
/// tern found: the settings to come back to are always these.
pub(crate) fn reset_termios() {
    if let Some((fd, termios)) = SAVED.get() {
        // SAFETY: tcsetattr on the descriptor the settings were read from.
        unsafe { libc::tcsetattr(*fd, libc::TCSANOW, termios) };
    }
}

/// What the terminal holds now, as `terminal` sets it up and restores it.
pub(crate) fn set_state(active: bool, mouse: bool, keyboard_enhanced: bool, modify_keys: bool) {
    MOUSE.store(mouse, Ordering::SeqCst);
    KEYBOARD_ENHANCED.store(keyboard_enhanced, Ordering::SeqCst);
    MODIFY_OTHER_KEYS.store(modify_keys, Ordering::SeqCst);
    ACTIVE.store(active, Ordering::SeqCst);
}

extern "C" fn on_abort(_signal: libc::c_int) {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        if KEYBOARD_ENHANCED.load(Ordering::SeqCst) {
            write_all(POP_KEYBOARD);
        }
        if MODIFY_OTHER_KEYS.load(Ordering::SeqCst) {
            write_all(super::keyboard_modes::MODIFY_OTHER_KEYS_OFF);
        }
        if MOUSE.load(Ordering::SeqCst) {
            write_all(MOUSE_OFF);
        }
        if super::inline::state::inline() {
            // The conversation stays in the scrollback: out of a view's alternate screen if
            // one had it, and the live area cleared, as `terminal::restore` does inline.
            write_all(super::inline::state::restore_bytes_in_place().as_slice());
            write_all(INLINE_BACK);
        } else {
            write_all(SCREEN_BACK);
        }
        if let Some((fd, termios)) = SAVED.get() {
            // SAFETY: tcsetattr is async-signal-safe; the termios was filled by tcgetattr.
            unsafe { libc::tcsetattr(*fd, libc::TCSANOW, termios) };
        }
    }
    // The handler was reset to the default on entry; abort() raises SIGABRT again once this
    // returns, and a raise of our own covers any other sender of the signal.
    // SAFETY: raise is async-signal-safe.
    unsafe { libc::raise(libc::SIGABRT) };
}

fn write_all(mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: write is async-signal-safe; the slice is valid for its length.
        let n = unsafe { libc::write(libc::STDOUT_FILENO, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// A test hook: `TERN_TEST_ABORT_AFTER_MS=N` aborts the process N ms after the terminal was
/// entered, as running out of memory would, so a PTY test can check what the terminal gets.
pub(crate) fn arm_test_abort() {
    let Some(ms) = std::env::var("TERN_TEST_ABORT_AFTER_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        return;
    };
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(ms));
        std::process::abort();
    });
}
