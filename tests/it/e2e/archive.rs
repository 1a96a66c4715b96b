//! End to end with codex 0.171 and the mock model: `/archive` (after its confirming key) moves
//! the shown thread to the archived list — read back from a second `codex app-server` with
//! `thread/list {archived: true}` — and tern continues in a fresh thread.

use crate::support::e2e::{E2e, WAIT};
use crate::support::{codex_env::Sandbox, mock_model::MockTurn};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// `thread/list` with `params`, asked of a codex of its own in the same CODEX_HOME.
fn list_threads(f: &E2e, params: Value) -> Value {
    f.runtime.block_on(async {
        let mut child = f
            .env
            .app_server_command(&f.codex)
            .unwrap()
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let messages = [
            json!({"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "tern-test", "version": "0"}}}),
            json!({"method": "initialized"}),
            json!({"id": 2, "method": "thread/list", "params": params}),
        ];
        for message in messages {
            stdin
                .write_all(format!("{message}\n").as_bytes())
                .await
                .unwrap();
        }
        let answer = tokio::time::timeout(WAIT, async {
            while let Some(line) = lines.next_line().await.unwrap() {
                let message: Value = serde_json::from_str(&line).unwrap();
                if message["id"] == 2 {
                    return message;
                }
            }
            panic!("codex closed its output before answering thread/list");
        })
        .await
        .expect("thread/list answered in time");
        answer["result"].clone()
    })
}

fn previews(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["preview"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn slash_archive_moves_the_thread_to_the_archived_list() {
    let Some(f) = E2e::start(vec![MockTurn::text("ANSWER-ONE")], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"archive me please\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"/archive");
    tern.wait_for_text("│/archive", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Archive this thread?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Archived. /resume lists it under Ctrl+T", WAIT);
    // A fresh thread takes its place.
    tern.wait_for("the fresh thread", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let archived = list_threads(&f, json!({"archived": true}));
    assert_eq!(
        previews(&archived),
        ["archive me please"],
        "{archived}\n{}",
        f.context()
    );
    let live = list_threads(&f, json!({}));
    assert!(
        !previews(&live).iter().any(|p| p == "archive me please"),
        "{live}"
    );
    drop(f.runtime);
}
