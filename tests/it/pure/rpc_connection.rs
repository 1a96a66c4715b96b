//! The JSON-RPC connection against an in-memory peer.

use serde_json::{json, Value};
use std::time::Duration;
use tern::rpc::memory::memory_pair;
use tern::rpc::{Connection, Inbound, RpcError};
use tokio::io::{
    AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf,
};

const DEADLINE: Duration = Duration::from_secs(5);

struct Peer {
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    writer: WriteHalf<DuplexStream>,
}

impl Peer {
    async fn read(&mut self) -> Value {
        let line = tokio::time::timeout(DEADLINE, self.lines.next_line())
            .await
            .expect("the client wrote nothing")
            .unwrap()
            .expect("the client closed");
        serde_json::from_str(&line).unwrap()
    }

    async fn write(&mut self, line: &str) {
        self.writer.write_all(line.as_bytes()).await.unwrap();
        self.writer.write_all(b"\n").await.unwrap();
    }
}

fn connect() -> (Connection, tern::rpc::InboundReceiver, Peer) {
    let (transport, server) = memory_pair();
    let (connection, inbound) = Connection::start(Box::new(transport));
    let (reader, writer) = tokio::io::split(server);
    let peer = Peer {
        lines: BufReader::new(reader).lines(),
        writer,
    };
    (connection, inbound, peer)
}

async fn next_inbound(inbound: &mut tern::rpc::InboundReceiver) -> Inbound {
    tokio::time::timeout(DEADLINE, inbound.recv())
        .await
        .expect("nothing arrived")
        .expect("channel closed")
}

#[tokio::test]
async fn responses_out_of_order_reach_their_own_requests() {
    let (connection, _inbound, mut peer) = connect();
    let a = tokio::spawn({
        let c = connection.clone();
        async move { c.request("first", json!({})).await }
    });
    let first = peer.read().await;
    let b = tokio::spawn({
        let c = connection.clone();
        async move { c.request("second", json!({})).await }
    });
    let second = peer.read().await;
    assert_eq!(first["method"], "first");
    assert_eq!(second["method"], "second");
    assert_eq!(first["jsonrpc"], "2.0");
    peer.write(&json!({"id": second["id"], "result": {"n": 2}}).to_string())
        .await;
    peer.write(&json!({"id": first["id"], "result": {"n": 1}}).to_string())
        .await;
    assert_eq!(a.await.unwrap().unwrap(), json!({"n": 1}));
    assert_eq!(b.await.unwrap().unwrap(), json!({"n": 2}));
}

#[tokio::test]
async fn server_errors_name_the_method() {
    let (connection, _inbound, mut peer) = connect();
    let call = tokio::spawn(async move { connection.request("thread/resume", json!({})).await });
    let request = peer.read().await;
    peer.write(
        &json!({"id": request["id"], "error": {"code": -32600, "message": "no such thread"}})
            .to_string(),
    )
    .await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(
        err,
        RpcError::Server {
            method: "thread/resume".into(),
            code: -32600,
            message: "no such thread".into()
        }
    );
}

#[tokio::test]
async fn a_server_request_is_handed_over_and_answered() {
    let (connection, mut inbound, mut peer) = connect();
    peer.write(
        r#"{"id": 7, "method": "item/commandExecution/requestApproval", "params": {"x": 1}}"#,
    )
    .await;
    let Inbound::Request { id, method, .. } = next_inbound(&mut inbound).await else {
        panic!("expected a request")
    };
    assert_eq!(method, "item/commandExecution/requestApproval");
    connection.respond(&id, json!({"decision": "accept"}));
    assert_eq!(
        peer.read().await,
        json!({"jsonrpc": "2.0", "id": 7, "result": {"decision": "accept"}})
    );
}

