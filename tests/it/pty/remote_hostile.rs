//! Hostile websocket servers: one that never answers the upgrade, one that sends a frame over
//! the bound, one that sends frames that are not JSON or hold two messages. tern explains each,
//! never hangs, and the session stays usable (the screen answers keys, drafts are kept).

use crate::support::pty;

use futures::{SinkExt, StreamExt};
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;
use tern::rpc::dial::{dial, DialError, DialOptions};
use tern::rpc::endpoint::Endpoint;
use tern::rpc::{Connection, Inbound, LinkEnd};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(20);

#[derive(Clone, Copy)]
enum Misbehaviour {
    /// Takes the connection and never answers the upgrade.
    Silent,
    /// Upgrades, then announces a 256 MB text frame.
    Oversized,
    /// Upgrades, then sends a frame that is not JSON, a frame with two messages, and a good
    /// notification, and stays.
    Garbage,
}

/// Serves `misbehaviour` on 127.0.0.1; returns the `ws://` URL.
async fn serve(misbehaviour: Misbehaviour) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                if let Misbehaviour::Silent = misbehaviour {
                    let _held = socket;
                    return std::future::pending::<()>().await;
                }
                let Ok(mut ws) = tokio_tungstenite::accept_async(socket).await else {
                    return;
                };
                match misbehaviour {
                    Misbehaviour::Silent => unreachable!(),
                    Misbehaviour::Oversized => {
                        // FIN + text, 64-bit length 256 MB, and no payload: the header alone.
                        let header = [0x81u8, 127, 0, 0, 0, 0, 0x10, 0, 0, 0];
                        let _ = ws.get_mut().write_all(&header).await;
                        std::future::pending::<()>().await;
                    }
                    Misbehaviour::Garbage => {
                        let _ = ws.send(Message::text("this is not json \u{1b}[2J")).await;
                        let _ = ws
                            .send(Message::text("{\"method\":\"a\"}\n{\"method\":\"b\"}"))
                            .await;
                        let _ = ws
                            .send(Message::text(
                                r#"{"method":"warning","params":{"message":"still here"}}"#,
                            ))
                            .await;
                        while ws.next().await.is_some() {}
                    }
                }
            });
        }
    });
    url
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

fn options(deadline: Duration) -> DialOptions {
    DialOptions {
        deadline,
        ..DialOptions::default()
    }
}

#[test]
fn a_server_that_never_answers_the_upgrade_is_given_up_at_the_deadline() {
    let rt = runtime();
    rt.block_on(async {
        let url = serve(Misbehaviour::Silent).await;
        let endpoint = Endpoint::parse(&url, None).unwrap();
        let started = std::time::Instant::now();
        let error = match dial(&endpoint, &options(Duration::from_millis(500))).await {
            Err(e) => e,
            Ok(_) => panic!("a silent server cannot be connected to"),
        };
        assert!(started.elapsed() < Duration::from_secs(5));
        match error {
            DialError::Unreachable(why) => assert!(why.contains("did not answer within"), "{why}"),
            other => panic!("{other:?}"),
        }
    });
}

#[test]
fn an_oversized_frame_ends_the_link_with_the_bound_named() {
    let rt = runtime();
    rt.block_on(async {
        let url = serve(Misbehaviour::Oversized).await;
        let endpoint = Endpoint::parse(&url, None).unwrap();
        let Ok(dialed) = dial(&endpoint, &options(Duration::from_secs(5))).await else {
            panic!("the upgrade works");
        };
        let (connection, mut inbound) = Connection::start(dialed.transport);
        let closed = tokio::time::timeout(WAIT, inbound.recv()).await.unwrap();
        match closed {
            Some(Inbound::Closed(reason)) => assert!(
                reason.contains("websocket message of 256 MB, over tern's limit of 64 MB"),
                "{reason}"
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(connection.ending().unwrap().end, LinkEnd::Dropped);
    });
}

#[test]
fn frames_that_are_not_one_json_message_are_refused_and_the_link_goes_on() {
    let rt = runtime();
    rt.block_on(async {
        let url = serve(Misbehaviour::Garbage).await;
        let endpoint = Endpoint::parse(&url, None).unwrap();
        let Ok(dialed) = dial(&endpoint, &options(Duration::from_secs(5))).await else {
            panic!("the upgrade works");
        };
        let (connection, mut inbound) = Connection::start(dialed.transport);
        // The non-JSON frame is skipped (logged); the two-message frame is refused with a word.
        match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
            Some(Inbound::Problem(text)) => {
                assert!(text.contains("2 messages in one websocket frame"), "{text}")
            }
            other => panic!("{other:?}"),
        }
        match tokio::time::timeout(WAIT, inbound.recv()).await.unwrap() {
            Some(Inbound::Notification { method, .. }) => assert_eq!(method, "warning"),
            other => panic!("{other:?}"),
        }
        assert!(!connection.is_closed());
    });
}

#[test]
fn tern_never_hangs_at_startup_on_a_silent_server_and_says_why() {
    let rt = runtime();
    let url = rt.block_on(serve(Misbehaviour::Silent));
    let home = tempfile::tempdir().unwrap();
    let env = [
        ("HOME", OsString::from(home.path())),
        ("TERN_LOG_DIR", home.path().into()),
        ("TERN_CONNECT_TIMEOUT_MS", "800".into()),
    ];
    let mut tern = pty::PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--remote", &url],
        &env,
        home.path(),
        (100, 20),
    );
    assert_eq!(tern.wait_exit_code(WAIT), 1);
    let screen = tern.screen_text();
    assert!(screen.contains("did not answer within"), "{screen}");
}

#[test]
fn an_oversized_frame_mid_session_is_explained_and_typing_goes_on() {
    let rt = runtime();
    let url = rt.block_on(serve(Misbehaviour::Oversized));
    let home = tempfile::tempdir().unwrap();
    let env = [
        ("HOME", OsString::from(home.path())),
        ("TERN_LOG_DIR", home.path().into()),
    ];
    let mut tern = pty::PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--remote", &url],
        &env,
        home.path(),
        (120, 30),
    );
    tern.wait_for("the explanation", WAIT, |s| {
        s.contains("over tern's limit of 64 MB") && s.contains("Ctrl+R")
    });
    tern.send(b"kept draft");
    tern.wait_for_text("kept draft", WAIT);
    tern.send(b"\x03\x03\x03\x04");
    assert_eq!(tern.wait_exit_code(WAIT), 1);
    assert!(!tern.alternate_screen());
}
