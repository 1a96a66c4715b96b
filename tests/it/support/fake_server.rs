//! Runs the real `tern` binary in a pseudo-terminal against the hostile fake app-server
//! (`fake_app_server/main.rs` beside this file, built by `cargo test` as the
//! `tern-fake-app-server` bin; see Cargo.toml):
//!
//! ```ignore
//! use crate::support::fake_server::{step, FakeServer};
//! let fake = FakeServer::new(&[json!({"wait": "turn/start"}), …]);
//! let mut tern = fake.spawn_tern(&[], (100, 30));
//! ```
//!
//! Each `FakeServer` owns a temp dir holding the script, the record of what tern sent, HOME,
//! CODEX_HOME and tern's log dir. Script steps are documented in the fake server's main.rs.

use super::pty::PtySession;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub struct FakeServer {
    pub dir: tempfile::TempDir,
}

/// The path of the fake server binary, for `TERN_CODEX_BIN`.
pub fn fake_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tern-fake-app-server"))
}

pub fn tern_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tern"))
}

impl FakeServer {
    /// A fake server that will play `steps` (JSON objects, one per step).
    pub fn new(steps: &[Value]) -> FakeServer {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["home", "codex-home", "logs", "work"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        let script: String = steps.iter().map(|s| format!("{s}\n")).collect();
        std::fs::write(dir.path().join("script.jsonl"), script).unwrap();
        FakeServer { dir }
    }

    pub fn script_path(&self) -> PathBuf {
        self.dir.path().join("script.jsonl")
    }

    pub fn record_path(&self) -> PathBuf {
        self.dir.path().join("record.jsonl")
    }

    /// The directory tern runs in (and passes as the thread's cwd).
    pub fn work_dir(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    /// The environment that points tern at the fake server, with its own HOME, CODEX_HOME and
    /// log dir, and prompts that take keys at once.
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        let path = |p: &str| OsString::from(self.dir.path().join(p));
        vec![
            ("TERN_CODEX_BIN", OsString::from(fake_bin())),
            ("TERN_FAKE_SCRIPT", OsString::from(self.script_path())),
            ("TERN_FAKE_RECORD", OsString::from(self.record_path())),
            ("HOME", path("home")),
            ("CODEX_HOME", path("codex-home")),
            ("TERN_LOG_DIR", path("logs")),
            ("TERN_APPROVAL_READ_GUARD_MS", OsString::from("0")),
            ("TERN_HYPERLINKS", OsString::from("0")),
        ]
    }

    /// Starts tern (`args` after the program name) in a `size` (columns, rows) terminal.
    pub fn spawn_tern(&self, args: &[&str], size: (u16, u16)) -> PtySession {
        PtySession::spawn(tern_bin(), args, &self.env(), &self.work_dir(), size)
    }

    /// Every line tern wrote to the server so far, verbatim.
    pub fn recorded_lines(&self) -> Vec<String> {
        std::fs::read_to_string(self.record_path())
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// What tern sent so far, parsed (a line that was not JSON becomes a string value).
    pub fn recorded(&self) -> Vec<Value> {
        self.recorded_lines()
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| Value::String(l.clone())))
            .collect()
    }

