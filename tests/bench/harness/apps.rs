//! The programs the benchmark harness compares, each started in a pseudo-terminal of one fixed
//! size with its own CODEX_HOME whose config points at the mock model, and what each shows on
//! screen at the moments the harness times.

use super::proc_stats::{self, TreeSample};
use crate::support::codex_env::{CodexEnv, REMOVED_ENV_VARS};
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Columns and rows of every pseudo-terminal.
pub const SIZE: (u16, u16) = (120, 40);
/// A fresh CODEX_HOME makes the first start of codex do some setup.
const START_WAIT: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum App {
    Tern,
    /// tern in inline mode (`--inline`): the inline scenarios (`harness::inline`) only.
    TernInline,
    /// The official Codex TUI, `codex --no-daemon` (its app-server runs in the same process).
    Official,
}

impl App {
    pub fn name(self) -> &'static str {
        match self {
            App::Tern => "tern",
            App::TernInline => "tern-inline",
            App::Official => "official",
        }
    }

    /// Shown once the composer is drawn and takes keys.
    pub fn composer_visible(self, screen: &str) -> bool {
        match self {
            App::Tern | App::TernInline => screen.contains("Ask the agent anything"),
            App::Official => screen.contains("? for shortcuts"),
        }
    }

    /// Shown once a thread is started and a prompt can be sent.
    pub fn ready(self, screen: &str) -> bool {
        match self {
            App::Tern | App::TernInline => screen.contains("ready · mock-model"),
            App::Official => screen.contains("? for shortcuts") && screen.contains("mock-model"),
        }
    }

    /// Shown when the command approval prompt is on screen.
    pub fn approval_visible(self, screen: &str) -> bool {
        match self {
            App::Tern | App::TernInline => screen.contains("Approval needed"),
            App::Official => screen.contains("Would you like to run the following command?"),
        }
    }
}

/// One program running in its terminal. Dropping it kills the program and its children.
pub struct Running {
    pub app: App,
    pub session: PtySession,
    pub pid: u32,
    /// Just before the program was spawned.
    pub spawned: Instant,
    /// Its homes and workspace, deleted when it is dropped.
    _env: CodexEnv,
    _logs: tempfile::TempDir,
}

pub fn start(app: App, codex: &Path, base_url: &str) -> Running {
    let env = CodexEnv::new(base_url, super::SANDBOX).expect("codex env");
    let logs = tempfile::tempdir().expect("log dir");
    let mut vars: Vec<(&str, OsString)> = env.env_vars();
    let codex_arg = codex.to_string_lossy().into_owned();
    let (program, args): (PathBuf, Vec<&str>) = match app {
        App::Tern | App::TernInline => {
            vars.push(("TERN_LOG_DIR", logs.path().into()));
            // Another build of tern to compare with this one (e.g. before a change).
            let tern = std::env::var_os("BENCH_TERN_BIN")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_tern")));
            let mut args = vec!["--codex-bin", codex_arg.as_str()];
            if app == App::TernInline {
                args.push("--inline");
            }
            (tern, args)
        }
        App::Official => (codex.to_path_buf(), vec!["--no-daemon"]),
    };
    let spawned = Instant::now();
    let session = PtySession::spawn_without(
        &program,
        &args,
        &vars,
        REMOVED_ENV_VARS,
        env.workspace(),
        SIZE,
    );
    session.forget_raw_output();
    let pid = session.pid().expect("a pid for the spawned program");
    Running {
        app,
        session,
        pid,
        spawned,
        _env: env,
        _logs: logs,
    }
}

impl Running {
    /// When the composer was first seen, or `None` if it never came.
    pub fn wait_composer(&self) -> Option<Instant> {
        let app = self.app;
        self.session
            .wait_until(START_WAIT, move |s| app.composer_visible(s))
    }

    pub fn wait_ready(&self) -> bool {
        let app = self.app;
        self.session
            .wait_until(START_WAIT, move |s| app.ready(s))
            .is_some()
    }

    /// Types `text` and, once it shows, presses Enter; returns when Enter was sent.
    pub fn submit(&self, text: &str) -> Option<Instant> {
        submit(&self.session, text)
    }

    /// Waits for `check` to hold, at most `timeout`.
    pub fn wait(&self, timeout: Duration, check: impl Fn(&str) -> bool) -> Option<Instant> {
        self.session.wait_until(timeout, check)
    }

    /// The process that draws the screen: tern itself; for the official TUI, the native
    /// `codex` that its node launcher starts.
    pub fn own_pid(&self) -> u32 {
        match self.app {
            App::Tern | App::TernInline => self.pid,
            App::Official => proc_stats::find_in_tree(self.pid, "codex").unwrap_or(self.pid),
        }
    }

    pub fn sample(&self) -> TreeSample {
        proc_stats::sample(self.pid, self.own_pid())
    }

    /// A sample taken once the program and its children have gone quiet (at most `limit`).
    pub fn settled(&self, limit: Duration) -> TreeSample {
        proc_stats::settle(self.pid, self.own_pid(), Duration::from_millis(300), limit)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        proc_stats::kill_tree(self.pid);
    }
}

/// Types `text` into `session` and, once it shows, presses Enter; returns when Enter was sent.
pub fn submit(session: &PtySession, text: &str) -> Option<Instant> {
    session.send(text.as_bytes());
    let wanted = text.to_string();
    session.wait_until(Duration::from_secs(10), move |s| s.contains(&wanted))?;
    // A person's pause before Enter: the official TUI reads keys that arrive together as a
    // paste, where Enter inserts a newline instead of sending.
    std::thread::sleep(Duration::from_millis(150));
    let sent = Instant::now();
    session.send(b"\r");
    Some(sent)
}

/// A program that echoes at once (`cat`, through the terminal's own echo): the floor of the
/// key-echo method.
pub fn start_echo_floor() -> PtySession {
    let dir = std::env::temp_dir();
    let session = PtySession::spawn(Path::new("/bin/cat"), &[], &[], &dir, SIZE);
    session.forget_raw_output();
    session
}

/// Key → echo latencies for `keys` keystrokes typed one at a time: each key is sent once the
/// previous one shows, after a typist's pause.
pub fn echo_latencies(session: &PtySession, keys: usize) -> Vec<Duration> {
    const LETTERS: &[u8] = b"zqxj";
    let mut typed = String::new();
    let mut out = Vec::with_capacity(keys);
    for i in 0..keys {
        let key = LETTERS[i % LETTERS.len()];
        typed.push(key as char);
        let wanted = typed.clone();
        let sent = Instant::now();
        session.send(&[key]);
        match session.wait_until(Duration::from_secs(5), move |s| s.contains(&wanted)) {
            Some(seen) => out.push(seen - sent),
            None => break,
        }
        // Keys a person types are tens of milliseconds apart; the official TUI treats faster
        // ones as a paste.
        std::thread::sleep(Duration::from_millis(30));
    }
    out
}
