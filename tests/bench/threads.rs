//! Figures for the resume picker and for reopening a long thread, against the real
//! `codex app-server` and the mock model. Ignored (they take minutes to fill CODEX_HOME);
//! run with `cargo test --release --test bench -- --ignored --nocapture threads::`. They print
//! figures and assert only that the screens appeared.
//!
//! Threads are made through `codex app-server` directly (thread/start + turn/start, 20 at a
//! time), then the real `tern` binary is timed in a pseudo-terminal.

use crate::support::codex_env;
use crate::support::codex_env::{CodexEnv, Sandbox};
use crate::support::mock_model::{MockModel, MockTurn};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const WAIT: Duration = Duration::from_secs(120);

/// A bare JSON-RPC client of `codex app-server`, enough to make threads.
struct Client {
    child: tokio::process::Child,
    stdin: tokio::process::ChildStdin,
    lines: tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    next_id: i64,
}

impl Client {
    async fn start(env: &CodexEnv, codex: &Path) -> Client {
        let mut child = env.app_server_command(codex).unwrap().spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut client = Client {
            child,
            stdin,
            lines,
            next_id: 0,
        };
        client
            .call(
                "initialize",
                json!({"clientInfo": {"name": "bench", "title": null, "version": "0"}}),
            )
            .await;
        client
            .send(json!({"jsonrpc": "2.0", "method": "initialized"}))
            .await;
        client
    }

    async fn send(&mut self, message: Value) {
        self.stdin
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> (i64, Value) {
        self.next_id += 1;
        (
            self.next_id,
            json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}),
        )
    }

    /// Reads until the answer to `id` (notifications are skipped).
    async fn call(&mut self, method: &str, params: Value) -> Value {
        let (id, message) = self.request(method, params);
        self.send(message).await;
        loop {
            let line = self.lines.next_line().await.unwrap().expect("server alive");
            let value: Value = serde_json::from_str(&line).unwrap();
            if value["id"] == id && value.get("method").is_none() {
                assert!(value["error"].is_null(), "{method}: {value}");
                return value["result"].clone();
            }
        }
    }

    /// Starts `count` threads in `cwd`, one turn each, `batch` at a time.
    async fn make_threads(&mut self, cwd: &str, count: usize, batch: usize) {
        let mut made = 0;
        while made < count {
            let n = batch.min(count - made);
            let mut ids = Vec::new();
            for _ in 0..n {
                let started = self.call("thread/start", json!({"cwd": cwd})).await;
                ids.push(started["thread"]["id"].as_str().unwrap().to_string());
            }
            for (i, id) in ids.iter().enumerate() {
                let (_, message) = self.request(
                    "turn/start",
                    json!({"threadId": id, "input": [{"type": "text", "text": format!("stored question {}", made + i), "text_elements": []}]}),
                );
                self.send(message).await;
            }
            self.wait_completions(n).await;
            made += n;
        }
    }

    /// One thread with `turns` turns, one after another.
    async fn make_long_thread(&mut self, cwd: &str, turns: usize) -> String {
        let started = self.call("thread/start", json!({"cwd": cwd})).await;
        let id = started["thread"]["id"].as_str().unwrap().to_string();
        for n in 0..turns {
            let (_, message) = self.request(
                "turn/start",
                json!({"threadId": id, "input": [{"type": "text", "text": format!("long step {n}"), "text_elements": []}]}),
            );
            self.send(message).await;
            self.wait_completions(1).await;
        }
        id
    }

    async fn wait_completions(&mut self, mut left: usize) {
        while left > 0 {
            let line = self.lines.next_line().await.unwrap().expect("server alive");
            let value: Value = serde_json::from_str(&line).unwrap();
            if value["method"] == "turn/completed" {
                left -= 1;
            }
        }
    }
}

fn tern(env: &CodexEnv, codex: &Path, args: &[&str]) -> PtySession {
    let env_vars: Vec<(&str, OsString)> = env.env_vars();
    let codex_arg = codex.to_string_lossy().into_owned();
    let mut all = vec!["--codex-bin", codex_arg.as_str()];
    all.extend_from_slice(args);
    PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &all,
        &env_vars,
        env.workspace(),
        (120, 40),
    )
}

