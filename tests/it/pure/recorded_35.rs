//! `/usage`, plugin install, feedback upload and `/rc` against exchanges recorded from codex
//! 0.171 (`tests/fixtures/35-*-0171.jsonl`: a raw JSON-RPC client, a fresh CODEX_HOME with no
//! sign-in, a local marketplace, no network): what tern sends is what codex was sent and took,
//! and codex's recorded answers — results and refusals alike — are shown as such.

use crate::support::account_fixtures::account;
use crate::support::common::*;
use crate::support::feedback_fixtures::{report_shown, FEEDBACK_DIR};
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;
use tern::rpc::RpcError;
use tern::session::feedback_report::{FeedbackEntry, RedactedZip};

/// The recording's folders, as the pure tests' session spells them.
const RECORDED_CWD: &str = "/tmp/tests35-rec/ws";
const CWD: &str = "/home/user/project";

/// One request of a recording: its method, its params, and codex's answer (an error as the
/// runtime words it).
struct Asked {
    method: String,
    params: Value,
    answer: Result<Value, String>,
}

fn recording(name: &str) -> Vec<Asked> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace(RECORDED_CWD, CWD);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let answer = |id: &Value, method: &str| {
        let msg = lines
            .iter()
            .map(|l| &l["msg"])
            .find(|m| m["id"] == *id && m.get("method").is_none())
            .unwrap_or_else(|| panic!("no answer to {method} in {name}"));
        match msg.get("error") {
            Some(e) => Err(RpcError::Server {
                method: method.to_string(),
                code: e["code"].as_i64().unwrap(),
                message: e["message"].as_str().unwrap().to_string(),
            }
            .to_string()),
            None => Ok(msg["result"].clone()),
        }
    };
    lines
        .iter()
        .filter(|l| l["dir"] == "c2s" && l["msg"].get("id").is_some())
        .map(|l| {
            let method = l["msg"]["method"].as_str().unwrap().to_string();
            Asked {
                answer: answer(&l["msg"]["id"], &method),
                params: l["msg"]["params"].clone(),
                method,
            }
        })
        .collect()
}

fn asked<'a>(all: &'a [Asked], method: &str) -> &'a Asked {
    all.iter().find(|a| a.method == method).unwrap()
}

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn command(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    state.set_draft(text);
    wire(update(state, key(KeyCode::Enter), now))
}

fn press_char(state: &mut AppState, c: char, now: Instant) -> Vec<Effect> {
    wire(update(state, key(KeyCode::Char(c)), now))
}

#[test]
fn plugin_install_sends_what_codex_took_and_shows_its_answers() {
    let rec = recording("35-plugins-0171.jsonl");
    let now = Instant::now();
    let mut state = ready_state(now);
    let list = asked(&rec, "plugin/list");
    assert_eq!(
        requests(&command(&mut state, "/plugins", now)),
        [("plugin/list", list.params.clone())]
    );
    update(
        &mut state,
        reply(RequestTag::ListPlugins, list.answer.clone()),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Hello"), "{text}");
    let read = asked(&rec, "plugin/read");
    assert_eq!(
        requests(&wire(update(&mut state, key(KeyCode::Enter), now))),
        [("plugin/read", read.params.clone())]
    );
    update(
        &mut state,
        reply(RequestTag::ReadPlugin, read.answer.clone()),
        now,
    );
    let text = screen(&mut state, 140, 40, now);
    assert!(text.contains("hello:greet — Greet the person"), "{text}");
    press_char(&mut state, 'i', now);
    let install = asked(&rec, "plugin/install");
    assert_eq!(
        requests(&press_char(&mut state, 'y', now)),
        [("plugin/install", install.params.clone())]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::InstallPlugin {
                id: "hello@local-test".into(),
            },
            install.answer.clone(),
        ),
        now,
    ));
    assert_eq!(requests(&effects)[0].0, "plugin/list", "read again");
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert!(text.starts_with("Plugin installed: Hello."), "{text}");
}

