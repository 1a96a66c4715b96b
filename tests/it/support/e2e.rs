//! The end-to-end tests' setting: the real `codex app-server` (see `codex_env`) against the mock
//! Responses API, each test with its own CODEX_HOME, HOME, workspace and log folder, and tern in
//! a pseudo-terminal. Test files using it also declare `codex_env`, `mock_model` and `pty`.

use super::codex_env::{self, CodexEnv, Sandbox};
use super::mock_model::{MockModel, MockTurn};
use super::pty::PtySession;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Generous: codex's first start in a fresh CODEX_HOME does some setup.
pub const WAIT: Duration = Duration::from_secs(60);

pub struct E2e {
    /// Runs the mock; dropped last.
    pub runtime: tokio::runtime::Runtime,
    pub mock: MockModel,
    pub env: CodexEnv,
    pub logs: tempfile::TempDir,
    pub codex: PathBuf,
}

impl E2e {
    /// The mock answering `script` in turn, and a codex home for it. Without codex the test
    /// fails saying how to get it; `None` (the test returns, skipped) only with
    /// `TERN_SKIP_E2E=1`.
    pub fn start(script: Vec<MockTurn>, sandbox: Sandbox) -> Option<E2e> {
        Self::start_with(codex_env::codex_or_skip()?, script, sandbox)
    }

    /// As [`E2e::start`], with the codex binary `codex`.
    pub fn start_with(codex: PathBuf, script: Vec<MockTurn>, sandbox: Sandbox) -> Option<E2e> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let mock = runtime.block_on(MockModel::start(script));
        let env = CodexEnv::new(&mock.base_url(), sandbox).unwrap();
        Some(E2e {
            runtime,
            mock,
            env,
            logs: tempfile::tempdir().unwrap(),
            codex,
        })
    }

    /// `tern --codex-bin CODEX ARGS` in the workspace, logging at debug level, with `extra`
    /// environment on top of the test's own homes.
    pub fn spawn(&self, args: &[&str], extra: &[(&str, OsString)], size: (u16, u16)) -> PtySession {
        let mut env: Vec<(&str, OsString)> = self.env.env_vars();
        env.push(("TERN_LOG_DIR", self.logs.path().into()));
        env.push(("TERN_LOG", "debug".into()));
        env.extend(extra.iter().cloned());
        let codex_arg = self.codex.to_string_lossy().into_owned();
        let mut all = vec!["--codex-bin", &codex_arg];
        all.extend_from_slice(args);
        PtySession::spawn(
            Path::new(env!("CARGO_BIN_EXE_tern")),
            &all,
            &env,
            self.env.workspace(),
            size,
        )
    }

    /// A new session, once its thread is ready for a prompt.
    pub fn ready(&self, extra: &[(&str, OsString)], size: (u16, u16)) -> PtySession {
        let tern = self.spawn(&[], extra, size);
        tern.wait_for("the thread to be ready", WAIT, |s| {
            s.contains("ready · mock-model")
        });
        tern
    }

    /// What to print when an end-to-end test fails: codex's stderr, tern's log, the mock.
    pub fn context(&self) -> String {
        let log = std::fs::read_to_string(self.logs.path().join("tern.log")).unwrap_or_default();
        format!(
            "codex stderr:\n{}\ntern log (tail):\n{}\nmock requests: {}, other requests: {:?}",
            self.env.stderr(),
            log.lines().rev().take(30).collect::<Vec<_>>().join("\n"),
            self.mock.requests().len(),
            self.mock.other_requests()
        )
    }
}
