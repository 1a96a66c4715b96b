//! Remote sessions at rest and under a slow link, on the real event loop: an idle tern wakes up
//! zero times, local or remote (a remote link's liveness pings run below the loop, only while
//! the link is open); and a link that stalls never holds the keys (they echo at once while a
//! large prompt waits for the link).
//!
//! Wake-ups are counted from the loop's own trace event (`event_loop::WAKE_TARGET`) on a
//! subscriber scoped to the test's thread; time is tokio's paused clock, so "an hour" costs
//! nothing and a timer anywhere in the loop would show as a wake-up.

use crate::support::recording_backend::RecordingBackend;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use futures::channel::mpsc as fmpsc;
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tern::app::{AppEvent, AppState, SessionConfig};
use tern::protocol::ThreadSettings;
use tern::rpc::memory::memory_pair;
use tern::rpc::ws::{ws_parts, WsOptions};
use tern::rpc::{Connection, Transport, TransportParts};
use tern::runtime::event_loop::{LoopIo, WAKE_TARGET};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::Layer;

const HOUR: Duration = Duration::from_secs(3600);
const PING_EVERY: Duration = Duration::from_secs(15);

/// Counts the loop's wake-ups seen on this thread.
#[derive(Clone, Default)]
struct Wakes(Arc<AtomicUsize>);

