//! The real event loop against an in-memory peer: answers are applied in the server's order
//! among its notifications, and two threads' interleaved streams stay apart (the one on screen
//! shows only its own; a sub-agent's builds its own model, announced by nothing).

use crate::support::recording_backend::RecordingBackend;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use serde_json::{json, Value};
use std::time::Duration;
use tern::app::{AppEvent, AppState, SessionConfig};
use tern::model::{CellKind, Transcript};
use tern::protocol::ThreadSettings;
use tern::rpc::memory::memory_pair;
use tern::rpc::Connection;
use tern::runtime::event_loop::LoopIo;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

const DEADLINE: Duration = Duration::from_secs(10);
const PARENT: &str = "th-parent";
const CHILD: &str = "th-child";

fn config() -> SessionConfig {
    SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/w".into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn delta(thread: &str, turn: &str, item: &str, text: &str) -> Value {
    json!({"method": "item/agentMessage/delta", "params": {"threadId": thread, "turnId": turn,
        "itemId": item, "delta": text}})
}

/// The texts of a transcript's agent messages.
fn answers(transcript: &Transcript) -> Vec<String> {
    transcript
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().to_string()),
            _ => None,
        })
        .collect()
}

/// Plays the server: answers `initialize` and `thread/start`; what follows the thread's answer
/// (in the same write, so it is on the wire right behind it) is `after_start`, and what
/// follows the answer to `turn/start` is `after_turn`. Keeps the pipe open until dropped.
async fn peer(server: DuplexStream, after_start: Vec<Value>, after_turn: Vec<Value>) {
    let (reader, mut writer) = tokio::io::split(server);
    let mut lines = BufReader::new(reader).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let msg: Value = serde_json::from_str(&line).unwrap();
        let id = msg["id"].clone();
        let (answer, then) = match msg["method"].as_str() {
            Some("initialize") => (json!({"userAgent": "peer"}), &[][..]),
            Some("thread/start") => (
                json!({"thread": {"id": PARENT, "turns": []}, "model": "m", "cwd": "/w"}),
                &after_start[..],
            ),
            Some("turn/start") => (
                json!({"turn": {"id": "tu-p", "items": [], "status": "inProgress"}}),
                &after_turn[..],
            ),
            _ => continue,
        };
        // As codex does, a notification goes out just before the answer (its `configWarning`
        // before `thread/start`'s): the loop, woken by it, reads what follows it in one batch.
        let before = json!({"method": "configWarning", "params": {"summary": "heads up"}});
        let mut chunk = format!("{before}\n{}\n", json!({"id": id, "result": answer}));
        for message in then {
            chunk.push_str(&format!("{message}\n"));
        }
        writer.write_all(chunk.as_bytes()).await.unwrap();
    }
}

/// Runs a session against `peer` until `done` is on screen; types `typed` (then Enter) once
/// `ready` is on screen. Returns the final state.
async fn session(
    after_start: Vec<Value>,
    after_turn: Vec<Value>,
    ready: &'static str,
    typed: &'static str,
    done: &'static str,
) -> AppState {
    let (transport, server) = memory_pair();
    let (connection, inbound) = Connection::start(Box::new(transport));
    let peer = tokio::spawn(peer(server, after_start, after_turn));
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (frames_tx, mut screens) = tokio::sync::watch::channel(String::new());
    let driver = tokio::spawn(async move {
        screens.wait_for(|s| s.contains(ready)).await.unwrap();
        for c in typed.chars() {
            let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
            keys.unbounded_send(Ok(Event::Key(key))).unwrap();
        }
        if !typed.is_empty() {
            let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
            keys.unbounded_send(Ok(Event::Key(enter))).unwrap();
        }
        screens.wait_for(|s| s.contains(done)).await.unwrap();
        external_tx.send(AppEvent::Terminate).unwrap();
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
    let (_, state) = tokio::time::timeout(
        DEADLINE,
        tern::runtime::run_loop(&mut terminal, io, AppState::new(config())),
    )
    .await
    .expect("the session did not end")
    .unwrap();
    let _keys = driver.await.unwrap();
    peer.abort();
    state
}

#[tokio::test]
async fn an_answer_is_applied_before_the_notifications_sent_after_it() {
    // The thread's first events are on the wire right behind the answer that names the thread.
    // Applied before the answer, they would belong to a thread not on screen yet and stay out
    // of the transcript; in the server's order they are the shown thread's first words.
    let mut after_start = vec![
        json!({"method": "turn/started", "params": {"threadId": PARENT,
        "turn": {"id": "tu-0", "items": [], "status": "inProgress"}}}),
    ];
    after_start.extend((0..50).map(|n| delta(PARENT, "tu-0", "msg_0", &format!("w{n} "))));
    after_start.push(delta(PARENT, "tu-0", "msg_0", "RIGHT-AFTER-THE-ANSWER"));
    let state = session(after_start, vec![], "", "", "RIGHT-AFTER-THE-ANSWER").await;
    let shown = answers(state.transcript());
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].starts_with("w0 w1 w2 "), "{shown:?}");
    assert!(
        shown[0].ends_with("w49 RIGHT-AFTER-THE-ANSWER"),
        "{shown:?}"
    );
    assert!(
        state.kept_threads().is_empty(),
        "nothing went to another thread"
    );
}

#[tokio::test]
async fn two_threads_streams_interleaved_stay_apart() {
    // The parent's turn spawns a child: the child announces itself with nothing (no
    // `thread/started`), and its stream interleaves with the parent's.
    let mut after_turn = vec![
        json!({"method": "turn/started", "params": {"threadId": PARENT,
            "turn": {"id": "tu-p", "items": [], "status": "inProgress"}}}),
        json!({"method": "thread/status/changed", "params": {"threadId": CHILD,
            "status": {"type": "idle"}}}),
        json!({"method": "turn/started", "params": {"threadId": CHILD,
            "turn": {"id": "tu-c", "items": [], "status": "inProgress"}}}),
    ];
    for n in 0..20 {
        after_turn.push(delta(PARENT, "tu-p", "msg_p", &format!("p{n} ")));
        after_turn.push(delta(CHILD, "tu-c", "msg_c", &format!("CHILD{n} ")));
    }
    after_turn.push(
        json!({"method": "turn/completed", "params": {"threadId": CHILD,
        "turn": {"id": "tu-c", "items": [], "status": "completed"}}}),
    );
    after_turn.push(delta(PARENT, "tu-p", "msg_p", "PARENT-DONE"));
    after_turn.push(
        json!({"method": "turn/completed", "params": {"threadId": PARENT,
        "turn": {"id": "tu-p", "items": [], "status": "completed"}}}),
    );
    let state = session(vec![], after_turn, "ready", "go", "PARENT-DONE").await;

    let parent = answers(state.transcript());
    assert_eq!(state.thread_id(), Some(PARENT));
    assert_eq!(parent.len(), 1, "{parent:?}");
    assert!(parent[0].starts_with("p0 p1 ") && parent[0].ends_with("p19 PARENT-DONE"));
    assert!(
        !parent[0].contains("CHILD"),
        "the child's words reached the screen"
    );
    let child = state
        .kept_threads()
        .get(CHILD)
        .expect("the child has a model");
    let words = answers(&child.transcript);
    assert_eq!(words.len(), 1, "{words:?}");
    assert!(words[0].starts_with("CHILD0 ") && words[0].ends_with("CHILD19 "));
    assert!(
        !child.turn_active(),
        "the child's turn ended in its own model"
    );
    assert!(!state.turn_active(), "and the parent's in the shown one");
}
