//! The window title (plain OSC 2: tmux and screen take it as the pane's title and pass it
//! on) and, where the terminal shows one, the tab's progress mark while a turn runs (OSC 9;4:
//! Windows Terminal, Ghostty, ConEmu, iTerm2). The title the terminal had is pushed on its
//! stack (XTWINOPS 22) before tern's first, and popped (23) whenever the terminal is given
//! back: on exit, on SIGTERM (the loop ends and the guard restores) and on a panic (the hook
//! restores); a suspend pops it and the resume sets tern's again.

use crate::text::sanitize::sanitize_line;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Push the window and icon titles (XTWINOPS 22;0).
pub(crate) const PUSH_TITLE: &str = "\x1b[22;0t";
/// Pop them (XTWINOPS 23;0): the title the terminal had comes back.
pub(crate) const POP_TITLE: &str = "\x1b[23;0t";
/// The progress mark: indeterminate (3) while a turn runs, gone (0) after.
pub(crate) const PROGRESS_ON: &str = "\x1b]9;4;3\x07";
pub(crate) const PROGRESS_OFF: &str = "\x1b]9;4;0\x07";

static PUSHED: AtomicBool = AtomicBool::new(false);
static BUSY: AtomicBool = AtomicBool::new(false);
static LAST_TITLE: Mutex<Option<String>> = Mutex::new(None);

/// Whether the terminal shows OSC 9;4 progress (and takes it without printing it).
pub(crate) fn progress_supported() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if !var("TMUX").is_empty() || !var("STY").is_empty() {
        return false;
    }
    !var("WT_SESSION").is_empty()
        || var("ConEmuANSI") == "ON"
        || matches!(var("TERM_PROGRAM").as_str(), "ghostty" | "iTerm.app")
        || var("TERM") == "xterm-ghostty"
}

/// The bytes that show `title` (if any) and the busy state.
pub(crate) fn update(title: Option<&str>, busy: bool) -> Vec<u8> {
    let mut out = String::new();
    if let Some(title) = title {
        if !PUSHED.swap(true, Ordering::SeqCst) {
            out.push_str(PUSH_TITLE);
        }
        out.push_str(&set_title(title));
        if let Ok(mut last) = LAST_TITLE.lock() {
            *last = Some(title.to_string());
        }
    }
    let was_busy = BUSY.swap(busy, Ordering::SeqCst);
    if busy != was_busy && progress_supported() {
        out.push_str(if busy { PROGRESS_ON } else { PROGRESS_OFF });
    }
    out.into_bytes()
}

/// OSC 2 with `title` made one line of printable text.
pub(crate) fn set_title(title: &str) -> String {
    format!("\x1b]2;{}\x07", sanitize_line(title))
}

/// What gives the terminal its own title (and no progress mark) back. Reads only atomics:
/// it runs in the panic hook.
pub(crate) fn on_restore() -> String {
    let mut out = String::new();
    if BUSY.load(Ordering::SeqCst) && progress_supported() {
        out.push_str(PROGRESS_OFF);
    }
    if PUSHED.swap(false, Ordering::SeqCst) {
        out.push_str(POP_TITLE);
    }
    out
}

/// What sets tern's title (and progress) again after the terminal was given back a while.
pub(crate) fn on_resume() -> String {
    let mut out = String::new();
    let last = LAST_TITLE.try_lock().ok().and_then(|last| last.clone());
    if let Some(title) = last {
        if !PUSHED.swap(true, Ordering::SeqCst) {
            out.push_str(PUSH_TITLE);
        }
        out.push_str(&set_title(&title));
    }
    if BUSY.load(Ordering::SeqCst) && progress_supported() {
        out.push_str(PROGRESS_ON);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_cannot_break_out_of_its_sequence() {
        assert_eq!(
            set_title("tern · x\x07\x1b]52;c;eA==\x07"),
            "\x1b]2;tern · x\x07"
        );
    }
}
