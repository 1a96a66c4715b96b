//! The event loop reads input before server messages: a key typed while a flood of deltas is
//! queued is drawn before the flood is applied, not after it.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tern::app::{AppEvent, AppState, SessionConfig};
use tern::protocol::RequestId;
use tern::rpc::memory::memory_pair;
use tern::rpc::{Connection, Inbound};
use tern::runtime::event_loop::LoopIo;

use crate::support::recording_backend::RecordingBackend;

fn delta(text: &str) -> Inbound {
    Inbound::Notification {
        method: "item/agentMessage/delta".into(),
        params: serde_json::value::to_raw_value(
            &json!({"threadId": "th-1", "turnId": "tu-1", "itemId": "msg_0", "delta": text}),
        )
        .unwrap(),
    }
}

#[tokio::test]
async fn a_key_typed_during_a_flood_of_deltas_is_drawn_before_the_flood_is_applied() {
    let (transport, _server) = memory_pair();
    let (connection, _unused) = Connection::start(Box::new(transport));
    // The flood is already waiting when the loop starts, and so are the keys. Before it, the
    // answers to `initialize` (request 1) and `thread/start` (request 2, sent once the first
    // is applied) that make th-1 the thread on screen: the flood is its stream.
    let (flood, inbound) = tokio::sync::mpsc::channel(4_096);
    flood
        .try_send(Inbound::Response {
            id: RequestId::Int(1),
            result: Ok(json!({"userAgent": "peer"})),
        })
        .unwrap();
    flood
        .try_send(Inbound::Response {
            id: RequestId::Int(2),
            result: Ok(json!({"thread": {"id": "th-1", "turns": []}, "model": "m", "cwd": "/w"})),
        })
        .unwrap();
    for _ in 0..3_000 {
        flood.try_send(delta("word ")).unwrap();
    }
    flood.try_send(delta("FLOOD-END")).unwrap();
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    for c in ['z', 'q'] {
        let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        keys.unbounded_send(Ok(Event::Key(key))).unwrap();
    }
    let (external_tx, external) = tokio::sync::mpsc::unbounded_channel();

    let frames = Arc::new(Mutex::new(Vec::new()));
    let (last, mut screens) = tokio::sync::watch::channel(String::new());
    let mut terminal = RecordingBackend::terminal(80, 20, frames.clone(), last);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    let the_loop =
        tern::runtime::run_loop(&mut terminal, io, AppState::new(SessionConfig::default()));
    let ender = async move {
        screens
            .wait_for(|s| s.contains("FLOOD-END"))
            .await
            .expect("the flood was drawn");
        external_tx.send(AppEvent::Terminate).unwrap();
        (keys, flood)
    };
    let (result, _kept) = tokio::time::timeout(Duration::from_secs(20), async {
        tokio::join!(the_loop, ender)
    })
    .await
    .expect("the loop did not end");
    result.unwrap();

    let frames = frames.lock().unwrap();
    let first_with_keys = frames
        .iter()
        .position(|f| f.contains("zq"))
        .expect("the typed keys were drawn");
    assert!(
        !frames[first_with_keys].contains("FLOOD-END"),
        "the keys waited for the whole flood"
    );
    assert!(
        !frames[first_with_keys].contains("word"),
        "the keys were drawn after some of the flood: {}",
        frames[first_with_keys]
    );
}