    /// Waits until a line tern sent satisfies `check`, and returns it; panics after `timeout`.
    /// (The record is a file written by another process: it is polled, with a deadline.)
    pub fn wait_recorded(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(line) = self.recorded_lines().into_iter().find(|l| check(l)) {
                return line;
            }
            if Instant::now() >= deadline {
                panic!(
                    "tern never sent {what} within {timeout:?}; it sent:\n{}",
                    self.recorded_lines().join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until tern sent a message with `method`; returns it parsed.
    pub fn wait_method(&self, method: &str, timeout: Duration) -> Value {
        let line = self.wait_recorded(method, timeout, |l| {
            serde_json::from_str::<Value>(l)
                .map(|v| v["method"] == method)
                .unwrap_or(false)
        });
        serde_json::from_str(&line).unwrap()
    }
}

/// Script steps and messages for common protocol moments (all templated by the fake server).
pub mod step {
    use super::*;

    pub fn send(message: Value) -> Value {
        json!({ "send": message })
    }

    pub fn wait(method: &str) -> Value {
        json!({ "wait": method })
    }

    pub fn notify(method: &str, params: Value) -> Value {
        send(json!({ "method": method, "params": params }))
    }

    /// A server request (approval, question …) with the given id.
    pub fn request(id: Value, method: &str, params: Value) -> Value {
        send(json!({ "id": id, "method": method, "params": params }))
    }

    /// An item of the current turn starting or completing.
    pub fn item(event: &str, item: Value) -> Value {
        notify(
            &format!("item/{event}"),
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "item": item}),
        )
    }

    pub fn agent_message(id: &str, text: &str) -> Value {
        item(
            "completed",
            json!({"type": "agentMessage", "id": id, "text": text}),
        )
    }

    pub fn turn_completed() -> Value {
        notify(
            "turn/completed",
            json!({"threadId": "{{thread}}", "turn": {"id": "{{turn}}", "items": [],
                   "status": "completed", "error": null, "durationMs": 5}}),
        )
    }
}

/// Escape payloads a hostile server puts in text fields. The CSI ones carry a letter before
/// them, as tern's own drawing uses CSI too: `Z\e[2J` can only come from the payload.
pub const PAYLOADS: &[(&str, &str)] = &[
    ("OSC 0 title", "\u{1b}]0;PWNED-TITLE\u{7}"),
    ("OSC 2 title", "\u{1b}]2;PWNED-TITLE2\u{1b}\\"),
    ("OSC 52 clipboard", "\u{1b}]52;c;UFdORUQ=\u{7}"),
    ("CSI clear screen", "Z\u{1b}[2J"),
    ("CSI cursor home", "Y\u{1b}[H"),
    ("DCS", "\u{1b}P1$qPWNED\u{1b}\\"),
    ("C1 CSI clear", "X\u{9b}2J"),
    ("C1 OSC title", "\u{9d}0;PWNED-C1\u{9c}"),
    ("bidi override", "\u{202e}evil\u{202c}"),
];

/// All payloads in one string, between `<marker` and `marker>`.
pub fn payload(marker: &str) -> String {
    let mut text = format!("<{marker}");
    for (_, p) in PAYLOADS {
        text.push_str(p);
    }
    text.push_str(&format!("{marker}>"));
    text
}

/// What of the payloads reached `raw` (tern's output): each payload found verbatim, by name;
/// any OSC but tern's own clipboard write (`ESC ] 52 ; c ;` with base64), colour queries,
/// window title and alert;
/// any DCS, SOS, PM or APC but tern's own image query; any C1 control or bidi override (in
/// UTF-8).
pub fn leaked(raw: &[u8]) -> Vec<String> {
    let mut found: Vec<String> = PAYLOADS
        .iter()
        .filter(|(_, p)| contains(raw, p.as_bytes()))
        .map(|(name, _)| name.to_string())
        .collect();
    for (i, w) in raw.windows(2).enumerate() {
        let context = || String::from_utf8_lossy(&raw[i..(i + 24).min(raw.len())]).into_owned();
        match w {
            [0x1b, b']'] => {
                let rest = &raw[i + 2..];
                // Its own window title (`session::window_title`: sanitised parts after
                // `tern`) and alerts are tern's too; a payload inside them is still found
                // verbatim above.
                let own = [
                    &b"52;c;"[..],
                    b"10;?",
                    b"11;?",
                    b"2;tern",
                    b"2;(!) tern",
                    b"9;tern: ",
                ];
                if !own.iter().any(|p| rest.starts_with(p)) || rest.starts_with(b"52;c;UFdORUQ=") {
                    found.push(format!("an OSC: {:?}", context()));
                }
            }
            // tern's own question to the terminal at startup: does it show images?
            [0x1b, b'_'] if raw[i..].starts_with(tern::runtime::graphics_query::KITTY_QUERY) => {}
            [0x1b, b'P' | b'X' | b'^' | b'_'] => {
                found.push(format!("a string control: {:?}", context()))
            }
            [0xc2, 0x80..=0x9f] => found.push(format!("a C1 control: {:?}", context())),
            _ => {}
        }
    }
    for bidi in [
        '\u{202a}', '\u{202b}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    ] {
        if contains(raw, bidi.to_string().as_bytes()) {
            found.push(format!("bidi control U+{:04X}", bidi as u32));
        }
    }
    found
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
