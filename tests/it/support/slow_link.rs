//! A slow network link between tern and a websocket app-server: a TCP relay on 127.0.0.1 that
//! delays each direction by a fixed one-way latency and paces it to a bandwidth, byte by byte
//! (each chunk leaves when the link has finished sending the bytes before it, and arrives one
//! latency later). The link is a bottleneck, not a buffer: a direction reads no more from its
//! sender than it is sending, so a fast server feels the back pressure it would on a real link.
//!
//! It also watches the websocket frames that pass (after the HTTP upgrade): it records the
//! text frames tern sends, and counts those the server sends, so tests can say what went over
//! the link and when. `stall(true)` holds every byte in both directions until `stall(false)`:
//! a link that has stopped moving without closing.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// What a link does to the bytes that cross it, in each direction.
#[derive(Debug, Clone, Copy)]
pub struct LinkShape {
    pub one_way: Duration,
    pub bytes_per_second: u64,
}

/// 150 ms round trip and 1 MB/s each way.
pub const SLOW: LinkShape = LinkShape {
    one_way: Duration::from_millis(75),
    bytes_per_second: 1_000_000,
};

/// No delay and no bandwidth limit: a relay that only watches (the control of a comparison).
pub const DIRECT: LinkShape = LinkShape {
    one_way: Duration::ZERO,
    bytes_per_second: u64::MAX,
};

impl LinkShape {
    /// How long the link takes to send `bytes` (not counting the latency).
    pub fn sending(&self, bytes: u64) -> Duration {
        Duration::from_secs_f64(bytes as f64 / self.bytes_per_second as f64)
    }
}

/// The most read at once from a sender: a few milliseconds of the link's time.
const CHUNK: usize = 4096;
/// How far ahead of the link's schedule a direction may read, so the timer's millisecond ticks
/// do not slow the pacing: the schedule itself stays exact.
const READ_AHEAD: Duration = Duration::from_millis(2);
/// Chunks read and not yet delivered, per direction, beyond which reading waits.
const IN_FLIGHT: usize = 64;

/// One websocket frame tern sent, as it entered the link.
#[derive(Debug, Clone)]
pub struct SentFrame {
    pub opcode: u8,
    /// The payload, unmasked (text frames are JSON-RPC messages).
    pub text: String,
    pub at: std::time::Instant,
}

#[derive(Default)]
struct Watched {
    /// Frames tern sent (all opcodes: pings too).
    sent: Mutex<Vec<SentFrame>>,
    /// Text frames the server sent.
    received_texts: AtomicU64,
    /// Bytes that entered the link, each way.
    bytes_up: AtomicU64,
    bytes_down: AtomicU64,
}

pub struct SlowLink {
    pub port: u16,
    watched: Arc<Watched>,
    stalled: watch::Sender<bool>,
    /// Dropped with the link: its thread's runtime stops, and every connection with it.
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl SlowLink {
    /// A link of `shape` on 127.0.0.1 to `upstream` (`ws://127.0.0.1:PORT` or `HOST:PORT`),
    /// until it is dropped. It runs on a thread and runtime of its own, so its pacing does not
    /// wait behind the test's other tasks (the mock model streaming as fast as it can).
    pub fn start(upstream: &str, shape: LinkShape) -> SlowLink {
        let upstream = upstream.trim_start_matches("ws://").to_string();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let watched = Arc::new(Watched::default());
        let (stalled, stall_rx) = watch::channel(false);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let all = watched.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                tokio::select! {
                    _ = stopped => {}
                    _ = accept(listener, upstream, shape, stall_rx, all) => {}
                }
            });
        });
        SlowLink {
            port,
            watched,
            stalled,
            _stop: stop,
        }
    }

    /// `ws://127.0.0.1:PORT`: where tern connects.
    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    /// Holds every byte in both directions (`true`) or lets them go again.
    pub fn stall(&self, held: bool) {
        self.stalled.send_replace(held);
    }

    /// The text frames tern has sent so far (JSON-RPC messages), oldest first.
    pub fn sent_texts(&self) -> Vec<String> {
        self.sent_frames()
            .into_iter()
            .filter(|f| f.opcode == 1)
            .map(|f| f.text)
            .collect()
    }

    /// Every frame tern has sent so far (pings and closes too).
    pub fn sent_frames(&self) -> Vec<SentFrame> {
        self.watched.sent.lock().unwrap().clone()
    }

    /// Text frames the server has sent so far.
    pub fn received_texts(&self) -> u64 {
        self.watched.received_texts.load(Ordering::Relaxed)
    }

    /// Bytes that entered the link from tern and from the server.
    pub fn bytes(&self) -> (u64, u64) {
        (
            self.watched.bytes_up.load(Ordering::Relaxed),
            self.watched.bytes_down.load(Ordering::Relaxed),
        )
    }
}

