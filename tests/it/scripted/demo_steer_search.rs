//! The demo server answers what the composer sends: `turn/steer` into its running turn (and
//! refuses one for a turn that is not running, as codex does), and `fuzzyFileSearch`.

use serde_json::{json, Value};
use std::time::Duration;
use tern::rpc::{Connection, Inbound, InboundReceiver};

const DEADLINE: Duration = Duration::from_secs(20);

async fn started(cwd: &str) -> (Connection, InboundReceiver, String) {
    let (connection, inbound) = Connection::start(Box::new(tern::demo::start()));
    connection
        .request(
            "initialize",
            json!({"clientInfo": {"name": "t", "version": "0"}}),
        )
        .await
        .unwrap();
    let thread = connection
        .request("thread/start", json!({ "cwd": cwd }))
        .await
        .unwrap();
    let id = thread["thread"]["id"].as_str().unwrap().to_string();
    (connection, inbound, id)
}

/// Waits for a notification that `check` accepts.
async fn wait_for(inbound: &mut InboundReceiver, check: impl Fn(&str, &Value) -> bool) -> Value {
    tokio::time::timeout(DEADLINE, async {
        loop {
            match inbound.recv().await.expect("the demo closed") {
                Inbound::Notification { method, params } => {
                    let params: Value = serde_json::from_str(params.get()).unwrap();
                    if check(&method, &params) {
                        return params;
                    }
                }
                Inbound::Request { .. } => panic!("the demo asked something unexpected"),
                _ => {}
            }
        }
    })
    .await
    .expect("not seen in time")
}

#[tokio::test]
async fn the_demo_takes_a_steer_into_its_running_turn() {
    let (connection, mut inbound, thread) = started("/tmp").await;
    let turn = connection
        .request(
            "turn/start",
            json!({"threadId": thread, "input": [{"type": "text", "text": "hello"}]}),
        )
        .await
        .unwrap();
    let turn_id = turn["turn"]["id"].as_str().unwrap().to_string();
    let refused = connection
        .request(
            "turn/steer",
            json!({"threadId": thread, "expectedTurnId": "wrong", "input": [{"type": "text", "text": "x"}]}),
        )
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("expected active turn id"),
        "{refused}"
    );
    let answer = connection
        .request(
            "turn/steer",
            json!({"threadId": thread, "expectedTurnId": turn_id, "input": [{"type": "text", "text": "shorter please"}]}),
        )
        .await
        .unwrap();
    assert_eq!(answer["turnId"], turn_id.as_str());
    let echo = wait_for(&mut inbound, |m, p| {
        m == "item/started"
            && p["item"]["type"] == "userMessage"
            && p["item"]["content"][0]["text"] == "shorter please"
    })
    .await;
    assert_eq!(echo["turnId"], turn_id.as_str());
    wait_for(&mut inbound, |m, p| {
        m == "turn/completed" && p["turn"]["id"] == turn_id.as_str()
    })
    .await;
    let late = connection
        .request(
            "turn/steer",
            json!({"threadId": thread, "expectedTurnId": turn_id, "input": [{"type": "text", "text": "late"}]}),
        )
        .await
        .unwrap_err();
    assert!(
        late.to_string().contains("no active turn to steer"),
        "{late}"
    );
}

#[tokio::test]
async fn the_demo_searches_files_for_mentions() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "").unwrap();
    let root = dir.path().to_string_lossy().into_owned();
    let (connection, _inbound, _) = started(&root).await;
    let answer = connection
        .request(
            "fuzzyFileSearch",
            json!({"query": "lib", "roots": [root], "cancellationToken": null}),
        )
        .await
        .unwrap();
    assert_eq!(answer["files"][0]["path"], "src/lib.rs");
    assert_eq!(answer["files"][0]["file_name"], "lib.rs");
}
