//! Websocket framing under the transport seam, the same over TCP, TLS, a unix socket or an ssh
//! pipe: one JSON-RPC message per text frame each way, never batched, never binary. From the
//! server, binary frames are ignored, a text frame holding more than one message is refused
//! whole (a warning says so; nothing of it is applied), and a message over [`MAX_MESSAGE_BYTES`]
//! ends the link with a sentence that says why (tungstenite refuses it before holding it; the
//! stream cannot go on past an unread frame). While the link is open and `ping_every` is set, a
//! ping goes out at that pace and a link that has said nothing for two periods counts as lost:
//! a half-open TCP connection would otherwise look like a quiet server forever. The pings live
//! exactly as long as the link: the writer (and its timer) stops the moment the reader has seen
//! the end, so a dead link wakes nobody.

use super::transport::{Ending, Incoming, LinkEnd, Outgoing, Received, TransportParts};
use futures::future::BoxFuture;
use futures::{FutureExt, SinkExt, StreamExt};
use std::io;
use std::sync::{Arc, Mutex};
use std::time::Duration;
// tokio's clock: paused and advanced by the tests.
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::error::{CapacityError, ProtocolError};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::WebSocketStream;

/// The largest message (and frame) taken from the server: the stdio line cap, so a message
/// that fits one transport fits all.
pub(crate) const MAX_MESSAGE_BYTES: usize = super::lines::MAX_LINE_BYTES;

/// The pace of liveness pings on a remote link.
pub const PING_EVERY: Duration = Duration::from_secs(15);

/// tungstenite's settings for tern's links: the message and frame bound.
pub fn config() -> WebSocketConfig {
    config_with_limit(MAX_MESSAGE_BYTES)
}

/// As [`config`], with another bound (tests use a small one).
pub(crate) fn config_with_limit(max: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(max))
        .max_frame_size(Some(max))
}

pub struct WsOptions {
    /// Who is on the other end, for sentences ("ws://10.0.0.2:4500", "the codex service").
    pub peer: String,
    /// Liveness pings (remote links only: a local idle tern wakes up for nothing).
    pub ping_every: Option<Duration>,
    /// The child carrying the bytes (ssh running `codex app-server proxy`): how it ended
    /// explains the link's end.
    pub carrier: Option<BoxFuture<'static, String>>,
    /// The server is on this machine (the local service's socket).
    pub local: bool,
}

/// Why the link ended, as first seen by the reader or the writer.
#[derive(Default)]
struct Shared {
    ending: Mutex<Option<Ending>>,
    last_heard: Mutex<Option<Instant>>,
}

impl Shared {
    fn end(&self, end: LinkEnd, reason: String) {
        self.ending
            .lock()
            .unwrap()
            .get_or_insert(Ending::new(end, reason));
    }
    fn heard(&self) {
        *self.last_heard.lock().unwrap() = Some(Instant::now());
    }
}

/// The seam's three parts over an open websocket.
pub fn ws_parts<S>(ws: WebSocketStream<S>, options: WsOptions) -> TransportParts
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let WsOptions {
        peer,
        ping_every,
        carrier,
        local,
    } = options;
    let limit = ws.get_config().max_message_size.unwrap_or(usize::MAX);
    let shared = Arc::new(Shared::default());
    shared.heard();
    let (mut sink, stream) = ws.split();
    let (out_tx, mut out_rx) = futures::channel::mpsc::unbounded::<String>();
    // Dropped when the writer stops (the link failed, or every handle is gone): the reader stops
    // with it.
    let (writer_gone_tx, writer_gone) = futures::channel::oneshot::channel::<()>();
    // Dropped when the reader stops (a close frame, a reset, an oversized frame) or is dropped:
    // the writer stops with it, and its ping timer too, rather than ping a dead link until a
    // write fails or two silent periods pass.
    let (reader_gone_tx, mut reader_gone) = futures::channel::oneshot::channel::<()>();

    let writer_shared = shared.clone();
    let writer_peer = peer.clone();
    tokio::spawn(async move {
        let _writer_gone_tx = writer_gone_tx;
        let mut pings = ping_every.map(|every| {
            let mut interval = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            (interval, every)
        });
        loop {
            let tick = async {
                match &mut pings {
                    Some((interval, _)) => {
                        interval.tick().await;
                    }
                    None => futures::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = &mut reader_gone => {
                    // Says goodbye if the link still takes it (the answer to a close frame);
                    // a link that does not is dropped as it is.
                    let _ = sink.close().now_or_never();
                    return;
                }
                message = out_rx.next() => match message {
                    Some(text) => {
                        if let Err(e) = sink.send(Message::text(text)).await {
                            writer_shared.end(LinkEnd::Dropped, format!("could not write to {writer_peer}: {e}"));
                            return;
                        }
                    }
                    None => {
                        let _ = sink.close().await;
                        return;
                    }
                },
                _ = tick => {
                    let every = pings.as_ref().map_or(PING_EVERY, |(_, every)| *every);
                    let silent = writer_shared.last_heard.lock().unwrap().map_or(Duration::ZERO, |at| at.elapsed());
                    if silent >= every * 2 {
                        writer_shared.end(
                            LinkEnd::Dropped,
                            format!("{writer_peer} did not answer for {} s (websocket pings unanswered)", silent.as_secs()),
                        );
                        return;
                    }
                    if let Err(e) = sink.send(Message::Ping(Default::default())).await {
                        writer_shared.end(LinkEnd::Dropped, format!("could not write to {writer_peer}: {e}"));
                        return;
                    }
                }
            }
        }
    });

    let reader = (
        stream.take_until(writer_gone),
        shared.clone(),
        peer.clone(),
        reader_gone_tx,
    );
    let incoming: Incoming =
        futures::stream::unfold(reader, move |(mut frames, shared, peer, gone)| async move {
            loop {
                match decode(frames.next().await?, &shared, &peer, limit) {
                    Step::Yield(item) => return Some((item, (frames, shared, peer, gone))),
                    Step::Skip => continue,
                    // Nothing after a close frame or an error matters: stop at once rather than
                    // wait for a peer that may never close its end.
                    Step::Stop => return None,
                }
            }
        })
        .boxed();
    let outgoing: Outgoing = Box::pin(out_tx.sink_map_err(io::Error::other));
    let epitaph = async move {
        let carrier = match carrier {
            Some(carrier) => Some(carrier.await),
            None => None,
        };
        let ending = shared.ending.lock().unwrap().take();
        let mut ending = ending.unwrap_or_else(|| {
            Ending::new(
                LinkEnd::Dropped,
                format!("the connection to {peer} was lost"),
            )
        });
        if let Some(carrier) = carrier {
            ending.reason = format!("{}; {carrier}", ending.reason);
        }
        ending
    }
    .boxed();
    TransportParts {
        incoming,
        outgoing,
        epitaph,
        local,
    }
}