/// Takes connections and links each to a new connection to `upstream`.
async fn accept(
    listener: tokio::net::TcpListener,
    upstream: String,
    shape: LinkShape,
    stall_rx: watch::Receiver<bool>,
    all: Arc<Watched>,
) {
    while let Ok((client, _)) = listener.accept().await {
        let Ok(server) = tokio::net::TcpStream::connect(&upstream).await else {
            continue;
        };
        let _ = client.set_nodelay(true);
        let _ = server.set_nodelay(true);
        let (client_read, client_write) = client.into_split();
        let (server_read, server_write) = server.into_split();
        let up = all.clone();
        let mut up_frames = FrameReader::new(true);
        tokio::spawn(direction(
            client_read,
            server_write,
            shape,
            stall_rx.clone(),
            move |bytes| {
                up.bytes_up.fetch_add(bytes.len() as u64, Ordering::Relaxed);
                let frames = up_frames.feed(bytes);
                up.sent.lock().unwrap().extend(frames);
            },
        ));
        let down = all.clone();
        let mut down_frames = FrameReader::new(false);
        tokio::spawn(direction(
            server_read,
            client_write,
            shape,
            stall_rx.clone(),
            move |bytes| {
                down.bytes_down
                    .fetch_add(bytes.len() as u64, Ordering::Relaxed);
                let texts = down_frames
                    .feed(bytes)
                    .iter()
                    .filter(|f| f.opcode == 1)
                    .count();
                down.received_texts
                    .fetch_add(texts as u64, Ordering::Relaxed);
            },
        ));
    }
}

/// One direction of the link: reads from `from` at most as fast as the link sends, delivers each
/// chunk to `to` one latency after the link has sent it, and holds everything while stalled.
async fn direction(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    shape: LinkShape,
    stalled: watch::Receiver<bool>,
    mut watch_bytes: impl FnMut(&[u8]) + Send + 'static,
) {
    let (tx, mut rx) = mpsc::channel::<(Instant, Vec<u8>)>(IN_FLIGHT);
    let deliver = tokio::spawn(async move {
        let mut stalled = stalled;
        while let Some((at, bytes)) = rx.recv().await {
            let _ = stalled.wait_for(|held| !held).await;
            tokio::time::sleep_until(at).await;
            if to.write_all(&bytes).await.is_err() {
                return;
            }
        }
        let _ = to.shutdown().await;
    });
    // When the link has finished sending what it has read so far.
    let mut busy_until = Instant::now();
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        watch_bytes(&buf[..n]);
        let now = Instant::now();
        busy_until = busy_until.max(now) + shape.sending(n as u64);
        if tx
            .send((busy_until + shape.one_way, buf[..n].to_vec()))
            .await
            .is_err()
        {
            break;
        }
        // A bottleneck: read on only once the link has (nearly) sent what it holds.
        if busy_until > now + READ_AHEAD {
            tokio::time::sleep_until(busy_until - READ_AHEAD).await;
        }
    }
    drop(tx);
    let _ = deliver.await;
}

/// Websocket frames out of one direction's bytes, after the HTTP upgrade's header. Frames from
/// the client are masked (RFC 6455 §5.3); the server's are not. Only what tests need: no
/// extensions (tern negotiates none).
struct FrameReader {
    masked: bool,
    upgraded: bool,
    buffer: Vec<u8>,
}

impl FrameReader {
    fn new(masked: bool) -> FrameReader {
        FrameReader {
            masked,
            upgraded: false,
            buffer: Vec::new(),
        }
    }

    fn feed(&mut self, bytes: &[u8]) -> Vec<SentFrame> {
        self.buffer.extend_from_slice(bytes);
        if !self.upgraded {
            let Some(end) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
                return vec![];
            };
            self.buffer.drain(..end + 4);
            self.upgraded = true;
        }
        let mut frames = vec![];
        while let Some((frame, used)) = self.frame() {
            frames.push(frame);
            self.buffer.drain(..used);
        }
        frames
    }

    /// The first whole frame in the buffer and its length in bytes.
    fn frame(&self) -> Option<(SentFrame, usize)> {
        let b = &self.buffer;
        if b.len() < 2 {
            return None;
        }
        let opcode = b[0] & 0x0f;
        let masked = b[1] & 0x80 != 0;
        let (len, mut at) = match b[1] & 0x7f {
            126 => (
                u16::from_be_bytes(b.get(2..4)?.try_into().ok()?) as usize,
                4,
            ),
            127 => (
                u64::from_be_bytes(b.get(2..10)?.try_into().ok()?) as usize,
                10,
            ),
            n => (n as usize, 2),
        };
        let mask = if masked {
            let key: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
            at += 4;
            Some(key)
        } else {
            None
        };
        let payload = b.get(at..at + len)?;
        debug_assert_eq!(masked, self.masked);
        let text = if opcode == 1 && self.masked {
            let key = mask.unwrap_or_default();
            let bytes: Vec<u8> = payload
                .iter()
                .enumerate()
                .map(|(i, byte)| byte ^ key[i % 4])
                .collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            String::new()
        };
        let frame = SentFrame {
            opcode,
            text,
            at: std::time::Instant::now(),
        };
        Some((frame, at + len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_text_frames_are_read_whole_across_chunks() {
        let mut reader = FrameReader::new(true);
        assert!(reader.feed(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").is_empty());
        let key = [1u8, 2, 3, 4];
        let payload: Vec<u8> = b"{\"a\":1}"
            .iter()
            .enumerate()
            .map(|(i, b)| b ^ key[i % 4])
            .collect();
        let mut frame = vec![0x81, 0x80 | payload.len() as u8];
        frame.extend_from_slice(&key);
        frame.extend_from_slice(&payload);
        let (first, rest) = frame.split_at(5);
        assert!(reader.feed(first).is_empty());
        let frames = reader.feed(rest);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].text, "{\"a\":1}");
    }
}
