//! End to end with the real `codex app-server` and the mock model: Enter while an answer
//! streams steers the running turn. The mock gets a second request carrying the steered text,
//! the answer that was cut off says so, and the turn goes on with the new answer.

#[path = "support/codex_env.rs"]
mod codex_env;
#[path = "support/mock_model.rs"]
mod mock_model;
#[path = "support/pty.rs"]
mod pty;

use codex_env::{CodexEnv, Sandbox};
use mock_model::{MockModel, MockTurn};
use pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

#[test]
fn a_steer_lands_in_the_running_turn() {
    let Some(codex) = codex_env::codex_or_skip() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    // A slow answer (200 words, one every 100 ms) leaves time to steer while it streams.
    let slow: String = (0..200).map(|i| format!("word{i} ")).collect();
    let mock = runtime.block_on(MockModel::start(vec![
        MockTurn::Stream {
            text: slow,
            deltas: 200,
            pace: Some(Duration::from_millis(100)),
        },
        MockTurn::text("Tabs it is. STEER-OK"),
    ]));
    let env = CodexEnv::new(&mock.base_url(), Sandbox::Default).unwrap();
    let logs = tempfile::tempdir().unwrap();
    let mut vars: Vec<(&str, OsString)> = env.env_vars();
    vars.push(("TERN_LOG_DIR", logs.path().into()));
    let codex_arg = codex.to_string_lossy().into_owned();
    let mut tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--codex-bin", &codex_arg],
        &vars,
        env.workspace(),
        (110, 40),
    );
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Write a long answer\r");
    tern.wait_for_text("word3 ", WAIT);
    tern.send(b"use tabs please\r");
    tern.wait_for_text("STEER-OK", WAIT);
    tern.wait_for_text("cut off by your steer", WAIT);
    tern.wait_for_text("› use tabs please", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2, "codex stderr:\n{}", env.stderr());
    assert!(requests[1].to_string().contains("use tabs please"));
    assert!(
        !requests[0].to_string().contains("use tabs please"),
        "the steer went into the second request, not the first"
    );
    // The slow answer never finished streaming.
    assert!(!tern.screen_text().contains("word199"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(runtime);
}
