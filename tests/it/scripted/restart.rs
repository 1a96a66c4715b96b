//! The real event loop swaps a dead server for a new one: an in-memory peer closes the pipe in
//! the middle of a turn, Ctrl+R makes the loop call the spawner, and the new peer is
//! initialized and asked to resume the same thread; the next prompt goes to it.

use crate::support::recording_backend::RecordingBackend;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tern::app::{AppState, SessionConfig};
use tern::protocol::ThreadSettings;
use tern::rpc::memory::memory_pair;
use tern::rpc::Connection;
use tern::runtime::event_loop::LoopIo;
use tern::runtime::restart::{Spawned, Spawner};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

const DEADLINE: Duration = Duration::from_secs(10);
const THREAD: &str = "th-restart";

/// Plays one server: records every method it is sent into `seen` (tagged with `name`). The
/// first server dies (drops the pipe) when a turn starts; the second answers `thread/resume`
/// and its turns.
async fn peer(name: &'static str, server: DuplexStream, seen: Arc<Mutex<Vec<String>>>) {
    let (reader, mut writer) = tokio::io::split(server);
    let mut lines = BufReader::new(reader).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let msg: Value = serde_json::from_str(&line).unwrap();
        let id = msg["id"].clone();
        let method = msg["method"].as_str().unwrap_or("").to_string();
        seen.lock().unwrap().push(format!("{name}:{method}"));
        let reply = match method.as_str() {
            "initialize" => json!({"id": id, "result": {"userAgent": name}}),
            "thread/start" | "thread/resume" => json!({"id": id, "result": {
                "thread": {"id": THREAD, "turns": []}, "model": "m", "cwd": "/w"}}),
            "turn/start" if name == "first" => {
                writer
                    .write_all(
                        format!(
                            "{}\n",
                            json!({"method": "item/agentMessage/delta",
                    "params": {"threadId": THREAD, "turnId": "t1", "itemId": "a",
                    "delta": "before the crash"}})
                        )
                        .as_bytes(),
                    )
                    .await
                    .unwrap();
                // Dies mid-turn.
                return;
            }
            "turn/start" => json!({"id": id, "result": {"turn": {"id": "t2", "items": [],
                "status": "inProgress"}}}),
            _ => continue,
        };
        writer
            .write_all(format!("{reply}\n").as_bytes())
            .await
            .unwrap();
    }
}

fn press(keys: &fmpsc::UnboundedSender<std::io::Result<Event>>, code: KeyCode, m: KeyModifiers) {
    keys.unbounded_send(Ok(Event::Key(KeyEvent::new(code, m))))
        .unwrap();
}

fn type_line(keys: &fmpsc::UnboundedSender<std::io::Result<Event>>, text: &str) {
    for c in text.chars() {
        press(keys, KeyCode::Char(c), KeyModifiers::NONE);
    }
    press(keys, KeyCode::Enter, KeyModifiers::NONE);
}

#[tokio::test]
async fn ctrl_r_swaps_in_a_new_server_and_resumes_the_thread() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (transport, server) = memory_pair();
    tokio::spawn(peer("first", server, seen.clone()));
    let (connection, inbound) = Connection::start(Box::new(transport));
    let spawned = Arc::new(Mutex::new(0));
    let spawner: Spawner = {
        let seen = seen.clone();
        let spawned = spawned.clone();
        Box::new(move || {
            *spawned.lock().unwrap() += 1;
            let (transport, server) = memory_pair();
            tokio::spawn(peer("second", server, seen.clone()));
            Ok(Spawned {
                transport: Box::new(transport),
                pid: Some(31337),
            })
        })
    };
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (_external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (frames_tx, mut screens) = tokio::sync::watch::channel(String::new());
    let config = SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/w".into()),
            ..Default::default()
        },
        ..Default::default()
    };

    let typist = tokio::spawn(async move {
        let mut wait = async |what: &str| {
            tokio::time::timeout(DEADLINE, screens.wait_for(|s| s.contains(what)))
                .await
                .unwrap_or_else(|_| panic!("never saw {what:?}"))
                .unwrap()
                .clone()
        };
        wait("m · /w").await;
        type_line(&keys, "first prompt");
        wait("codex app-server stopped").await;
        for c in "draft".chars() {
            press(&keys, KeyCode::Char(c), KeyModifiers::NONE);
        }
        press(&keys, KeyCode::Char('r'), KeyModifiers::CONTROL);
        let screen = wait("thread th-restart resumed").await;
        assert!(screen.contains("before the crash"), "{screen}");
        assert!(screen.contains("draft"), "the draft stays: {screen}");
        // The draft goes to the new server as the next prompt.
        press(&keys, KeyCode::Enter, KeyModifiers::NONE);
        keys
    });

    let mut terminal = RecordingBackend::terminal(100, 30, Default::default(), frames_tx);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    let the_loop = tern::runtime::run_loop_restartable(
        &mut terminal,
        io,
        AppState::new(config),
        Some(spawner),
    );
    let watch_seen = seen.clone();
    let ended = async {
        let keys = typist.await.unwrap();
        // Wait until the second server got the prompt, then leave.
        tokio::time::timeout(DEADLINE, async {
            while !watch_seen
                .lock()
                .unwrap()
                .contains(&"second:turn/start".to_string())
            {
                tokio::task::yield_now().await;
            }
        })
        .await
        .expect("the next prompt never reached the new server");
        // The Ctrl+C ladder: interrupt the turn, ask, leave.
        for _ in 0..3 {
            press(&keys, KeyCode::Char('c'), KeyModifiers::CONTROL);
        }
        keys
    };
    let (result, _keys) = tokio::time::timeout(DEADLINE, futures::future::join(the_loop, ended))
        .await
        .expect("the loop did not end");
    let (outcome, state) = result.unwrap();
    assert_eq!(outcome.thread_id.as_deref(), Some(THREAD));
    assert!(outcome.failure.is_none(), "{:?}", outcome.failure);
    assert_eq!(*spawned.lock().unwrap(), 1);
    assert_eq!(state.health().pid, Some(31337));
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "first:initialize",
            "first:initialized",
            "first:thread/start",
            "first:account/read",
            // The hooks are asked for once a session, not again after the restart.
            "first:hooks/list",
            "first:turn/start",
            "second:initialize",
            "second:initialized",
            "second:thread/resume",
            "second:account/read",
            "second:turn/start",
        ]
    );
}
