//! Selecting with the mouse in the real binary (`tern --demo` in a pseudo-terminal): a drag, a
//! double click and a triple click each copy what they cover, read back from the OSC 52 in the
//! raw output. The system clipboard is left alone (no DISPLAY or WAYLAND_DISPLAY).

use crate::support::pty::PtySession;
use base64::Engine;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn demo(dir: &Path) -> PtySession {
    let env = [("TERN_LOG_DIR", OsString::from(dir))];
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &env,
        &["DISPLAY", "WAYLAND_DISPLAY"],
        dir,
        (100, 40),
    )
}

/// Every OSC 52 clipboard write in `raw`, decoded.
pub(crate) fn copies(raw: &[u8]) -> Vec<String> {
    let raw = String::from_utf8_lossy(raw);
    raw.split("\x1b]52;c;")
        .skip(1)
        .filter_map(|rest| rest.split('\x07').next())
        .map(|b64| {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64)
                .expect("OSC 52 carries base64");
            String::from_utf8(bytes).expect("utf-8")
        })
        .collect()
}

/// Waits for the `n`th copy and returns it.
pub(crate) fn nth_copy(session: &PtySession, n: usize) -> String {
    session.wait_for_raw(&format!("{n} OSC 52 copies"), WAIT, |raw| {
        copies(raw).len() >= n
    });
    copies(&session.raw_output())[n - 1].clone()
}

/// The 1-based screen column and row where `needle` starts.
fn place(session: &PtySession, needle: &str) -> (usize, usize) {
    let screen = session.screen_text();
    for (y, line) in screen.lines().enumerate() {
        if let Some(at) = line.find(needle) {
            return (line[..at].chars().count() + 1, y + 1);
        }
    }
    panic!("`{needle}` is not on screen:\n{screen}");
}

fn press(session: &PtySession, (x, y): (usize, usize)) {
    session.send(format!("\x1b[<0;{x};{y}M").as_bytes());
}

fn drag(session: &PtySession, (x, y): (usize, usize)) {
    session.send(format!("\x1b[<32;{x};{y}M").as_bytes());
}

fn release(session: &PtySession, (x, y): (usize, usize)) {
    session.send(format!("\x1b[<0;{x};{y}m").as_bytes());
}

fn click(session: &PtySession, at: (usize, usize)) {
    press(session, at);
    release(session, at);
}

#[test]
fn a_drag_a_double_click_and_a_triple_click_copy_what_they_cover() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);

    // Drag over "hello": the first copy says how it went out.
    let (x, y) = place(&session, "› hello there");
    press(&session, (x + 2, y));
    drag(&session, (x + 4, y));
    drag(&session, (x + 6, y));
    release(&session, (x + 6, y));
    assert_eq!(nth_copy(&session, 1), "hello");
    session.wait_for_text("Copied 5 characters with OSC 52", WAIT);

    // Double-click "there" (the notice may have moved the row).
    let (x, y) = place(&session, "› hello there");
    click(&session, (x + 10, y));
    click(&session, (x + 10, y));
    assert_eq!(nth_copy(&session, 2), "there");

    // Triple-click the line elsewhere on it: the second click copies its word first.
    click(&session, (x + 3, y));
    click(&session, (x + 3, y));
    click(&session, (x + 3, y));
    assert_eq!(nth_copy(&session, 3), "hello");
    assert_eq!(nth_copy(&session, 4), "hello there");

    // A plain click copies nothing.
    click(&session, (x + 3, y + 30));
    session.quit_with(b"\x03\x03", WAIT);
    assert_eq!(copies(&session.raw_output()).len(), 4);
}

#[test]
fn copy_mode_selects_two_lines_and_copies_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = demo(dir.path());
    session.wait_for_text("ready", WAIT);
    session.send(b"hello there\r");
    session.wait_for_text("turn completed", WAIT);
    // Alt+↑ opens copy mode on the newest cell; Home goes to the oldest, the prompt.
    session.send(b"\x1b[1;3A");
    session.wait_for_text("selected", WAIT);
    session.send(b"\x1b[H");
    session.wait_for_text("your message: hello there", WAIT);
    // V on its row, j into the next cell's first row (past the blank row between them), y.
    session.send(b"Vjjy");
    let copied = nth_copy(&session, 1);
    let lines: Vec<&str> = copied.split('\n').collect();
    assert_eq!(
        lines.len(),
        3,
        "two lines and the blank between: {copied:?}"
    );
    assert_eq!(lines[0], "hello there");
    assert_eq!(lines[1], "");
    // A line selection takes the answer's whole first line, its soft wraps joined.
    let screen = session.screen_text();
    assert!(screen.contains("Hello! I'm the tern demo"), "{screen}");
    assert!(
        lines[2].starts_with("Hello! I'm the tern demo backend. Ask me to look at the project")
            && lines[2].ends_with("(https://github.com/openai/codex)."),
        "{copied:?}"
    );
    session.quit_with(b"\x1b\x03\x03", WAIT);
}
