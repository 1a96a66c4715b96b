//! Protocol types against conversations recorded from the real codex app-server 0.169.0
//! (tests/fixtures/*.jsonl, one `{"dir", "msg"}` per line).

use serde_json::{json, Value};
use tern::protocol::{
    Decision, Incoming, ServerNotification, ServerRequest, ThreadItem, ThreadStartResponse,
};

fn fixture(name: &str) -> Vec<(String, Value)> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            (v["dir"].as_str().unwrap().to_string(), v["msg"].clone())
        })
        .collect()
}

const ALL: [&str; 4] = [
    "01-streamed-answer.jsonl",
    "02-command-approval-prefix.jsonl",
    "03-file-change-approval.jsonl",
    "04-thread-list-resume-read.jsonl",
];

#[test]
fn every_server_message_parses_and_known_notifications_match_the_schema() {
    let mut known = 0;
    for name in ALL {
        for (dir, msg) in fixture(name) {
            if dir != "s2c" {
                continue;
            }
            match Incoming::parse(&msg.to_string()).unwrap() {
                Incoming::Notification { method, params } => {
                    let n = ServerNotification::from_parts(&method, params)
                        .unwrap_or_else(|e| panic!("{name}: {method}: {e}"));
                    if !matches!(n, ServerNotification::Other(_)) {
                        known += 1;
                    }
                }
                Incoming::Request { method, params, .. } => {
                    let r = ServerRequest::from_parts(&method, params).unwrap();
                    assert!(!matches!(r, ServerRequest::Unsupported(_)), "{method}");
                }
                Incoming::Response { .. } => {}
                Incoming::Error { error, .. } => panic!("{name}: unexpected error {error:?}"),
            }
        }
    }
    assert!(known > 100, "only {known} notifications were recognised");
}

#[test]
fn items_round_trip_through_our_types() {
    for name in ALL {
        for (_, msg) in fixture(name) {
            if let Some(item) = msg["params"].get("item") {
                let parsed: ThreadItem = serde_json::from_value(item.clone()).unwrap();
                assert!(!matches!(parsed, ThreadItem::Unknown { .. }), "{item}");
                let again: ThreadItem =
                    serde_json::from_value(serde_json::to_value(&parsed).unwrap()).unwrap();
                assert_eq!(parsed, again);
            }
        }
    }
}

#[test]
fn thread_start_and_resume_responses_parse() {
    let start = &fixture("01-streamed-answer.jsonl")[6].1;
    let response: ThreadStartResponse = serde_json::from_value(start["result"].clone()).unwrap();
    assert_eq!(response.model, "mock-model");
    assert_eq!(response.cwd, "/home/user/project");
    let resume = fixture("04-thread-list-resume-read.jsonl")
        .into_iter()
        .find(|(dir, m)| dir == "s2c" && m["id"] == 4)
        .unwrap()
        .1;
    let response: ThreadStartResponse = serde_json::from_value(resume["result"].clone()).unwrap();
    assert_eq!(response.thread.id, "01a227b1-e5ec-7590-bc79-8313e0d7668f");
}

#[test]
fn the_prefix_approval_and_our_answer_match_the_recording() {
    let conversation = fixture("02-command-approval-prefix.jsonl");
    let (_, request) = conversation
        .iter()
        .find(|(_, m)| m["method"] == "item/commandExecution/requestApproval")
        .unwrap();
    let ServerRequest::CommandApproval(params) = ServerRequest::from_parts(
        "item/commandExecution/requestApproval",
        request["params"].clone(),
    )
    .unwrap() else {
        panic!("not a command approval");
    };
    assert_eq!(
        params.proposed_execpolicy_amendment,
        Some(vec!["git".to_string(), "status".to_string()])
    );
    let decisions: Vec<Decision> = params
        .available_decisions
        .unwrap()
        .iter()
        .map(Decision::from_value)
        .collect();
    assert_eq!(
        decisions,
        [
            Decision::Accept,
            Decision::AcceptWithExecpolicyAmendment(vec!["git".into(), "status".into()]),
            Decision::Cancel
        ]
    );
    // What the recorded client answered is exactly what tern sends for `p`.
    let (_, answer) = conversation
        .iter()
        .find(|(dir, m)| dir == "c2s" && m["id"] == 0 && m.get("result").is_some())
        .unwrap();
    assert_eq!(answer["result"], decisions[1].response());
    assert_eq!(
        answer["result"],
        json!({"decision": {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}}})
    );
}

#[test]
fn file_change_approval_names_an_item_announced_earlier() {
    let conversation = fixture("03-file-change-approval.jsonl");
    let started = conversation
        .iter()
        .position(|(_, m)| {
            m["method"] == "item/started" && m["params"]["item"]["type"] == "fileChange"
        })
        .unwrap();
    let asked = conversation
        .iter()
        .position(|(_, m)| m["method"] == "item/fileChange/requestApproval")
        .unwrap();
    assert!(started < asked);
    let ServerRequest::FileChangeApproval(params) = ServerRequest::from_parts(
        "item/fileChange/requestApproval",
        conversation[asked].1["params"].clone(),
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(
        params.item_id,
        conversation[started].1["params"]["item"]["id"]
    );
}
