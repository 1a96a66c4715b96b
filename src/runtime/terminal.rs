//! Entering and leaving the full-screen terminal. The guard restores the terminal on every exit
//! path: normal return, error, panic (via the hook), signals (the loop ends, the guard drops)
//! and aborts (a SIGABRT handler, see `abort_restore`).

use super::abort_restore;
use super::frame_out::FrameOut;

use crossterm::event::{
    DisableBracketedPaste, DisableFocusChange, DisableMouseCapture, EnableBracketedPaste,
    EnableFocusChange, EnableMouseCapture, KeyboardEnhancementFlags, PopKeyboardEnhancementFlags,
    PushKeyboardEnhancementFlags,
};
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, supports_keyboard_enhancement, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};

/// Frames go out through one buffer each (see `frame_out`).
pub(crate) type Tui = Terminal<CrosstermBackend<FrameOut<Stdout>>>;

static ACTIVE: AtomicBool = AtomicBool::new(false);
static KEYBOARD_ENHANCED: AtomicBool = AtomicBool::new(false);
/// xterm's modifyOtherKeys was asked for (the terminal did not take the kitty protocol).
static MODIFY_OTHER_KEYS: AtomicBool = AtomicBool::new(false);
/// Inside tmux, modifyOtherKeys was not asked for: its keys would come in a form crossterm drops.
static TMUX_XTERM_FORMAT: AtomicBool = AtomicBool::new(false);
static MOUSE: AtomicBool = AtomicBool::new(false);
/// The mouse was asked for (not `--no-mouse`): full screen takes it, inline leaves it.
static MOUSE_WANTED: AtomicBool = AtomicBool::new(false);

/// What was asked of the terminal's keyboard when the session started, for `/doctor`.
pub fn keyboard_mode() -> &'static str {
    if KEYBOARD_ENHANCED.load(Ordering::SeqCst) {
        super::keyboard_modes::KITTY
    } else if MODIFY_OTHER_KEYS.load(Ordering::SeqCst) {
        super::keyboard_modes::MODIFY_OTHER_KEYS
    } else if TMUX_XTERM_FORMAT.load(Ordering::SeqCst) {
        super::keyboard_modes::TMUX_XTERM_FORMAT
    } else {
        super::keyboard_modes::LEGACY
    }
}

pub struct TerminalGuard {
    pub terminal: Tui,
    /// The image protocol the terminal answered for (`graphics_query`), if any.
    pub images: Option<crate::model::ImageProtocol>,
    /// Keys typed while tern started, read by the capability query (`type_ahead`): the app
    /// gets them before anything the terminal's event stream reads.
    pub type_ahead: Vec<crossterm::event::Event>,
}

impl TerminalGuard {
    pub fn enter(mouse: bool) -> io::Result<TerminalGuard> {
        install_panic_hook();
        abort_restore::install();
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        abort_restore::set_state(true, false, false, false);
        let mut stdout = io::stdout();
        enter_screen(&mut stdout, mouse)?;
        MOUSE.store(mouse && !super::inline::state::inline(), Ordering::SeqCst);
        MOUSE_WANTED.store(mouse, Ordering::SeqCst);
        // Asked before anything else reads the terminal's input, so its answers are tern's.
        let answered = super::graphics_query::ask();
        let type_ahead = super::type_ahead::events(&answered.typed);
        // Shift+Enter is only distinguishable from Enter with the kitty keyboard protocol, and
        // with it the terminal says which keys are auto-repeats, which never answer a question.
        // Where it does not (xterm, tmux with `extended-keys on`), xterm's modifyOtherKeys does
        // the same for Shift+Enter, Ctrl+Enter and Alt chords (`keyboard_modes`).
        if supports_keyboard_enhancement().unwrap_or(false) {
            push_keyboard_flags(&mut stdout)?;
            KEYBOARD_ENHANCED.store(true, Ordering::SeqCst);
        } else if super::keyboard_modes::modify_other_keys_readable() {
            io::Write::write_all(&mut stdout, super::keyboard_modes::MODIFY_OTHER_KEYS_ON)?;
            io::Write::flush(&mut stdout)?;
            MODIFY_OTHER_KEYS.store(true, Ordering::SeqCst);
        } else {
            TMUX_XTERM_FORMAT.store(true, Ordering::SeqCst);
        }
        abort_restore::set_state(
            true,
            MOUSE.load(Ordering::SeqCst),
            KEYBOARD_ENHANCED.load(Ordering::SeqCst),
            MODIFY_OTHER_KEYS.load(Ordering::SeqCst),
        );
        let mut terminal = Terminal::new(CrosstermBackend::new(FrameOut::stdout()))?;
        clear_all(&mut terminal)?;
        abort_restore::arm_test_abort();
        Ok(TerminalGuard {
            terminal,
            images: answered.images,
            type_ahead,
        })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as it was. Safe to call more than once.
/// Clears the screen and makes the next frame draw every cell. ratatui 0.30's `Terminal::clear`
/// first asks the terminal where its cursor is (a cursor-position query that waits up to 2 s for
/// an answer, which tern's own input reader may take first, and then fails without clearing);
/// a full-screen viewport has no cursor to put back, and `resize` to the same size clears and
/// resets the buffers without asking.
pub(crate) fn clear_all<B: ratatui::backend::Backend>(
    terminal: &mut Terminal<B>,
) -> Result<(), B::Error> {
    // Inline on the main screen, a clear would erase the conversation above the live area:
    // the live area is drawn whole instead.
    if super::inline::state::on_main_screen() {
        NEEDS_CLEAR.store(true, Ordering::SeqCst);
        return Ok(());
    }
    let size = terminal.size()?;
    terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))
}