impl<S: tracing::Subscriber> Layer<S> for Wakes {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() == WAKE_TARGET {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl Wakes {
    fn count(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

fn config() -> SessionConfig {
    SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/w".into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The server's answer to one of tern's requests: `initialize` and `thread/start` as codex
/// answers them; anything else refused at once (never left waiting: a request without an
/// answer could keep a deadline alive).
fn answer(request: &Value) -> Option<Value> {
    let id = request.get("id")?.clone();
    Some(match request["method"].as_str() {
        Some("initialize") => json!({"id": id, "result": {"userAgent": "peer"}}),
        Some("thread/start") => json!({"id": id, "result":
            {"thread": {"id": "th-1", "turns": []}, "model": "m", "cwd": "/w"}}),
        Some("turn/start") => json!({"id": id, "result":
            {"turn": {"id": "tu-1", "items": [], "status": "inProgress"}}}),
        _ => json!({"id": id, "error": {"code": -32601, "message": "not in this test"}}),
    })
}

/// The in-memory peer in JSON lines, as a local child speaks.
async fn lines_peer(server: DuplexStream) {
    let (reader, mut writer) = tokio::io::split(server);
    let mut lines = BufReader::new(reader).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let request: Value = serde_json::from_str(&line).unwrap();
        if let Some(answer) = answer(&request) {
            writer
                .write_all(format!("{answer}\n").as_bytes())
                .await
                .unwrap();
        }
    }
}

/// The peer as a websocket server (one message per text frame); counts the pings it gets
/// (tungstenite answers each with a pong as it reads).
async fn ws_peer(server: DuplexStream, pings: Arc<AtomicUsize>) {
    let mut ws = WebSocketStream::from_raw_socket(server, Role::Server, None).await;
    while let Some(Ok(message)) = ws.next().await {
        match message {
            Message::Ping(_) => {
                pings.fetch_add(1, Ordering::SeqCst);
            }
            Message::Text(text) => {
                let request: Value = serde_json::from_str(text.as_str()).unwrap();
                if let Some(answer) = answer(&request) {
                    ws.send(Message::text(answer.to_string())).await.unwrap();
                }
            }
            _ => {}
        }
    }
}

/// Ready-made transport parts (a websocket opened by the test).
struct Parts(TransportParts);

impl Transport for Parts {
    fn into_parts(self: Box<Self>) -> TransportParts {
        self.0
    }
}

/// Runs a session on `connection` until its thread is on screen and everything it started has
/// settled, then an hour of idle on the paused clock; returns the wake-ups in that hour.
async fn idle_hour(connection: Connection, inbound: tern::rpc::InboundReceiver) -> usize {
    let wakes = Wakes::default();
    let _scope =
        tracing::subscriber::set_default(tracing_subscriber::registry().with(wakes.clone()));
    let (_keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (frames_tx, mut screens) = tokio::sync::watch::channel(String::new());
    let mut terminal = RecordingBackend::terminal(100, 30, Default::default(), frames_tx);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    let the_loop = tern::runtime::run_loop(&mut terminal, io, AppState::new(config()));
    let idle = async {
        tokio::time::timeout(HOUR, screens.wait_for(|s| s.contains("ready")))
            .await
            .expect("the thread came on screen")
            .unwrap();
        // What the start left (a frame in its slot, a notice fading) runs out first.
        tokio::time::sleep(Duration::from_secs(60)).await;
        let before = wakes.count();
        assert!(before > 0, "the count sees the loop wake (for the start)");
        tokio::time::sleep(HOUR).await;
        let during = wakes.count() - before;
        external_tx.send(AppEvent::Terminate).unwrap();
        during
    };
    let (ended, during) = tokio::join!(the_loop, idle);
    ended.unwrap();
    during
}

#[tokio::test(start_paused = true)]
async fn an_idle_local_tern_wakes_up_zero_times_in_an_hour() {
    let (transport, server) = memory_pair();
    let (connection, inbound) = Connection::start(Box::new(transport));
    let peer = tokio::spawn(lines_peer(server));
    assert_eq!(idle_hour(connection, inbound).await, 0);
    peer.abort();
}

#[tokio::test(start_paused = true)]
async fn an_idle_remote_tern_pings_below_the_loop_which_wakes_up_zero_times() {
    let (client, server) = tokio::io::duplex(1 << 16);
    let pings = Arc::new(AtomicUsize::new(0));
    let peer = tokio::spawn(ws_peer(server, pings.clone()));
    let client = WebSocketStream::from_raw_socket(client, Role::Client, None).await;
    let parts = ws_parts(
        client,
        WsOptions {
            peer: "ws://test".into(),
            ping_every: Some(PING_EVERY),
            carrier: None,
            local: false,
        },
    );
    let (connection, inbound) = Connection::start(Box::new(Parts(parts)));
    let woke = idle_hour(connection.clone(), inbound).await;
    assert_eq!(woke, 0, "a pong (or a ping timer) woke the loop");
    // An hour and a minute and a bit, at one ping per 15 s: the link was checked all along,
    // and answered, so it is still open.
    // The last ping may still be on its way to the peer's task: let it run (no time passes,
    // the clock is paused) until it has counted what was sent, or a bounded number of turns.
    for _ in 0..1000 {
        if pings.load(Ordering::SeqCst) >= 244 {
            break;
        }
        tokio::task::yield_now().await;
    }
    let pinged = pings.load(Ordering::SeqCst);
    assert!((244..=250).contains(&pinged), "{pinged} pings");
    assert!(!connection.is_closed(), "an answered link stays open");
    peer.abort();
}

/// A TCP relay whose forwarding can be stalled both ways, connections kept open: a link that
/// has gone slow, not down. Its receiving buffer is small, so a stalled relay soon stops taking
/// tern's bytes. Counts what it forwarded from tern.
struct StallingRelay {
    port: u16,
    stalled: tokio::sync::watch::Sender<bool>,
    from_tern: Arc<AtomicUsize>,
}

impl StallingRelay {
    async fn start(upstream: std::net::SocketAddr) -> StallingRelay {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let listener = socket.listen(4).unwrap();
        let port = listener.local_addr().unwrap().port();
        let (stalled, watch) = tokio::sync::watch::channel(false);
        let from_tern = Arc::new(AtomicUsize::new(0));
        let counted = from_tern.clone();
        tokio::spawn(async move {
            let (tern, _) = listener.accept().await.unwrap();
            let server = tokio::net::TcpStream::connect(upstream).await.unwrap();
            let (tern_read, tern_write) = tern.into_split();
            let (server_read, server_write) = server.into_split();
            tokio::spawn(pump(tern_read, server_write, watch.clone(), Some(counted)));
            tokio::spawn(pump(server_read, tern_write, watch, None));
        });
        StallingRelay {
            port,
            stalled,
            from_tern,
        }
    }

    fn stall(&self, stalled: bool) {
        self.stalled.send_replace(stalled);
    }
}

/// Copies `from` to `to` while not stalled.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut stalled: tokio::sync::watch::Receiver<bool>,
    count: Option<Arc<AtomicUsize>>,
) {
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 4096];
    loop {
        if stalled.wait_for(|s| !s).await.is_err() {
            return;
        }
        let n = tokio::select! {
            read = from.read(&mut buf) => match read {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            },
            _ = stalled.wait_for(|s| *s) => continue,
        };
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
        if let Some(count) = &count {
            count.fetch_add(n, Ordering::SeqCst);
        }
    }
}

/// A websocket app-server on TCP: answers as [`answer`]; a turn's answer says how many
/// characters of prompt it got, then the turn ends.
async fn tcp_ws_server() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let mut ws = tokio_tungstenite::accept_async(socket).await.unwrap();
        while let Some(Ok(message)) = ws.next().await {
            let Message::Text(text) = message else {
                continue;
            };
            let request: Value = serde_json::from_str(text.as_str()).unwrap();
            let Some(answer) = answer(&request) else {
                continue;
            };
            ws.send(Message::text(answer.to_string())).await.unwrap();
            if request["method"] == "turn/start" {
                let got: usize = request["params"]["input"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|i| i["text"].as_str())
                    .map(str::len)
                    .sum();
                let turn = json!({"id": "tu-1", "items": [], "status": "inProgress"});
                let done = json!({"id": "tu-1", "items": [], "status": "completed"});
                for message in [
                    json!({"method": "turn/started", "params": {"threadId": "th-1", "turn": turn}}),
                    json!({"method": "item/agentMessage/delta", "params": {"threadId": "th-1",
                        "turnId": "tu-1", "itemId": "msg_1", "delta": format!("GOT {got} BYTES")}}),
                    json!({"method": "turn/completed", "params": {"threadId": "th-1", "turn": done}}),
                ] {
                    ws.send(Message::text(message.to_string())).await.unwrap();
                }
            }
        }
    });
    address
}