/// What a frame from the server comes to.
enum Step {
    /// A message, or a refusal to tell the person about.
    Yield(io::Result<Received>),
    /// Nothing for the connection (a ping, a pong, a binary frame).
    Skip,
    /// The link is over (why is in `Shared`).
    Stop,
}

fn decode(frame: Result<Message, WsError>, shared: &Shared, peer: &str, limit: usize) -> Step {
    match frame {
        Ok(message) => {
            shared.heard();
            match message {
                Message::Text(text) => Step::Yield(Ok(match single_message(text.as_str()) {
                    Ok(()) => Received::Message(text.as_str().to_string()),
                    Err(count) => {
                        let problem = format!(
                            "{peer} sent {count} messages in one websocket frame (one per frame is the \
                             rule); tern refused the whole frame."
                        );
                        tracing::warn!("{problem}");
                        Received::Problem(problem)
                    }
                })),
                Message::Binary(bytes) => {
                    tracing::debug!(bytes = bytes.len(), "ignored a binary websocket frame");
                    Step::Skip
                }
                Message::Close(frame) => {
                    let why = frame
                        .filter(|f| !f.reason.is_empty())
                        .map(|f| {
                            format!(
                                ": {} (code {})",
                                crate::text::sanitize::sanitize_line(&f.reason),
                                u16::from(f.code)
                            )
                        })
                        .unwrap_or_default();
                    shared.end(
                        LinkEnd::ClosedByServer,
                        format!("{peer} closed the connection{why}"),
                    );
                    Step::Stop
                }
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => Step::Skip,
            }
        }
        Err(WsError::Capacity(CapacityError::MessageTooLong { size, .. })) => {
            let reason = format!(
                "{peer} sent a websocket message of {} MB, over tern's limit of {} MB; tern \
                 closed the connection",
                size >> 20,
                limit >> 20
            );
            tracing::warn!("{reason}");
            shared.end(LinkEnd::Dropped, reason);
            Step::Stop
        }
        Err(WsError::Io(e)) => {
            shared.end(
                LinkEnd::Dropped,
                format!("the connection to {peer} was lost: {e}"),
            );
            Step::Stop
        }
        Err(WsError::ConnectionClosed | WsError::AlreadyClosed) => Step::Stop,
        Err(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake)) => {
            shared.end(
                LinkEnd::Dropped,
                format!("the connection to {peer} was lost (closed without a goodbye)"),
            );
            Step::Stop
        }
        Err(e) => {
            shared.end(
                LinkEnd::Dropped,
                format!("{peer} broke the websocket protocol: {e}"),
            );
            Step::Stop
        }
    }
}

/// A frame holds one JSON value. Only a frame with a line break can hold more (codex never
/// sends a raw one; a stdio line cannot hold one at all), so the common case costs one scan
/// for `\n`. `Err(n)`: it held `n` values. A frame that is not JSON at all passes here and is
/// refused by the parser above, as a malformed stdio line is.
fn single_message(text: &str) -> Result<(), usize> {
    if !text.trim_end().contains('\n') {
        return Ok(());
    }
    let values = serde_json::Deserializer::from_str(text)
        .into_iter::<serde::de::IgnoredAny>()
        .take_while(Result::is_ok)
        .count();
    if values > 1 {
        Err(values)
    } else {
        Ok(())
    }
}

#[cfg(test)]
#[path = "ws_tests.rs"]
mod tests;
