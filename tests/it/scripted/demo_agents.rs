//! `--demo` plays a turn with two sub-agents offline, as codex does (their own threads' events,
//! no `thread/started`, the parent's spawn and wait items), answers `thread/read` and the
//! sub-agent `thread/list` for them, resumes and pages an agent's thread when it is entered,
//! and plays a `!` command as a `userShell` turn. The
//! notifications it sends, fed to the app, show both agents by name with their answers.

use crate::support::common::{config, reply, started};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::protocol::ServerNotification;
use tern::rpc::{Connection, Inbound};

const DEADLINE: Duration = Duration::from_secs(20);

#[tokio::test]
async fn the_demo_plays_two_agents_that_the_app_shows_by_name() {
    let mut script = tern::demo::embedded_script();
    script.speed = 0.0;
    let (connection, mut inbound) = Connection::start(Box::new(tern::demo::start_with(script)));
    connection
        .request(
            "initialize",
            json!({"clientInfo": {"name": "t", "version": "0"}}),
        )
        .await
        .unwrap();
    let thread = connection
        .request("thread/start", json!({"cwd": "/tmp"}))
        .await
        .unwrap();
    let thread_id = thread["thread"]["id"].as_str().unwrap().to_string();
    let now = Instant::now();
    let mut state = started(AppState::new(config()), json!({}), thread.clone(), now);
    connection
        .request(
            "turn/start",
            json!({"threadId": thread_id, "input": [{"type": "text", "text": "use two agents"}]}),
        )
        .await
        .unwrap();
    let mut reads = Vec::new();
    tokio::time::timeout(DEADLINE, async {
        loop {
            let Inbound::Notification { method, params } = inbound.recv().await.unwrap() else {
                continue;
            };
            let params: serde_json::Value = serde_json::from_str(params.get()).unwrap();
            let done = method == "turn/completed" && params["threadId"] == thread_id.as_str();
            let n = ServerNotification::from_parts(&method, params).unwrap();
            for effect in update(&mut state, AppEvent::Notification(n), now) {
                if let tern::app::Effect::Request(r) = effect {
                    if r.method() == "thread/read" {
                        reads.push(r.params().unwrap());
                    }
                }
            }
            if done {
                break;
            }
        }
    })
    .await
    .expect("the demo's agent turn ends");
    assert_eq!(reads.len(), 2, "each agent is named once: {reads:?}");
    for params in reads {
        let answer = connection.request("thread/read", params.clone()).await;
        update(
            &mut state,
            reply(
                RequestTag::ReadAgent {
                    thread_id: params["threadId"].as_str().unwrap().to_string(),
                },
                answer.map_err(|e| e.to_string()),
            ),
            now,
        );
    }
    let shown = crate::support::common::screen(&mut state, 120, 60, now);
    assert!(shown.contains("Spawned Curie [explorer]"), "{shown}");
    assert!(shown.contains("Spawned Turing"), "{shown}");
    assert!(
        shown.contains("Turing ✓ completed: All 214 tests pass"),
        "{shown}"
    );
    let listed: Value = connection
        .request(
            "thread/list",
            json!({"sourceKinds": ["subAgentThreadSpawn"], "ancestorThreadId": thread_id, "archived": false}),
        )
        .await
        .unwrap();
    let names: Vec<&str> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["agentNickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Curie", "Turing"]);

    // Entering Curie: the demo resumes its thread and pages its turn (task and answer).
    let curie = listed["data"][0]["id"].as_str().unwrap().to_string();
    let resumed = connection
        .request(
            "thread/resume",
            json!({"threadId": curie, "excludeTurns": true}),
        )
        .await
        .unwrap();
    assert_eq!(resumed["thread"]["agentNickname"], "Curie");
    let turns: Value = connection
        .request(
            "thread/turns/list",
            json!({"threadId": curie, "sortDirection": "desc"}),
        )
        .await
        .unwrap();
    let items = &turns["data"][0]["items"];
    assert_eq!(items[0]["type"], "userMessage");
    assert!(items[1]["text"]
        .as_str()
        .unwrap()
        .starts_with("Found 3 TODOs"));

    // A `!` command plays a turn of its own with a `userShell` command item.
    connection
        .request(
            "thread/shellCommand",
            json!({"threadId": thread_id, "command": "ls"}),
        )
        .await
        .unwrap();
    tokio::time::timeout(DEADLINE, async {
        loop {
            if let Inbound::Notification { method, params } = inbound.recv().await.unwrap() {
                if method == "item/completed" {
                    let params: serde_json::Value = serde_json::from_str(params.get()).unwrap();
                    assert_eq!(params["item"]["source"], "userShell");
                    assert_eq!(params["item"]["exitCode"], 0);
                    break;
                }
            }
        }
    })
    .await
    .expect("the shell command's item");
}
