//! Sub-agent conversations recorded from the real codex 0.171 (`tests/fixtures/21-*.jsonl`, from
//! the research scripts `s21_subagents_v1.py`, `s21_subagents_v2.py`, `s21_background.py`),
//! replayed into the app: the parent thread `PARENT` spawns `KID1` and `KID2` (v1), whose own
//! events arrive unasked, interleaved with the parent's.

use super::common::{config, reply, server_request, started};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::protocol::ServerNotification;

pub const V1: &str = "21-subagents-v1.jsonl";
pub const V2: &str = "21-subagents-v2.jsonl";
pub const PARENT: &str = "01a231bf-8744-7360-974f-7d42eb29c9fb";
pub const KID1: &str = "01a231bf-87bb-7dd0-af9b-48051b3eeede";
pub const KID2: &str = "01a231bf-87ce-7920-88e0-f87b20fe55dc";
/// The v2 recording's parent and child.
pub const V2_PARENT: &str = "01a231c0-3a5b-7d73-a9fc-6a545776347b";
pub const V2_KID: &str = "01a231c0-3b39-7d82-80df-959480e985ce";

/// The server's messages of a recording, in order: notifications and server requests (answers
/// to the recorder's own requests are left out).
pub fn server_messages(name: &str) -> Vec<AppEvent> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter_map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let msg = v["msg"].clone();
            if v["dir"] != "s2c" || msg.get("method").is_none() {
                return None;
            }
            let method = msg["method"].as_str().unwrap().to_string();
            let params = msg["params"].clone();
            Some(match msg.get("id").and_then(Value::as_i64) {
                Some(id) => server_request(id, &method, params),
                None => AppEvent::Notification(
                    ServerNotification::from_parts(&method, params).expect("parses"),
                ),
            })
        })
        .collect()
}

/// The answer the recording holds for the first request of `method` with these `params`.
pub fn recorded_result(name: &str, method: &str, params: &Value) -> Value {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let messages: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .collect();
    let id = messages
        .iter()
        .find(|v| {
            v["dir"] == "c2s" && v["msg"]["method"] == method && &v["msg"]["params"] == params
        })
        .map(|v| v["msg"]["id"].clone())
        .unwrap_or_else(|| panic!("no {method} {params} in {name}"));
    messages
        .iter()
        .find(|v| v["dir"] == "s2c" && v["msg"]["id"] == id && v["msg"].get("method").is_none())
        .map(|v| v["msg"]["result"].clone())
        .expect("answered")
}

/// The app showing thread `id`, idle, in the recording's directory.
pub fn parent_state(id: &str, now: Instant) -> AppState {
    let mut state = started(
        AppState::new(config()),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": id, "preview": "", "turns": []}, "model": "mock-model", "cwd": "/tmp/rb/ws"}),
        now,
    );
    update(&mut state, AppEvent::Resize(100, 40), now);
    state
}

/// Plays `events` and collects every effect they produced.
pub fn play(state: &mut AppState, events: Vec<AppEvent>, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for event in events {
        effects.extend(update(state, event, now));
    }
    effects
}

/// The `thread/read` answer of the recording for `thread_id`, as the app gets it.
pub fn read_answer(name: &str, thread_id: &str) -> AppEvent {
    reply(
        RequestTag::ReadAgent {
            thread_id: thread_id.to_string(),
        },
        Ok(recorded_result(
            name,
            "thread/read",
            &json!({"threadId": thread_id}),
        )),
    )
}

/// A `thread/read` answer naming an agent, with whatever nickname and role a test wants.
pub fn named(thread_id: &str, nickname: &str, role: Option<&str>, preview: &str) -> AppEvent {
    reply(
        RequestTag::ReadAgent {
            thread_id: thread_id.to_string(),
        },
        Ok(json!({"thread": {
            "id": thread_id, "preview": preview, "agentNickname": nickname, "agentRole": role,
            "parentThreadId": PARENT, "canAcceptDirectInput": true, "status": {"type": "idle"},
            "turns": []
        }})),
    )
}
