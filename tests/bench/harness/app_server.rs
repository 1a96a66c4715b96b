//! The baseline of the stream figures: `codex app-server` alone, driven over stdio by a minimal
//! JSON-RPC client with no screen at all. What it costs is what any frontend pays before it
//! draws anything.

use super::proc_stats;
use crate::support::codex_env::{CodexEnv, REMOVED_ENV_VARS};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub struct TurnFigures {
    /// `turn/start` sent → the last delta read.
    pub wall: Duration,
    /// `turn/start` sent → `turn/completed` read.
    pub completed: Duration,
    /// CPU of the app-server and its children over the turn.
    pub cpu: Duration,
}

struct Server {
    child: Child,
    stdin: std::process::ChildStdin,
    lines: mpsc::Receiver<(Instant, Value)>,
}

impl Server {
    fn start(codex: &Path, env: &CodexEnv) -> Option<Server> {
        let mut command = Command::new(codex);
        command
            .arg("app-server")
            .current_dir(env.workspace())
            .envs(env.env_vars())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for name in REMOVED_ENV_VARS {
            command.env_remove(name);
        }
        let mut child = command.spawn().ok()?;
        let stdin = child.stdin.take()?;
        let stdout = child.stdout.take()?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                let at = Instant::now();
                let value = serde_json::from_str(&line).unwrap_or(Value::Null);
                if tx.send((at, value)).is_err() {
                    return;
                }
            }
        });
        Some(Server {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, message: Value) -> Option<()> {
        writeln!(self.stdin, "{message}").ok()?;
        self.stdin.flush().ok()
    }

    /// Reads messages until `stop` holds for one; returns it and when it was read.
    fn read_until(
        &self,
        mut stop: impl FnMut(Instant, &Value) -> bool,
    ) -> Option<(Instant, Value)> {
        // The 10,000-cell turn takes the server half a minute.
        let deadline = Instant::now() + Duration::from_secs(180);
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let (at, value) = self.lines.recv_timeout(left).ok()?;
            if stop(at, &value) {
                return Some((at, value));
            }
        }
    }

    fn request(&mut self, id: u64, method: &str, params: Value) -> Option<Value> {
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))?;
        let (_, response) = self.read_until(|_, v| v["id"] == id && v.get("method").is_none())?;
        response.get("result").cloned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        proc_stats::kill_tree(self.child.id());
        let _ = self.child.wait();
    }
}

/// Starts a thread, sends `prompt` as a turn and reads until the turn completes.
pub fn stream_turn(codex: &Path, env: &CodexEnv, prompt: &str) -> Option<TurnFigures> {
    let mut server = Server::start(codex, env)?;
    let client = json!({ "name": "tern-bench", "title": "tern bench", "version": "0.0.0" });
    server.request(
        1,
        "initialize",
        json!({ "clientInfo": client, "capabilities": { "experimentalApi": true } }),
    )?;
    server.send(json!({ "jsonrpc": "2.0", "method": "initialized" }))?;
    let started = server.request(2, "thread/start", json!({ "cwd": env.workspace() }))?;
    let thread = started["thread"]["id"].as_str()?.to_string();
    let pid = server.child.id();
    let before = proc_stats::sample(pid, pid);
    let sent = Instant::now();
    server.send(json!({
        "jsonrpc": "2.0", "id": 3, "method": "turn/start",
        "params": { "threadId": thread, "input": [{ "type": "text", "text": prompt }] },
    }))?;
    let mut last_delta = sent;
    let (completed, _) = server.read_until(|at, v| {
        if v["method"] == "item/agentMessage/delta" {
            last_delta = at;
        }
        v["method"] == "turn/completed"
    })?;
    let after = proc_stats::settle(
        pid,
        pid,
        Duration::from_millis(300),
        Duration::from_secs(10),
    );
    Some(TurnFigures {
        wall: last_delta - sent,
        completed: completed - sent,
        cpu: after.tree_cpu.saturating_sub(before.tree_cpu),
    })
}
