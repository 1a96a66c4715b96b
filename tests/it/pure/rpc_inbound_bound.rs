//! The inbound queue is bounded: a server that writes faster than tern applies waits on its pipe
//! (back-pressure), and every message still arrives, in order. A line with invalid UTF-8 neither
//! ends the session nor loses the message.

use serde_json::Value;
use std::time::Duration;
use tern::rpc::connection::INBOUND_CAPACITY;
use tern::rpc::memory::memory_pair;
use tern::rpc::{Connection, Inbound, InboundReceiver};
use tokio::io::AsyncWriteExt;

const DEADLINE: Duration = Duration::from_secs(20);

async fn next(inbound: &mut InboundReceiver) -> Inbound {
    tokio::time::timeout(DEADLINE, inbound.recv())
        .await
        .expect("nothing arrived")
        .expect("channel closed")
}

/// The number a delta carries, whichever way its line was read: a delta line written as codex
/// writes it (method first) comes read into its type, any other notification as text.
fn delta_number(message: Inbound) -> u64 {
    match message {
        Inbound::Delta(_, delta) => delta.delta.parse().unwrap(),
        Inbound::Notification { params, .. } => {
            let params: Value = serde_json::from_str(params.get()).unwrap();
            params["delta"].as_str().unwrap().parse().unwrap()
        }
        message => panic!("expected a notification, got {message:?}"),
    }
}

#[tokio::test]
async fn a_flood_waits_on_the_pipe_and_nothing_is_dropped() {
    let (transport, server) = memory_pair();
    let (_connection, mut inbound) = Connection::start(Box::new(transport));
    let (_server_reader, mut server_writer) = tokio::io::split(server);
    // Far more than the queue and the 1 MB pipe hold together.
    const COUNT: u64 = 40_000;
    let writer = tokio::spawn(async move {
        for i in 0..COUNT {
            let line = format!(
                "{{\"method\":\"item/agentMessage/delta\",\"params\":{{\"threadId\":\"t\",\"turnId\":\"u\",\"itemId\":\"m\",\"delta\":\"{i}\",\"pad\":\"{}\"}}}}\n",
                "x".repeat(40)
            );
            server_writer.write_all(line.as_bytes()).await.unwrap();
        }
    });
    // Nobody reads: the queue fills up to its bound and stops there.
    tokio::time::timeout(DEADLINE, async {
        while inbound.len() < INBOUND_CAPACITY {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the queue never filled");
    for _ in 0..100 {
        tokio::task::yield_now().await;
    }
    assert_eq!(
        inbound.len(),
        INBOUND_CAPACITY,
        "the queue grew past its bound"
    );
    assert!(
        !writer.is_finished(),
        "the server's writes should wait while tern is behind"
    );
    for expected in 0..COUNT {
        assert_eq!(delta_number(next(&mut inbound).await), expected);
    }
    tokio::time::timeout(DEADLINE, writer)
        .await
        .expect("the server's writes finish once tern catches up")
        .unwrap();
}

#[tokio::test]
async fn invalid_utf8_is_replaced_and_the_session_goes_on() {
    let (transport, server) = memory_pair();
    let (connection, mut inbound) = Connection::start(Box::new(transport));
    let (_server_reader, mut server_writer) = tokio::io::split(server);
    server_writer
        .write_all(b"{\"method\":\"warning\",\"params\":{\"message\":\"caf\xe9 \xff ok\"}}\n")
        .await
        .unwrap();
    server_writer
        .write_all(b"{\"method\":\"warning\",\"params\":{\"message\":\"next\"}}\n")
        .await
        .unwrap();
    let Inbound::Notification { params, .. } = next(&mut inbound).await else {
        panic!("expected the warning")
    };
    let params: Value = serde_json::from_str(params.get()).unwrap();
    assert_eq!(params["message"], Value::from("caf\u{fffd} \u{fffd} ok"));
    let Inbound::Notification { params, .. } = next(&mut inbound).await else {
        panic!("expected the next warning")
    };
    let params: Value = serde_json::from_str(params.get()).unwrap();
    assert_eq!(params["message"], "next");
    assert!(!connection.is_closed(), "one bad byte ended the session");
}
