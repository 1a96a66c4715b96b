//! The websocket framing under the seam, against a server end on an in-memory pipe.

use super::*;
use futures::{SinkExt, StreamExt};
use tokio::io::DuplexStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role};

type Server = WebSocketStream<DuplexStream>;

/// tern's side as transport parts, and the server's websocket.
async fn pair(limit: usize, ping_every: Option<Duration>) -> (TransportParts, Server) {
    let (client, server) = tokio::io::duplex(1 << 16);
    let client =
        WebSocketStream::from_raw_socket(client, Role::Client, Some(config_with_limit(limit)))
            .await;
    let server = WebSocketStream::from_raw_socket(server, Role::Server, None).await;
    let parts = ws_parts(
        client,
        WsOptions {
            peer: "the test server".into(),
            ping_every,
            carrier: None,
            local: false,
        },
    );
    (parts, server)
}

async fn next(parts: &mut TransportParts) -> Option<Received> {
    tokio::time::timeout(Duration::from_secs(5), parts.incoming.next())
        .await
        .expect("a message in time")
        .map(|r| r.expect("no read error"))
}

#[test]
fn one_message_per_frame_is_told_by_line_breaks() {
    assert_eq!(single_message(r#"{"a":1}"#), Ok(()));
    assert_eq!(single_message("{\n  \"a\": 1\n}\n"), Ok(()));
    assert_eq!(single_message("{\"a\":1}\n{\"b\":2}"), Err(2));
    assert_eq!(single_message("{}\n{}\n{}\n"), Err(3));
    assert_eq!(single_message("not json\n{}"), Ok(()));
}

#[tokio::test]
async fn each_message_sent_is_one_text_frame() {
    let (mut parts, mut server) = pair(1 << 20, None).await;
    parts
        .outgoing
        .send(r#"{"id":1,"method":"a"}"#.into())
        .await
        .unwrap();
    parts
        .outgoing
        .send(r#"{"method":"b"}"#.into())
        .await
        .unwrap();
    let first = server.next().await.unwrap().unwrap();
    let second = server.next().await.unwrap().unwrap();
    assert_eq!(first, Message::text(r#"{"id":1,"method":"a"}"#));
    assert_eq!(second, Message::text(r#"{"method":"b"}"#));
}

#[tokio::test]
async fn a_frame_with_two_messages_is_refused_whole_and_the_next_one_comes() {
    let (mut parts, mut server) = pair(1 << 20, None).await;
    server
        .send(Message::text("{\"method\":\"x\"}\n{\"method\":\"y\"}"))
        .await
        .unwrap();
    server
        .send(Message::text(r#"{"method":"z"}"#))
        .await
        .unwrap();
    match next(&mut parts).await {
        Some(Received::Problem(text)) => {
            assert!(text.contains("2 messages in one websocket frame"), "{text}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        next(&mut parts).await,
        Some(Received::Message(r#"{"method":"z"}"#.into()))
    );
}

#[tokio::test]
async fn binary_frames_are_ignored() {
    let (mut parts, mut server) = pair(1 << 20, None).await;
    server
        .send(Message::binary(b"{\"method\":\"bin\"}".to_vec()))
        .await
        .unwrap();
    server
        .send(Message::text(r#"{"method":"text"}"#))
        .await
        .unwrap();
    assert_eq!(
        next(&mut parts).await,
        Some(Received::Message(r#"{"method":"text"}"#.into()))
    );
}

#[tokio::test]
async fn an_oversized_frame_ends_the_link_with_the_bound_named() {
    let (mut parts, mut server) = pair(2 << 20, None).await;
    // tern stops reading at the frame's header: the rest never drains, so send it aside.
    let _sender = tokio::spawn(async move {
        let _ = server.send(Message::text("x".repeat(3 << 20))).await;
        server
    });
    assert_eq!(next(&mut parts).await, None);
    let ending = parts.epitaph.await;
    assert_eq!(ending.end, LinkEnd::Dropped);
    assert!(
        ending
            .reason
            .contains("websocket message of 3 MB, over tern's limit of 2 MB"),
        "{}",
        ending.reason
    );
}

#[tokio::test]
async fn a_close_frame_is_the_server_closing_with_its_reason() {
    let (mut parts, mut server) = pair(1 << 20, None).await;
    server
        .close(Some(CloseFrame {
            code: CloseCode::Away,
            reason: "shutting \u{1b}[31mdown".into(),
        }))
        .await
        .unwrap();
    assert_eq!(next(&mut parts).await, None);
    let ending = parts.epitaph.await;
    assert_eq!(ending.end, LinkEnd::ClosedByServer);
    assert!(
        ending.reason.contains("closed the connection: shutting"),
        "{}",
        ending.reason
    );
    assert!(
        !ending.reason.contains('\u{1b}'),
        "sanitised: {}",
        ending.reason
    );
}

#[tokio::test]
async fn a_vanished_peer_is_a_dropped_link() {
    let (mut parts, server) = pair(1 << 20, None).await;
    drop(server);
    assert_eq!(next(&mut parts).await, None);
    let ending = parts.epitaph.await;
    assert_eq!(ending.end, LinkEnd::Dropped);
    assert!(
        ending
            .reason
            .contains("the connection to the test server was lost"),
        "{}",
        ending.reason
    );
}

#[tokio::test(start_paused = true)]
async fn pings_go_out_and_a_silent_link_counts_as_lost() {
    let (mut parts, mut server) = pair(1 << 20, Some(Duration::from_secs(10))).await;
    // The server reads (and so answers) the first ping.
    let ping = tokio::time::timeout(Duration::from_secs(11), server.next())
        .await
        .unwrap();
    assert!(matches!(ping, Some(Ok(Message::Ping(_)))), "{ping:?}");
    // Then it stops reading: no pong, nothing else; two periods later the link is lost.
    let end = tokio::time::timeout(Duration::from_secs(60), parts.incoming.next()).await;
    assert!(matches!(end, Ok(None)), "the incoming stream ends");
    let ending = parts.epitaph.await;
    assert_eq!(ending.end, LinkEnd::Dropped);
    assert!(
        ending.reason.contains("websocket pings unanswered"),
        "{}",
        ending.reason
    );
    drop(server);
}

#[tokio::test(start_paused = true)]
async fn without_pings_a_quiet_link_stays_open() {
    let (mut parts, _server) = pair(1 << 20, None).await;
    let waited = tokio::time::timeout(Duration::from_secs(3600), parts.incoming.next()).await;
    assert!(waited.is_err(), "still open after an hour of silence");
}

/// The writer (and with it the ping timer) is gone: the sink refuses at once.
async fn writer_gone(parts: &mut TransportParts) -> bool {
    matches!(
        std::future::poll_fn(|cx| std::task::Poll::Ready(parts.outgoing.poll_ready_unpin(cx)))
            .await,
        std::task::Poll::Ready(Err(_))
    )
}

#[tokio::test(start_paused = true)]
async fn the_pings_stop_the_moment_the_link_ends() {
    for close_frame in [false, true] {
        let (mut parts, mut server) = pair(1 << 20, Some(Duration::from_secs(10))).await;
        assert!(
            !writer_gone(&mut parts).await,
            "pinging while the link is open"
        );
        if close_frame {
            server.close(None).await.unwrap();
        } else {
            drop(server);
        }
        let ended = tokio::time::Instant::now();
        assert_eq!(next(&mut parts).await, None, "the link ended");
        // The writer stops with the reader, before its next ping would find the link dead: on
        // the paused clock no time passes (were the timer still there, waiting for it would move
        // the clock 10 s).
        let mut waits = 0;
        while !writer_gone(&mut parts).await {
            waits += 1;
            assert!(
                waits < 100,
                "the writer outlived the link (close frame: {close_frame})"
            );
            tokio::task::yield_now().await;
        }
        assert_eq!(
            tokio::time::Instant::now(),
            ended,
            "the clock moved: a timer outlived the link (close frame: {close_frame})"
        );
    }
}
