//! tern against the hostile fake app-server, for the scale scenarios whose load the real codex
//! cannot make on two cores (eight sub-agents streaming at once, a day-long session): the same
//! 120×40 pseudo-terminal and `/proc` figures as [`super::apps::Running`], with the fake
//! server's script in place of codex and the mock model. tern only (the official TUI cannot
//! talk to the fake server).

use super::apps::SIZE;
use super::proc_stats::{self, TreeSample};
use crate::support::fake_server::{tern_bin, FakeServer};
use crate::support::pty::PtySession;
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// tern waits for the fake server's `thread/start` answer at most this long.
const START_WAIT: Duration = Duration::from_secs(60);

/// tern running against a fake server playing a script. Dropping it kills tern and the fake.
pub struct FakeRun {
    pub session: PtySession,
    pub pid: u32,
    /// The script, the record and the homes, deleted when it is dropped.
    _fake: FakeServer,
}

impl FakeRun {
    /// Starts tern (or `BENCH_TERN_BIN`) against a fake server that plays `steps`; returns once
    /// the thread is ready for a prompt, or `None` if it never was.
    pub fn start(steps: &[Value]) -> Option<FakeRun> {
        let fake = FakeServer::new(steps);
        let tern = std::env::var_os("BENCH_TERN_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| tern_bin().to_path_buf());
        let session = PtySession::spawn(&tern, &[], &fake.env(), &fake.work_dir(), SIZE);
        session.forget_raw_output();
        let pid = session.pid()?;
        let run = FakeRun {
            session,
            pid,
            _fake: fake,
        };
        run.wait(START_WAIT, |s| s.contains("fake-model"))?;
        Some(run)
    }

    /// Types `text` and, once it shows, Enter.
    pub fn submit(&self, text: &str) -> Option<Instant> {
        self.session.send(text.as_bytes());
        let wanted = text.to_string();
        self.wait(Duration::from_secs(10), move |s| s.contains(&wanted))?;
        let sent = Instant::now();
        self.session.send(b"\r");
        Some(sent)
    }

    pub fn wait(&self, timeout: Duration, check: impl Fn(&str) -> bool) -> Option<Instant> {
        self.session.wait_until(timeout, check)
    }

    /// A sample taken once tern and the fake have gone quiet (at most `limit`).
    pub fn settled(&self, limit: Duration) -> TreeSample {
        proc_stats::settle(self.pid, self.pid, Duration::from_millis(300), limit)
    }
}

impl Drop for FakeRun {
    fn drop(&mut self) {
        proc_stats::kill_tree(self.pid);
    }
}