#[tokio::test]
async fn malformed_lines_are_skipped_and_the_stream_goes_on() {
    let (_connection, mut inbound, mut peer) = connect();
    peer.write("this is not json").await;
    peer.write(r#"{"jsonrpc": "2.0"}"#).await;
    peer.write(r#"{"method": "warning", "params": {"message": "still here"}}"#)
        .await;
    let Inbound::Notification { method, params } = next_inbound(&mut inbound).await else {
        panic!("expected the notification after the bad lines")
    };
    let params: Value = serde_json::from_str(params.get()).unwrap();
    assert_eq!(method, "warning");
    assert_eq!(params["message"], "still here");
}

#[tokio::test]
async fn the_peer_dying_fails_pending_requests_at_once_and_later_ones_too() {
    let (connection, mut inbound, mut peer) = connect();
    let pending = tokio::spawn({
        let c = connection.clone();
        async move { c.request("turn/start", json!({})).await }
    });
    let _ = peer.read().await;
    drop(peer);
    let err = tokio::time::timeout(DEADLINE, pending)
        .await
        .expect("the pending request must fail within the deadline")
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(&err, RpcError::Closed(why) if why.contains("closed")),
        "{err}"
    );
    assert!(matches!(
        next_inbound(&mut inbound).await,
        Inbound::Closed(_)
    ));
    assert!(connection.is_closed());
    let later = connection
        .request("turn/start", json!({}))
        .await
        .unwrap_err();
    assert!(matches!(later, RpcError::Closed(_)));
}

#[tokio::test]
async fn a_crashing_child_reports_its_exit_status_and_stderr() {
    use tern::rpc::child::ChildTransport;
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("codex");
    std::fs::write(
        &fake,
        "#!/bin/sh\nread line\necho 'fatal: config is broken' >&2\nexit 3\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Another test's child forked between our write and this exec holds the script open for
    // writing until it execs itself (every test shares this process): exec then fails with
    // ETXTBSY for a moment. Retry that, within the deadline.
    let deadline = std::time::Instant::now() + DEADLINE;
    let transport = loop {
        match ChildTransport::spawn(&fake, &[]) {
            Err(e)
                if e.raw_os_error() == Some(libc::ETXTBSY)
                    && std::time::Instant::now() < deadline =>
            {
                tokio::time::sleep(Duration::from_millis(10)).await
            }
            spawned => break spawned.unwrap(),
        }
    };
    let (connection, _inbound) = Connection::start(Box::new(transport));
    let err = tokio::time::timeout(DEADLINE, connection.request("initialize", json!({})))
        .await
        .expect("must fail, not hang")
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("exit status: 3"), "{text}");
    assert!(text.contains("fatal: config is broken"), "{text}");
}

#[tokio::test]
async fn an_answer_comes_through_the_inbound_queue_in_the_servers_order() {
    let (connection, mut inbound, mut peer) = connect();
    let id = connection
        .send_request("thread/start", &json!({"cwd": "/w"}))
        .unwrap();
    let sent = peer.read().await;
    assert_eq!(sent["method"], "thread/start");
    assert_eq!(sent["id"], json!(1));
    // A notification before the answer, the answer, and notifications after it, in one go.
    peer.write(r#"{"method":"configWarning","params":{"summary":"before"}}"#)
        .await;
    peer.write(r#"{"id":1,"result":{"thread":{"id":"t"}}}"#)
        .await;
    for n in 0..3 {
        peer.write(&format!(
            r#"{{"method":"item/agentMessage/delta","params":{{"n":{n}}}}}"#
        ))
        .await;
    }
    let mut applied = Vec::new();
    for _ in 0..5 {
        applied.push(match next_inbound(&mut inbound).await {
            Inbound::Notification { method, params } => format!("{method} {params}"),
            Inbound::Response {
                id: answered,
                result,
            } => {
                assert_eq!(answered, id);
                format!("answer {}", result.unwrap())
            }
            other => panic!("{other:?}"),
        });
    }
    assert_eq!(
        applied,
        [
            r#"configWarning {"summary":"before"}"#,
            r#"answer {"thread":{"id":"t"}}"#,
            r#"item/agentMessage/delta {"n":0}"#,
            r#"item/agentMessage/delta {"n":1}"#,
            r#"item/agentMessage/delta {"n":2}"#,
        ]
    );
}

#[tokio::test]
async fn answers_still_owed_fail_in_the_queue_before_the_link_is_said_gone() {
    let (connection, mut inbound, peer) = connect();
    let first = connection.send_request("a", &json!({})).unwrap();
    let second = connection.send_request("b", &json!({})).unwrap();
    drop(peer);
    for owed in [first, second] {
        match next_inbound(&mut inbound).await {
            Inbound::Response { id, result } => {
                assert_eq!(id, owed);
                assert!(matches!(result, Err(RpcError::Closed(_))), "{result:?}");
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(matches!(
        next_inbound(&mut inbound).await,
        Inbound::Closed(_)
    ));
    let refused = connection.send_request("c", &json!({})).unwrap_err();
    assert!(matches!(refused, RpcError::Closed(_)));
}
