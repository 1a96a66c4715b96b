//! End to end with the real `codex app-server` (temp CODEX_HOME, the mock Responses API):
//! `/model` picks a model from the server's `model/list` and the next request the model gets
//! names it; `/compact` runs the compaction as a turn and the mock receives its request.

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

struct Fixture {
    runtime: tokio::runtime::Runtime,
    mock: MockModel,
    env: CodexEnv,
    logs: tempfile::TempDir,
    codex: std::path::PathBuf,
}

fn fixture(script: Vec<MockTurn>) -> Option<Fixture> {
    let codex = codex_env::codex_or_skip()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mock = runtime.block_on(MockModel::start(script));
    let env = CodexEnv::new(&mock.base_url(), Sandbox::Default).unwrap();
    Some(Fixture {
        runtime,
        mock,
        env,
        logs: tempfile::tempdir().unwrap(),
        codex,
    })
}

impl Fixture {
    fn tern(&self) -> PtySession {
        let mut env: Vec<(&str, OsString)> = self.env.env_vars();
        env.push(("TERN_LOG_DIR", self.logs.path().into()));
        env.push(("TERN_LOG", "debug".into()));
        let codex_arg = self.codex.to_string_lossy().into_owned();
        let tern = PtySession::spawn(
            Path::new(env!("CARGO_BIN_EXE_tern")),
            &["--codex-bin", &codex_arg],
            &env,
            self.env.workspace(),
            (120, 40),
        );
        tern.wait_for("the thread to be ready", WAIT, |s| {
            s.contains("ready · mock-model")
        });
        tern
    }

    fn context(&self) -> String {
        let log = std::fs::read_to_string(self.logs.path().join("tern.log")).unwrap_or_default();
        format!(
            "codex stderr:\n{}\ntern log (tail):\n{}\nmock requests: {}",
            self.env.stderr(),
            log.lines().rev().take(30).collect::<Vec<_>>().join("\n"),
            self.mock.requests().len()
        )
    }
}

/// Types a command as a person does: the popup follows each key; Enter runs it.
fn run_command(tern: &PtySession, command: &str) {
    tern.send(command.as_bytes());
    tern.wait_for_text(&format!("│{command}"), WAIT);
    tern.send(b"\r");
}

#[test]
fn slash_model_changes_the_model_of_the_next_request() {
    let Some(f) = fixture(vec![
        MockTurn::text("ANSWER-ONE"),
        MockTurn::text("ANSWER-TWO"),
    ]) else {
        return;
    };
    let mut tern = f.tern();
    tern.send(b"first\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    run_command(&tern, "/model");
    // The server's own catalog: pick the entry after the selected one, then its first effort.
    tern.wait_for("the model list", WAIT, |s| {
        s.contains("╭ Model") && !s.contains("Loading the models")
    });
    tern.send(b"\x1b[B");
    tern.send(b"\r");
    tern.wait_for("the effort list", WAIT, |s| {
        s.contains("╭ Reasoning effort")
    });
    tern.send(b"\r");
    tern.wait_for_text("The next turn uses", WAIT);
    let screen = tern.screen_text();
    let chosen = screen
        .split("The next turn uses ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .trim_end_matches('.')
        .to_string();
    assert_ne!(chosen, "mock-model", "{screen}");
    let effort = screen
        .split(" reasoning effort")
        .next()
        .and_then(|before| before.rsplit(' ').next())
        .unwrap()
        .to_string();
    tern.send(b"second\r");
    tern.wait_for_text("ANSWER-TWO", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    assert_eq!(requests[0]["model"], "mock-model");
    assert_eq!(requests[1]["model"], chosen.as_str(), "{}", f.context());
    assert_eq!(
        requests[1]["reasoning"]["effort"],
        effort.as_str(),
        "{}",
        requests[1]["reasoning"]
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn slash_compact_runs_the_compaction_as_a_turn() {
    let Some(f) = fixture(vec![
        MockTurn::text("ANSWER-ONE"),
        MockTurn::text("SUMMARY-OF-IT-ALL"),
    ]) else {
        return;
    };
    let mut tern = f.tern();
    tern.send(b"first\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    run_command(&tern, "/compact");
    tern.wait_for("the compaction", WAIT, |s| s.contains("Context compacted"));
    tern.wait_for("the compaction turn to end", WAIT, |s| {
        s.matches("turn completed").count() >= 2
    });
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    let asked = requests[1].to_string();
    assert!(
        asked.contains("ANSWER-ONE"),
        "the compaction sees the conversation: {asked}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
