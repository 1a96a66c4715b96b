//! Dialing a websocket server as `tern --remote` does: what the upgrade carries (the bearer
//! token, never an `Origin`), back-pressure over the link (a reader that falls behind stops
//! reading; nothing is dropped), and the restart path's redial (attempts said, messages kept
//! until the link is up).

use futures::{SinkExt, StreamExt};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tern::rpc::dial::{dial, DialOptions, Secret};
use tern::rpc::endpoint::Endpoint;
use tern::rpc::{Connection, Inbound};
use tern::runtime::connect_backoff::BackoffPolicy;
use tern::runtime::connect_redial::Redial;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(20);

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

fn options(token: Option<&str>) -> DialOptions {
    DialOptions {
        token: token.map(|t| Secret::new(t.to_string())),
        deadline: Duration::from_secs(5),
        ..DialOptions::default()
    }
}

#[test]
// tungstenite's callback type fixes the error type (an HTTP response).
#[allow(clippy::result_large_err)]
fn the_upgrade_carries_the_bearer_token_and_no_origin() {
    runtime().block_on(async {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}/some/path", listener.local_addr().unwrap());
        let seen: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
        let keep = seen.clone();
        tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            let callback = move |request: &Request, response: Response| {
                let mut headers = keep.lock().unwrap();
                for (name, value) in request.headers() {
                    headers.push((name.to_string(), value.to_str().unwrap_or("?").to_string()));
                }
                headers.push(("path".into(), request.uri().path().to_string()));
                Ok(response)
            };
            let mut ws = tokio_tungstenite::accept_hdr_async(socket, callback)
                .await
                .unwrap();
            while let Some(Ok(message)) = ws.next().await {
                if message.is_text() {
                    ws.send(message).await.unwrap();
                }
            }
        });
        let endpoint = Endpoint::parse(&url, None).unwrap();
        let Ok(dialed) = dial(&endpoint, &options(Some("tok-7c1d2e9f"))).await else {
            panic!("the upgrade works");
        };
        let headers = seen.lock().unwrap().clone();
        let get = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
        };
        assert_eq!(get("authorization").as_deref(), Some("Bearer tok-7c1d2e9f"));
        assert_eq!(
            get("origin"),
            None,
            "an Origin header makes codex answer 403"
        );
        assert_eq!(get("path").as_deref(), Some("/some/path"));
        // One message out, the same one back (the echo), as one message.
        let (connection, mut inbound) = Connection::start(dialed.transport);
        connection.notify("hello/there", Some(serde_json::json!({"n": 1})));
        match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
            Some(Inbound::Notification { method, params }) => {
                assert_eq!(method, "hello/there");
                let params: serde_json::Value = serde_json::from_str(params.get()).unwrap();
                assert_eq!(params["n"], 1);
            }
            other => panic!("{other:?}"),
        }
    });
}

#[test]
fn a_reader_that_falls_behind_holds_the_server_back_and_loses_nothing() {
    const COUNT: usize = 20_000;
    runtime().block_on(async {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let (sent_tx, mut sent_rx) = tokio::sync::watch::channel(0usize);
        tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            let mut ws = tokio_tungstenite::accept_async(socket).await.unwrap();
            let padding = "x".repeat(1000);
            for n in 0..COUNT {
                let text = format!(r#"{{"method":"tick","params":{{"n":{n},"pad":"{padding}"}}}}"#);
                if ws.send(Message::text(text)).await.is_err() {
                    return;
                }
                let _ = sent_tx.send(n + 1);
            }
            std::future::pending::<()>().await;
        });
        let endpoint = Endpoint::parse(&url, None).unwrap();
        let Ok(dialed) = dial(&endpoint, &options(None)).await else {
            panic!("the upgrade works");
        };
        let (_connection, mut inbound) = Connection::start(dialed.transport);
        // Nobody reads: the server gets stuck well short of the end (20 MB of messages; the
        // inbound queue holds 1,024 and the sockets a few MB). Stuck: no progress for 500 ms.
        let deadline = tokio::time::Instant::now() + WAIT;
        let stuck_at = loop {
            let before = *sent_rx.borrow_and_update();
            if tokio::time::timeout(Duration::from_millis(500), sent_rx.changed())
                .await
                .is_err()
            {
                break before;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the server never stopped"
            );
        };
        assert!(
            stuck_at < COUNT,
            "the server sent everything to a reader that read nothing"
        );
        // Then every message arrives, in order.
        for expected in 0..COUNT {
            match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
                Some(Inbound::Notification { params, .. }) => {
                    let params: serde_json::Value = serde_json::from_str(params.get()).unwrap();
                    assert_eq!(params["n"], expected as u64)
                }
                other => panic!("{other:?}"),
            }
        }
    });
}

#[test]
fn the_redial_says_each_failed_attempt_and_sends_what_waited_once_up() {
    runtime().block_on(async {
        // A port with nothing on it yet.
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().port()
        };
        let url = format!("ws://127.0.0.1:{port}");
        let redial = Redial {
            endpoint: Arc::new(Endpoint::parse(&url, None).unwrap()),
            options: Arc::new(options(None)),
            policy: BackoffPolicy {
                first: Duration::from_millis(200),
                longest: Duration::from_millis(400),
                give_up_after: Duration::from_secs(30),
            },
        };
        let (connection, mut inbound) = Connection::start(Box::new(redial));
        // Sent before there is a link: it waits.
        connection.notify("early/bird", None);
        match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
            Some(Inbound::Redialing { attempt, why, .. }) => {
                assert_eq!(attempt, 1, "the first attempt failed");
                assert!(why.contains("could not reach"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
        tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            let mut ws = tokio_tungstenite::accept_async(socket).await.unwrap();
            while let Some(Ok(message)) = ws.next().await {
                if message.is_text() {
                    ws.send(message).await.unwrap();
                }
            }
        });
        loop {
            match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
                Some(Inbound::Redialing { .. }) => continue,
                Some(Inbound::Notification { method, .. }) => {
                    assert_eq!(method, "early/bird");
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
    });
}

#[test]
fn the_redial_gives_up_at_a_refusal_with_the_servers_reason() {
    runtime().block_on(async {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buf = [0u8; 4096];
                let _ = socket.read(&mut buf).await;
                let body = "invalid websocket bearer token";
                let _ = socket
                    .write_all(
                        format!(
                            "HTTP/1.1 401 Unauthorized\r\ncontent-length: {}\r\n\r\n{body}",
                            body.len()
                        )
                        .as_bytes(),
                    )
                    .await;
            }
        });
        let redial = Redial {
            endpoint: Arc::new(Endpoint::parse(&url, None).unwrap()),
            options: Arc::new(options(Some("wrong-token-123"))),
            policy: BackoffPolicy::default(),
        };
        let (connection, mut inbound) = Connection::start(Box::new(redial));
        match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
            Some(Inbound::Closed(reason)) => {
                assert!(reason.contains("401"), "{reason}");
                assert!(
                    reason.contains("invalid websocket bearer token"),
                    "{reason}"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(connection.is_closed());
    });
}