#[test]
fn usage_shows_codex_s_recorded_refusals_in_the_box() {
    let rec = recording("35-usage-0171.jsonl");
    let now = Instant::now();
    let mut state = ready_state(now);
    // tern asks only when signed in with ChatGPT; the recording shows what a codex that
    // does not take the sign-in answers.
    update(&mut state, account("chatgpt"), now);
    let sent = requests(&command(&mut state, "/usage", now));
    let methods: Vec<&str> = sent.iter().map(|(m, _)| *m).collect();
    assert_eq!(methods, ["account/usage/read", "account/rateLimits/read"]);
    update(
        &mut state,
        reply(
            RequestTag::ReadUsage,
            asked(&rec, "account/usage/read").answer.clone(),
        ),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::ReadUsageLimits,
            asked(&rec, "account/rateLimits/read").answer.clone(),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains(
            "Could not read the usage: account/usage/read failed: codex account authentication"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Could not read the limits: account/rateLimits/read failed: codex account \
             authentication"
        ),
        "{text}"
    );
    assert!(!text.contains("Reading the"), "{text}");
}

#[test]
fn rc_shows_the_recorded_status_and_enable_refusal() {
    let rec = recording("35-rc-0171.jsonl");
    let now = Instant::now();
    let mut state = ready_state(now);
    let status = asked(&rec, "remoteControl/status/read");
    assert_eq!(
        requests(&command(&mut state, "/rc", now)),
        [("remoteControl/status/read", status.params.clone())]
    );
    let effects = wire(update(
        &mut state,
        reply(RequestTag::ReadRemoteControl, status.answer.clone()),
        now,
    ));
    assert!(
        requests(&effects).is_empty(),
        "no environment: no clients to list: {effects:?}"
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("vm"), "the server's name: {text}");
    press_char(&mut state, 'e', now);
    let enable = asked(&rec, "remoteControl/enable");
    let sent = requests(&press_char(&mut state, 'y', now));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, "remoteControl/enable");
    update(
        &mut state,
        reply(RequestTag::EnableRemoteControl, enable.answer.clone()),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("remote control requires ChatGPT authentication"),
        "{text}"
    );
}

#[test]
fn feedback_upload_sends_what_codex_took_and_says_its_offline_refusal() {
    let rec = recording("35-feedback-0171.jsonl");
    let upload = asked(&rec, "feedback/upload");
    let now = Instant::now();
    let mut state = ready_state(now);
    command(&mut state, "/feedback", now);
    update(&mut state, key(KeyCode::Down), now);
    type_text(&mut state, "slow & wrong", now);
    update(&mut state, key(KeyCode::Enter), now);
    let zip = RedactedZip {
        bytes: b"PK".to_vec(),
        entries: vec![FeedbackEntry {
            name: "attachments/0000/codex-logs.log".into(),
            size: 20,
            redactions: 1,
            preview: Some("key [redacted] sent\n".into()),
        }],
        contents: vec![b"key [redacted] sent\n".to_vec()],
    };
    report_shown(&mut state, zip, now);
    press_char(&mut state, 'u', now);
    press_char(&mut state, 'y', now);
    let staged = upload.params["extraLogFiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    let effects = wire(update(
        &mut state,
        AppEvent::FeedbackStaged(Ok(staged)),
        now,
    ));
    let mut sent = requests(&effects);
    assert_eq!(sent.len(), 1);
    // The recording was made with no thread: all else is as codex took it.
    assert_eq!(sent[0].1["threadId"], json!(THREAD));
    sent[0].1.as_object_mut().unwrap().remove("threadId");
    assert_eq!(sent, [("feedback/upload", upload.params.clone())]);
    let effects = wire(update(
        &mut state,
        reply(RequestTag::UploadFeedback, upload.answer.clone()),
        now,
    ));
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::RemoveFeedbackDir { dir: d } if d == FEEDBACK_DIR)),
        "{effects:?}"
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert!(text.starts_with("The upload failed:"), "{text}");
    assert!(text.contains("dns error"), "{text}");
}