pub(crate) fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    abort_restore::set_state(false, false, false, false);
    let mut stdout = io::stdout();
    if KEYBOARD_ENHANCED.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout, PopKeyboardEnhancementFlags);
    }
    if MODIFY_OTHER_KEYS.swap(false, Ordering::SeqCst) {
        let _ = io::Write::write_all(&mut stdout, super::keyboard_modes::MODIFY_OTHER_KEYS_OFF);
    }
    if MOUSE.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout, DisableMouseCapture);
    }
    // The terminal's own window title back (and no progress mark), if tern set its own.
    let _ = io::Write::write_all(&mut stdout, super::window_out::on_restore().as_bytes());
    let _ = execute!(stdout, DisableBracketedPaste, DisableFocusChange);
    if super::inline::state::inline() {
        // The conversation stays above; the live area goes, the cursor under the conversation.
        let _ = io::Write::write_all(&mut stdout, &super::inline::state::restore_bytes());
    } else {
        let _ = execute!(stdout, LeaveAlternateScreen);
    }
    let _ = execute!(stdout, cursor::Show);
    let _ = disable_raw_mode();
    // crossterm restores what it saw when raw mode was last entered; after an editor that may
    // be what the editor left. tern's own record of the original settings wins.
    abort_restore::reset_termios();
}

fn install_panic_hook() {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
        // A task's panic is caught by tokio and the loop would go on: it ends tern too.
        super::panic_note::note_panic();
    }));
}

static SUSPENDED: AtomicBool = AtomicBool::new(false);
/// The screen was given away (job control) and must be drawn whole on the next frame.
static NEEDS_CLEAR: AtomicBool = AtomicBool::new(false);

/// Job control (SIGTSTP, from outside or tern's own Ctrl+Z): the terminal goes back to how tern
/// found it, tern stops as a shell program does, and once continued (`fg`) takes the terminal
/// again and asks for a whole redraw (the shell wrote over the screen meanwhile). While the
/// screen is given to the editor, only the stop happens.
pub fn stop_until_continued() {
    let ours = ACTIVE.load(Ordering::SeqCst);
    if ours {
        suspend();
    }
    // SIGSTOP, not SIGTSTP: tern's own SIGTSTP handler is what called this.
    // SAFETY: raise has no preconditions.
    unsafe { libc::raise(libc::SIGSTOP) };
    if ours {
        resume();
        NEEDS_CLEAR.store(true, Ordering::SeqCst);
    }
}

/// SIGCONT: tern was stopped by something it could not see (SIGSTOP) and the shell had the
/// terminal meanwhile: its settings are taken back and the screen is drawn whole.
pub fn continued() {
    if ACTIVE.load(Ordering::SeqCst) {
        // crossterm keeps raw mode's prior settings and skips a second enable: they are let go
        // first, the original settings put back, and raw mode entered anew from them.
        let _ = disable_raw_mode();
        abort_restore::reset_termios();
        let _ = enable_raw_mode();
        let mut stdout = io::stdout();
        let _ = enter_screen(&mut stdout, MOUSE.load(Ordering::SeqCst));
        let _ = io::Write::write_all(&mut stdout, super::window_out::on_resume().as_bytes());
        NEEDS_CLEAR.store(true, Ordering::SeqCst);
    }
}