/// Waits (with a deadline) until `what` is on screen.
async fn on_screen(screens: &mut tokio::sync::watch::Receiver<String>, what: &str) {
    tokio::time::timeout(
        Duration::from_secs(30),
        screens.wait_for(|s| s.contains(what)),
    )
    .await
    .unwrap_or_else(|_| panic!("{what:?} never came on screen"))
    .unwrap();
}

fn key(c: char) -> std::io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

#[tokio::test]
async fn keys_echo_at_once_while_a_stalled_link_holds_a_large_prompt() {
    // Well over what the sockets between tern and the stalled relay can hold.
    let prompt: String = "0123456789".repeat(10).repeat(60_000);
    let server = tcp_ws_server().await;
    let relay = StallingRelay::start(server).await;
    let url = format!("ws://127.0.0.1:{}", relay.port);
    let endpoint = tern::rpc::endpoint::Endpoint::parse(&url, None).unwrap();
    let Ok(dialed) = tern::rpc::dial::dial(&endpoint, &Default::default()).await else {
        panic!("the relay takes the upgrade");
    };
    let (connection, inbound) = Connection::start(dialed.transport);
    let (keys, terminal_events) = fmpsc::unbounded::<std::io::Result<Event>>();
    let (external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    let (frames_tx, mut screens) = tokio::sync::watch::channel(String::new());
    let mut terminal = RecordingBackend::terminal(100, 30, Default::default(), frames_tx);
    let io = LoopIo {
        terminal_events,
        connection,
        inbound,
        external,
        renew_input: None,
    };
    let the_loop = tern::runtime::run_loop(&mut terminal, io, AppState::new(config()));
    let size = prompt.len();
    let person = async move {
        on_screen(&mut screens, "ready").await;
        relay.stall(true);
        let stalled_at = relay.from_tern.load(Ordering::SeqCst);
        keys.unbounded_send(Ok(Event::Paste(prompt))).unwrap();
        keys.unbounded_send(Ok(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        ))))
        .unwrap();
        // The prompt is on its way (in tern's queues and the sockets), the link takes nothing:
        // what the person types next still shows.
        for c in "still typing".chars() {
            keys.unbounded_send(key(c)).unwrap();
        }
        on_screen(&mut screens, "still typing").await;
        let forwarded = relay.from_tern.load(Ordering::SeqCst) - stalled_at;
        assert!(
            forwarded < size / 2,
            "the link was not stalled: {forwarded} of {size} bytes went through"
        );
        // The link moves again: the whole prompt arrives and the turn's answer comes back.
        relay.stall(false);
        on_screen(&mut screens, &format!("GOT {size} BYTES")).await;
        external_tx.send(AppEvent::Terminate).unwrap();
        keys
    };
    let (ended, _keys) = tokio::time::timeout(Duration::from_secs(120), async {
        tokio::join!(the_loop, person)
    })
    .await
    .expect("the loop ended");
    ended.unwrap();
}
