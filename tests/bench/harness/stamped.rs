//! tern against the hostile fake app-server, for the scale scenarios whose load the real codex
//! cannot make quickly on two cores (10,000 stored threads, a 5,000-turn thread): the fake
//! answers from generated data (`{"on": method, "generate": N}`) and notes when it wrote each
//! answer (`TERN_FAKE_STAMPS`, read from the monotonic clock `Instant` reads), so a figure can
//! start at the moment the server answered instead of when the harness asked.

use super::apps::SIZE;
use crate::support::fake_server::FakeServer;
use crate::support::pty::PtySession;
use serde_json::Value;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One generated answer the fake server wrote.
pub struct Stamp {
    pub method: String,
    pub at: Instant,
}

/// tern running against the fake server; dropping it ends both.
pub struct FakeRun {
    pub fake: FakeServer,
    pub session: PtySession,
    pub pid: u32,
    /// An `Instant` and the monotonic clock's nanoseconds read together.
    clock: (Instant, u64),
}

fn monotonic_ns() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the time into `now`, which lives for the call.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// Starts tern (`BENCH_TERN_BIN`, else this build) with `args` against a fake server playing
/// `steps`, in the harness's terminal size.
pub fn start(steps: &[Value], args: &[&str]) -> FakeRun {
    let fake = FakeServer::new(steps);
    let mut env = fake.env();
    env.push(("TERN_FAKE_STAMPS", OsString::from(stamps_path(&fake))));
    let tern = std::env::var_os("BENCH_TERN_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_tern")));
    let clock = (Instant::now(), monotonic_ns());
    let session = PtySession::spawn(&tern, args, &env, &fake.work_dir(), SIZE);
    session.forget_raw_output();
    let pid = session.pid().expect("tern's pid");
    FakeRun {
        fake,
        session,
        pid,
        clock,
    }
}

fn stamps_path(fake: &FakeServer) -> PathBuf {
    fake.dir.path().join("stamps.jsonl")
}

impl FakeRun {
    /// The generated answers written so far, in order.
    pub fn stamps(&self) -> Vec<Stamp> {
        let text = std::fs::read_to_string(stamps_path(&self.fake)).unwrap_or_default();
        text.lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter_map(|v| {
                let ns = v["at_ns"].as_u64()?.checked_sub(self.clock.1)?;
                Some(Stamp {
                    method: v["method"].as_str()?.to_string(),
                    at: self.clock.0 + Duration::from_nanos(ns),
                })
            })
            .collect()
    }

    /// When the first answer to `method` was written.
    pub fn first_answer(&self, method: &str) -> Option<Instant> {
        self.stamps()
            .into_iter()
            .find(|s| s.method == method)
            .map(|s| s.at)
    }

    /// Waits for `check` to hold on the screen's text, which it is given (it must not look at
    /// the session itself: the screen is locked while it runs).
    pub fn wait(&self, timeout: Duration, check: impl Fn(&str) -> bool) -> Option<Instant> {
        self.session.wait_until(timeout, check)
    }

    /// tern's resident memory now (VmRSS) and at its peak (VmHWM), in KiB.
    pub fn memory_kib(&self) -> (u64, u64) {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid)).unwrap_or_default();
        let field = |key: &str| {
            status
                .lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    /// tern's memory once it used no CPU for 300 ms (at most `limit`).
    pub fn settled_memory_kib(&self, limit: Duration) -> (u64, u64) {
        super::proc_stats::settle(self.pid, self.pid, Duration::from_millis(300), limit);
        self.memory_kib()
    }
}

impl Drop for FakeRun {
    fn drop(&mut self) {
        super::proc_stats::kill_tree(self.pid);
    }
}