/// `/screen`: the bytes that move the terminal to inline mode (the main screen, the mouse
/// left to the terminal) or to full screen (the alternate screen, the mouse if asked for),
/// and the record `restore` and the abort handler go by.
pub(crate) fn switch_screen_bytes(inline: bool) -> Vec<u8> {
    use crossterm::Command;
    let mut out = String::new();
    super::inline::state::set_inline(inline);
    let mouse = !inline && MOUSE_WANTED.load(Ordering::SeqCst);
    if MOUSE.swap(mouse, Ordering::SeqCst) && !mouse {
        let _ = DisableMouseCapture.write_ansi(&mut out);
    }
    if inline {
        let _ = LeaveAlternateScreen.write_ansi(&mut out);
    } else {
        let _ = EnterAlternateScreen.write_ansi(&mut out);
        if mouse {
            let _ = EnableMouseCapture.write_ansi(&mut out);
        }
    }
    abort_restore::set_state(
        ACTIVE.load(Ordering::SeqCst),
        mouse,
        KEYBOARD_ENHANCED.load(Ordering::SeqCst),
        MODIFY_OTHER_KEYS.load(Ordering::SeqCst),
    );
    out.into_bytes()
}

/// Whether the next frame must be drawn whole (taken once).
pub(crate) fn take_needs_clear() -> bool {
    NEEDS_CLEAR.swap(false, Ordering::SeqCst)
}

/// Leaves the full screen for an external program (the editor); [`resume`] comes back to it.
pub(crate) fn suspend() {
    if !ACTIVE.load(Ordering::SeqCst) {
        return;
    }
    SUSPENDED.store(true, Ordering::SeqCst);
    let mouse = MOUSE.load(Ordering::SeqCst);
    let keyboard = KEYBOARD_ENHANCED.load(Ordering::SeqCst);
    let modify_keys = MODIFY_OTHER_KEYS.load(Ordering::SeqCst);
    restore();
    // `restore` forgot what was asked of the terminal; `resume` asks for it again.
    MOUSE.store(mouse, Ordering::SeqCst);
    KEYBOARD_ENHANCED.store(keyboard, Ordering::SeqCst);
    MODIFY_OTHER_KEYS.store(modify_keys, Ordering::SeqCst);
}

/// Takes the terminal again after [`suspend`], as [`TerminalGuard::enter`] left it.
pub(crate) fn resume() {
    if !SUSPENDED.swap(false, Ordering::SeqCst) {
        return;
    }
    // Whatever the external program left (echo off, its own raw mode) is not kept as the
    // settings to restore at exit: the original ones are put back first.
    abort_restore::reset_termios();
    let _ = enable_raw_mode();
    ACTIVE.store(true, Ordering::SeqCst);
    let mut stdout = io::stdout();
    let _ = enter_screen(&mut stdout, MOUSE.load(Ordering::SeqCst));
    let _ = io::Write::write_all(&mut stdout, super::window_out::on_resume().as_bytes());
    if KEYBOARD_ENHANCED.load(Ordering::SeqCst) {
        let _ = push_keyboard_flags(&mut stdout);
    }
    if MODIFY_OTHER_KEYS.load(Ordering::SeqCst) {
        let _ = io::Write::write_all(&mut stdout, super::keyboard_modes::MODIFY_OTHER_KEYS_ON);
        let _ = io::Write::flush(&mut stdout);
    }
    abort_restore::set_state(
        true,
        MOUSE.load(Ordering::SeqCst),
        KEYBOARD_ENHANCED.load(Ordering::SeqCst),
        MODIFY_OTHER_KEYS.load(Ordering::SeqCst),
    );
}

/// What tern asks of the terminal when it takes the full screen, at start and each time it takes
/// it back (after the editor, a stop, a SIGCONT): the alternate screen, bracketed paste, focus
/// changes (without them a finished turn cannot tell whether to ring, `session::attention`),
/// and the mouse when `mouse` is on.
fn enter_screen(stdout: &mut io::Stdout, mouse: bool) -> io::Result<()> {
    // Inline mode stays on the main screen and leaves the mouse to the terminal (its own
    // selection and scrollback are the point).
    let inline = super::inline::state::inline();
    if !inline {
        execute!(stdout, EnterAlternateScreen)?;
    }
    execute!(stdout, EnableBracketedPaste, EnableFocusChange)?;
    if mouse && !inline {
        execute!(stdout, EnableMouseCapture)?;
    }
    Ok(())
}

/// The kitty keyboard protocol's flags tern asks for: Shift+Enter told from Enter, and
/// auto-repeats marked (a repeat never answers a question).
fn push_keyboard_flags(stdout: &mut io::Stdout) -> io::Result<()> {
    execute!(
        stdout,
        PushKeyboardEnhancementFlags(
            KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES
                | KeyboardEnhancementFlags::REPORT_EVENT_TYPES
        )
    )
}