#[test]
#[ignore = "benchmark: makes 1,000 threads; prints figures"]
fn resume_picker_with_1000_threads() {
    let Some(codex) = codex_env::codex_bin() else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let count = 1000;
    let turns: Vec<MockTurn> = (0..count)
        .map(|n| MockTurn::text(&format!("stored answer {n}")))
        .collect();
    let mock = runtime.block_on(MockModel::start(turns));
    let env = CodexEnv::new(&mock.base_url(), Sandbox::Default).unwrap();
    let cwd = env.workspace().to_string_lossy().into_owned();
    let made = Instant::now();
    runtime.block_on(async {
        let mut client = Client::start(&env, &codex).await;
        client.make_threads(&cwd, count, 20).await;
        let _ = client.child.kill().await;
    });
    eprintln!("figure: made {count} threads in {:?}", made.elapsed());
    // The server's share, for comparison: a fresh app-server, then the picker's two requests.
    runtime.block_on(async {
        let spawned = Instant::now();
        let mut client = Client::start(&env, &codex).await;
        let ready = spawned.elapsed();
        let params = json!({"limit": 25, "sortKey": "updated_at", "cwd": cwd});
        let fast_at = Instant::now();
        let mut fast = params.clone();
        fast["useStateDbOnly"] = json!(true);
        client.call("thread/list", fast).await;
        let fast_took = fast_at.elapsed();
        let exact_at = Instant::now();
        client.call("thread/list", params).await;
        eprintln!(
            "figure: codex alone: spawn + initialize {ready:?}; thread/list 25 rows from the state db {fast_took:?}, with the rollout scan {:?}",
            exact_at.elapsed()
        );
        let _ = client.child.kill().await;
    });
    for run in 0..3 {
        let opened = Instant::now();
        let mut session = tern(&env, &codex, &["resume"]);
        session.wait_for("first rows", WAIT, |s| s.contains("stored question"));
        let first_rows = opened.elapsed();
        eprintln!("figure: run {run}: `tern resume` to first rows on screen {first_rows:?}");
        // Down until the 100th row is on screen: three more pages load in the background
        // meanwhile (a key at the end of what is loaded waits for the next page).
        let scrolling = Instant::now();
        loop {
            session.send(b"\x1b[B");
            if session.screen_text().contains("stored question 900") {
                break;
            }
            assert!(scrolling.elapsed() < WAIT, "{}", session.screen_text());
            // Key repeat: one Down every 5 ms.
            std::thread::sleep(Duration::from_millis(5));
        }
        eprintln!(
            "figure: run {run}: then Down (5 ms repeat) to row 100 in {:?}",
            scrolling.elapsed()
        );
        session.quit_with(b"\x03\x03\x03", WAIT);
    }
    drop(mock);
}

#[test]
#[ignore = "benchmark: makes a 200-turn thread; prints figures"]
fn resume_a_200_turn_thread() {
    let Some(codex) = codex_env::codex_bin() else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let turns = 200;
    let script: Vec<MockTurn> = (0..turns)
        .map(|n| MockTurn::text(&format!("long answer {n}")))
        .collect();
    let mock = runtime.block_on(MockModel::start(script));
    let env = CodexEnv::new(&mock.base_url(), Sandbox::Default).unwrap();
    let cwd = env.workspace().to_string_lossy().into_owned();
    runtime.block_on(async {
        let mut client = Client::start(&env, &codex).await;
        client.make_long_thread(&cwd, turns).await;
        let _ = client.child.kill().await;
    });
    for run in 0..3 {
        let opened = Instant::now();
        let mut session = tern(&env, &codex, &["resume", "--last"]);
        session.wait_for("the newest turn, ready", WAIT, |s| {
            s.contains("long answer 199") && s.contains("ready · mock-model")
        });
        let usable = opened.elapsed();
        // Ctrl+Home repeatedly until the first turn is on screen: every page loads.
        let top = Instant::now();
        loop {
            session.send(b"\x1b[1;5H");
            let screen = session.screen_text();
            if screen.lines().any(|l| l.trim_end() == "› long step 0") {
                break;
            }
            assert!(top.elapsed() < WAIT, "{screen}");
            // Polling granularity of the figure, not a wait for a condition.
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!(
            "figure: run {run}: `tern resume --last` of a {turns}-turn thread to a usable transcript {usable:?}; Ctrl+Home until turn 1 is on screen {:?}",
            top.elapsed()
        );
        session.quit_with(b"\x03\x03\x03", WAIT);
    }
    drop(mock);
}
