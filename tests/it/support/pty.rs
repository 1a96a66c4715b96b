//! Runs the real `tern` binary in a pseudo-terminal and reads its screen with a vt100 parser.
//! Every wait is on a condition with a deadline; nothing sleeps to hide a race.

use super::heavy;
use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

struct Shared {
    parser: vt100::Parser,
    raw: Vec<u8>,
    /// Off for long benchmark sessions, whose output would only pile up.
    keep_raw: bool,
    eof: bool,
}

pub struct PtySession {
    shared: Arc<(Mutex<Shared>, Condvar)>,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    /// This test's turn to run processes (`heavy`); dropped after the child is killed.
    _heavy: heavy::Permit,
}

/// The primary device attributes query. crossterm sends it (with the kitty keyboard query) to
/// learn whether keyboard enhancement is supported, and waits up to two seconds for an answer a
/// real terminal gives at once; the harness answers like a VT220 without the kitty protocol.
const DA1_QUERY: &[u8] = b"\x1b[c";
const DA1_ANSWER: &[u8] = b"\x1b[?62;c";
/// The cursor position report request; inline TUIs (the official Codex TUI) wait for it.
const CPR_QUERY: &[u8] = b"\x1b[6n";
/// Default foreground and background colour queries (OSC 10/11), answered white on black so a
/// program that asks does not wait for a timeout.
const OSC_COLOUR_QUERIES: [(&[u8], &[u8]); 2] = [
    (b"\x1b]10;?", b"\x1b]10;rgb:ffff/ffff/ffff\x1b\\"),
    (b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
];

/// The kitty keyboard protocol's query (crossterm sends it before DA1) and a kitty terminal's
/// answer (its current flags: none).
const KITTY_QUERY: &[u8] = b"\x1b[?u";
const KITTY_ANSWER: &[u8] = b"\x1b[?0u";

thread_local! {
    static KITTY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// While it lives, the terminals this test's thread spawns speak the kitty keyboard protocol:
/// they answer its query, so tern pushes its flags (the test then sends keys in CSI u form, as
/// such a terminal would). Without it the harness is a VT220 that takes no such protocol, and
/// tern asks for modifyOtherKeys instead.
pub struct KittyTerminal(());

impl KittyTerminal {
    pub fn on() -> KittyTerminal {
        KITTY.with(|k| k.set(true));
        KittyTerminal(())
    }
}

impl Drop for KittyTerminal {
    fn drop(&mut self) {
        KITTY.with(|k| k.set(false));
    }
}
/// Lines the emulated terminal keeps once they scroll off its top (inline mode's tests read
/// them back); the full-screen tern draws in the alternate screen, which keeps none.
const SCROLLBACK: usize = 5000;

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

impl PtySession {
    pub fn spawn(
        program: &Path,
        args: &[&str],
        env: &[(&str, OsString)],
        cwd: &Path,
        size: (u16, u16),
    ) -> PtySession {
        Self::spawn_without(program, args, env, &[], cwd, size)
    }

    /// Like [`Self::spawn`], with the variables `removed` taken out of the inherited environment.
    pub fn spawn_without(
        program: &Path,
        args: &[&str],
        env: &[(&str, OsString)],
        removed: &[&str],
        cwd: &Path,
        size: (u16, u16),
    ) -> PtySession {
        let heavy = heavy::permit();
        let (cols, rows) = size;
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut command = CommandBuilder::new(program);
        command.args(args);
        command.cwd(cwd);
        command.env("TERM", "xterm-256color");
        for key in removed {
            command.env_remove(key);
        }
        // A session whose test gave it no home of its own keeps no prompt history, so nothing is
        // written to the real home's data folder.
        if !env
            .iter()
            .any(|(key, _)| matches!(*key, "TERN_HISTORY_FILE" | "HOME" | "XDG_DATA_HOME"))
        {
            command.env("TERN_HISTORY_FILE", "");
            // Nor the turns it keeps for rewinds.
            command.env("TERN_TURN_STORE", "");
        }
        // No test asks the model for a thread title unless it says so: each mock sees only the
        // requests its test expects.
        command.env("TERN_THREAD_TITLES", "0");
        for (key, value) in env {
            command.env(key, value);
        }
        let child = pair.slave.spawn_command(command).expect("spawn tern");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = Arc::new(Mutex::new(pair.master.take_writer().expect("pty writer")));
        let shared = Arc::new((
            Mutex::new(Shared {
                parser: vt100::Parser::new(rows, cols, SCROLLBACK),
                raw: Vec::new(),
                keep_raw: true,
                eof: false,
            }),
            Condvar::new(),
        ));
        let thread_shared = shared.clone();
        let thread_writer = writer.clone();
        let kitty = KITTY.with(|k| k.get());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                let n = match reader.read(&mut buf) {
                    Ok(0) | Err(_) => 0,
                    Ok(n) => n,
                };
                let (lock, cvar) = &*thread_shared;
                let mut state = lock.lock().unwrap();
                if n == 0 {
                    state.eof = true;
                    cvar.notify_all();
                    return;
                }
                state.parser.process(&buf[..n]);
                if state.keep_raw {
                    state.raw.extend_from_slice(&buf[..n]);
                }
                let mut answer = Vec::new();
                if kitty && contains(&buf[..n], KITTY_QUERY) {
                    answer.extend_from_slice(KITTY_ANSWER);
                }
                if contains(&buf[..n], DA1_QUERY) {
                    answer.extend_from_slice(DA1_ANSWER);
                }
                if contains(&buf[..n], CPR_QUERY) {
                    let (row, col) = state.parser.screen().cursor_position();
                    answer.extend_from_slice(format!("\x1b[{};{}R", row + 1, col + 1).as_bytes());
                }
                for (query, reply) in OSC_COLOUR_QUERIES {
                    if contains(&buf[..n], query) {
                        answer.extend_from_slice(reply);
                    }
                }
                if !answer.is_empty() {
                    let mut w = thread_writer.lock().unwrap();
                    let _ = w.write_all(&answer);
                    let _ = w.flush();
                }
                cvar.notify_all();
            }
        });
        PtySession {
            shared,
            writer,
            child,
            _master: pair.master,
            _heavy: heavy,
        }
    }

    /// The process id of the program started in the terminal.
    pub fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Stops keeping the raw output (see [`Self::raw_output`]).
    #[allow(dead_code)] // used by the bench binary (tests/bench/)
    pub fn forget_raw_output(&self) {
        let mut state = self.shared.0.lock().unwrap();
        state.keep_raw = false;
        state.raw = Vec::new();
    }

    /// Waits until `check` holds for the screen; returns when it was seen to hold, or `None`
    /// after `timeout` or once the program's output ended.
    #[allow(dead_code)] // used by the bench binary (tests/bench/)
    pub fn wait_until(&self, timeout: Duration, check: impl Fn(&str) -> bool) -> Option<Instant> {
        let deadline = Instant::now() + timeout;
        let (lock, cvar) = &*self.shared;
        let mut state = lock.lock().unwrap();
        loop {
            if check(&state.parser.screen().contents()) {
                return Some(Instant::now());
            }
            let now = Instant::now();
            if now >= deadline || state.eof {
                return None;
            }
            state = cvar.wait_timeout(state, deadline - now).unwrap().0;
        }
    }

    pub fn screen_text(&self) -> String {
        self.shared.0.lock().unwrap().parser.screen().contents()
    }

    pub fn raw_output(&self) -> Vec<u8> {
        self.shared.0.lock().unwrap().raw.clone()
    }

    /// Waits until `check` holds for the screen, or panics with the screen after `timeout`.
    pub fn wait_for(&self, what: &str, timeout: Duration, check: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + timeout;
        let (lock, cvar) = &*self.shared;
        let mut state = lock.lock().unwrap();
        loop {
            let text = state.parser.screen().contents();
            if check(&text) {
                return;
            }
            let now = Instant::now();
            if now >= deadline || state.eof {
                let eof = state.eof;
                // Unlocked first: a poisoned lock would panic the reader thread too.
                drop(state);
                panic!(
                    "timed out after {timeout:?} waiting for {what} (eof: {eof}); screen:\n{text}"
                );
            }
            state = cvar.wait_timeout(state, deadline - now).unwrap().0;
        }
    }

    /// Waits until `check` holds for the raw output so far, or panics after `timeout`.
    #[allow(dead_code)] // not every test binary that includes the harness reads raw output
    pub fn wait_for_raw(&self, what: &str, timeout: Duration, check: impl Fn(&[u8]) -> bool) {
        let deadline = Instant::now() + timeout;
        let (lock, cvar) = &*self.shared;
        let mut state = lock.lock().unwrap();
        loop {
            if check(&state.raw) {
                return;
            }
            let now = Instant::now();
            if now >= deadline || state.eof {
                let text = state.parser.screen().contents();
                drop(state);
                panic!("timed out after {timeout:?} waiting for {what}; screen:\n{text}");
            }
            state = cvar.wait_timeout(state, deadline - now).unwrap().0;
        }
    }

    pub fn wait_for_text(&self, needle: &str, timeout: Duration) {
        self.wait_for(&format!("`{needle}`"), timeout, |s| s.contains(needle));
    }

    pub fn send(&self, bytes: &[u8]) {
        let mut w = self.writer.lock().unwrap();
        w.write_all(bytes).expect("write to pty");
        w.flush().expect("flush pty");
    }

    /// Waits for the process to exit; returns its success.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                // Let the reader drain what the process wrote last.
                let (lock, cvar) = &*self.shared;
                let state = lock.lock().unwrap();
                let _ = cvar
                    .wait_timeout_while(state, Duration::from_secs(2), |s| !s.eof)
                    .unwrap();
                return status.success();
            }
            if Instant::now() >= deadline {
                // The screen as tern left it: the kill (a SIGHUP first) makes tern quit and print
                // its goodbye, which would hide what it was doing.
                let screen = self.screen_text();
                let _ = self.child.kill();
                panic!("tern did not exit within {timeout:?}; screen:\n{screen}");
            }
            // The child's exit is not observable through the condvar; poll it with a deadline.
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the process to exit; returns its exit code (a shell's 128 + signal included).
    pub fn wait_exit_code(&mut self, timeout: Duration) -> u32 {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                let (lock, cvar) = &*self.shared;
                let state = lock.lock().unwrap();
                let _ = cvar
                    .wait_timeout_while(state, Duration::from_secs(2), |s| !s.eof)
                    .unwrap();
                return status.exit_code();
            }
            assert!(
                Instant::now() < deadline,
                "tern did not exit within {timeout:?}"
            );
            // As in `wait_exit`: the child's exit is polled, with a deadline.
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends `keys` that should end tern, and checks it left cleanly: success, main screen back,
    /// cursor visible.
    pub fn quit_with(&mut self, keys: &[u8], timeout: Duration) {
        self.send(keys);
        assert!(self.wait_exit(timeout), "tern did not exit successfully");
        assert!(
            !self.alternate_screen(),
            "the alternate screen was not left"
        );
        assert!(!self.cursor_hidden(), "the cursor is still hidden");
    }

    /// Resizes the terminal, as a window resize does: the program gets SIGWINCH.
    pub fn resize(&self, cols: u16, rows: u16) {
        self.shared
            .0
            .lock()
            .unwrap()
            .parser
            .screen_mut()
            .set_size(rows, cols);
        self._master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize the pty");
    }

    /// Every line the terminal holds, its scrollback's first, then the screen's, right-trimmed.
    pub fn scrollback_and_screen(&self) -> Vec<String> {
        let mut state = self.shared.0.lock().unwrap();
        let screen = state.parser.screen_mut();
        screen.set_scrollback(usize::MAX);
        let kept = screen.scrollback();
        let (_, cols) = screen.size();
        let mut lines = Vec::new();
        // Scrolled back by k, the view's top row is the scrollback's line `kept - k`.
        for back in (1..=kept).rev() {
            screen.set_scrollback(back);
            lines.extend(screen.rows(0, cols).take(1));
        }
        screen.set_scrollback(0);
        lines.extend(screen.rows(0, cols));
        lines.iter().map(|l| l.trim_end().to_string()).collect()
    }

    pub fn alternate_screen(&self) -> bool {
        self.shared
            .0
            .lock()
            .unwrap()
            .parser
            .screen()
            .alternate_screen()
    }

    /// Waits (up to `timeout`) until the terminal is in the alternate screen (`alt`) or in the
    /// main one.
    pub fn wait_for_alternate_screen(&self, alt: bool, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while self.alternate_screen() != alt {
            assert!(
                Instant::now() < deadline,
                "the alternate screen never became {alt}:\n{}",
                self.screen_text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the terminal was asked to report the mouse.
    pub fn mouse_reporting(&self) -> bool {
        let state = self.shared.0.lock().unwrap();
        state.parser.screen().mouse_protocol_mode() != vt100::MouseProtocolMode::None
    }

    /// Whether the cell at `row`, `col` of the screen is drawn reversed.
    pub fn reversed_at(&self, row: u16, col: u16) -> bool {
        let state = self.shared.0.lock().unwrap();
        let cell = state.parser.screen().cell(row, col);
        cell.is_some_and(|cell| cell.inverse())
    }

    pub fn cursor_hidden(&self) -> bool {
        self.shared.0.lock().unwrap().parser.screen().hide_cursor()
    }

    /// Whether the terminal is in canonical ("cooked") mode with echo, as a shell expects it
    /// back; raw mode turns both off. Read from our side of the pair, so it holds after the
    /// program has gone too.
    pub fn cooked(&self) -> bool {
        let fd = self._master.as_raw_fd().expect("the pty's descriptor");
        // SAFETY: tcgetattr fills the zeroed struct it is given, from a descriptor we own.
        let mut termios: libc::termios = unsafe { std::mem::zeroed() };
        let read = unsafe { libc::tcgetattr(fd, &mut termios) } == 0;
        read && termios.c_lflag & libc::ICANON != 0 && termios.c_lflag & libc::ECHO != 0
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
