//! The real event loop (`run_loop`) on a TestBackend, against an in-memory peer that plays
//! the server and records everything tern sends.

use crate::support::recording_backend::RecordingBackend;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use serde_json::{json, Value};
use std::time::Duration;
use tern::app::{AppState, SessionConfig};
use tern::model::CellKind;
use tern::protocol::ThreadSettings;
use tern::rpc::memory::memory_pair;
use tern::rpc::Connection;
use tern::runtime::event_loop::LoopIo;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::oneshot;

const DEADLINE: Duration = Duration::from_secs(10);

fn key(c: char, modifiers: KeyModifiers) -> std::io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(KeyCode::Char(c), modifiers)))
}

#[tokio::test]
async fn a_turn_with_an_approval_through_the_event_loop() {
    let (transport, server) = memory_pair();
    let (connection, inbound) = Connection::start(Box::new(transport));
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (_external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (asked_tx, asked) = oneshot::channel::<()>();

    // The server's side: answers, streams a turn, asks for approval, records what tern sent.
    let peer = tokio::spawn(async move {
        let (reader, mut writer) = tokio::io::split(server);
        let mut lines = BufReader::new(reader).lines();
        let mut seen: Vec<Value> = Vec::new();
        let mut asked_tx = Some(asked_tx);
        let thread = "th-1";
        macro_rules! send {
            ($v:expr) => {{
                writer
                    .write_all(format!("{}\n", $v).as_bytes())
                    .await
                    .unwrap();
            }};
        }
        while let Ok(Some(line)) = lines.next_line().await {
            let msg: Value = serde_json::from_str(&line).unwrap();
            seen.push(msg.clone());
            let id = msg["id"].clone();
            match msg["method"].as_str() {
                Some("initialize") => send!(json!({"id": id, "result": {"userAgent": "peer"}})),
                Some("thread/start") => send!(json!({"id": id, "result": {
                    "thread": {"id": thread, "turns": []}, "model": "peer-model", "cwd": "/w"}})),
                Some("turn/start") => {
                    // The turn's first notification before the response that names the turn.
                    send!(
                        json!({"method": "turn/started", "params": {"threadId": thread,
                        "turn": {"id": "tu-1", "items": [], "status": "inProgress"}}})
                    );
                    send!(
                        json!({"id": id, "result": {"turn": {"id": "tu-1", "items": [], "status": "inProgress"}}})
                    );
                    for delta in ["Streaming ", "**works**", " fine."] {
                        send!(
                            json!({"method": "item/agentMessage/delta", "params": {"threadId": thread,
                            "turnId": "tu-1", "itemId": "msg_0", "delta": delta}})
                        );
                    }
                    send!(
                        json!({"id": 0, "method": "item/commandExecution/requestApproval", "params": {
                        "threadId": thread, "turnId": "tu-1", "itemId": "call_0", "command": "git status",
                        "proposedExecpolicyAmendment": ["git", "status"]}})
                    );
                    asked_tx.take().unwrap().send(()).unwrap();
                }
                None if msg["id"] == 0 => {
                    send!(
                        json!({"method": "serverRequest/resolved", "params": {"threadId": thread, "requestId": 0}})
                    );
                    send!(
                        json!({"method": "turn/completed", "params": {"threadId": thread,
                        "turn": {"id": "tu-1", "items": [], "status": "completed", "durationMs": 12}}})
                    );
                    break;
                }
                _ => {}
            }
        }
        // The pipe stays open until the test is done with the session.
        (seen, lines, writer)
    });

    let config = SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/w".into()),
            ..Default::default()
        },
        approval_read_guard: Some(Duration::ZERO),
        ..Default::default()
    };
    let (frames_tx, mut screens) = tokio::sync::watch::channel(String::new());
    // The person at the keyboard, on their own task.
    let typist = tokio::spawn(async move {
        // Typed before the thread is ready: queued, then sent.
        for c in "hi".chars() {
            keys.unbounded_send(key(c, KeyModifiers::NONE)).unwrap();
        }
        keys.unbounded_send(Ok(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        ))))
        .unwrap();
        tokio::time::timeout(DEADLINE, asked)
            .await
            .expect("no approval was asked")
            .unwrap();
        // Answer only once the prompt is on screen, as a person would.
        tokio::time::timeout(
            DEADLINE,
            screens.wait_for(|s| s.contains("Approval needed")),
        )
        .await
        .expect("the prompt was never drawn")
        .unwrap();
        keys.unbounded_send(key('p', KeyModifiers::NONE)).unwrap();
        // `p` opens the prefix chooser; Enter writes the rule it shows.
        tokio::time::timeout(
            DEADLINE,
            screens.wait_for(|s| s.contains("prefix_rule(pattern=")),
        )
        .await
        .expect("the prefix chooser was never drawn")
        .unwrap();
        keys.unbounded_send(Ok(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        ))))
        .unwrap();
        tokio::time::timeout(DEADLINE, screens.wait_for(|s| s.contains("always allowed")))
            .await
            .expect("the answer was never recorded")
            .unwrap();
        // Ctrl+C after the answer (the loop handles terminal events in order): the first
        // interrupts the turn if it still runs, the next asks, the last quits.
        for _ in 0..3 {
            keys.unbounded_send(key('c', KeyModifiers::CONTROL))
                .unwrap();
        }
        keys
    });

    let mut terminal = RecordingBackend::terminal(80, 20, Default::default(), frames_tx);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    let (outcome, state) = tokio::time::timeout(
        DEADLINE,
        tern::runtime::run_loop(&mut terminal, io, AppState::new(config)),
    )
    .await
    .expect("the session did not end")
    .unwrap();
    let _keys = typist.await.unwrap();
    assert_eq!(outcome.thread_id.as_deref(), Some("th-1"));
    assert!(outcome.failure.is_none());
    assert!(outcome.frames_drawn >= 1);
    assert!(state.questions().is_empty());
    assert_eq!(
        (state.screen().width, state.screen().height),
        (80, 20),
        "the loop tells the app the terminal's size before anything is laid out"
    );
    let texts: Vec<String> = state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::User { text } => Some(text.clone()),
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(texts, ["hi", "Streaming **works** fine."]);
    drop(state);
    let (seen, _lines, _writer) = tokio::time::timeout(DEADLINE, peer).await.unwrap().unwrap();
    let methods: Vec<&str> = seen.iter().filter_map(|m| m["method"].as_str()).collect();
    assert_eq!(
        methods,
        [
            "initialize",
            "initialized",
            "thread/start",
            "account/read",
            "turn/start",
            // The hooks, asked once when the first thread opens (`/hooks`' startup check).
            "hooks/list"
        ]
    );
    assert_eq!(seen[0]["params"]["clientInfo"]["name"], "tern");
    assert_eq!(seen[2]["params"], json!({"cwd": "/w"}));
    assert_eq!(seen[3]["params"], json!({"refreshToken": false}));
    assert_eq!(seen[4]["params"]["input"][0]["text"], "hi");
    let answer = seen
        .iter()
        .find(|m| m["id"] == 0 && m.get("result").is_some())
        .unwrap();
    assert_eq!(
        answer["result"],
        json!({"decision": {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}}})
    );
}
