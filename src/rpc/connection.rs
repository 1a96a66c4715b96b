//! The JSON-RPC connection: correlates responses with requests, hands server requests and
//! notifications to the app, and fails everything pending at once when the peer goes away.
//!
//! A request sent with [`Connection::send_request`] has its answer handed to the app through
//! the same queue as notifications ([`Inbound::Response`]), so the app sees answers and
//! notifications in the order the server sent them (a notification sent after an answer is
//! never applied before it). [`Connection::request`] awaits its answer instead.

use super::transport::{Ending, Received, Transport, TransportParts};
use crate::protocol::{self, Incoming, RequestId, RpcErrorObject};
use futures::{SinkExt, StreamExt};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RpcError {
    #[error("{method} failed: {message} (code {code})")]
    Server {
        method: String,
        code: i64,
        message: String,
    },
    #[error("{0}")]
    Closed(String),
}

/// What the connection hands to the app.
#[derive(Debug, Clone)]
pub enum Inbound {
    /// `params` as the line carried them, read into the method's type by the app.
    Notification {
        method: String,
        params: protocol::RawParams,
    },
    /// A delta already read into its type (a delta line is read in one pass).
    Delta(protocol::delta_line::DeltaOf, protocol::DeltaNotification),
    Request {
        id: RequestId,
        method: String,
        params: protocol::RawParams,
    },
    /// Something the server sent that tern could not take (a line or frame over the size cap,
    /// two messages in one frame), said in a sentence for the person: nothing is dropped without
    /// a word.
    Problem(String),
    /// The link is being dialled again ([`Received::Redialing`]): the attempt that failed and
    /// why (and whether nobody listened there).
    Redialing {
        attempt: u32,
        why: String,
        nobody_listens: bool,
    },
    /// The answer to a request sent with [`Connection::send_request`], in its place among the
    /// notifications. When the peer goes away, every such request still waiting gets one (a
    /// `Closed` error) before [`Inbound::Closed`].
    Response {
        id: RequestId,
        result: Result<Value, RpcError>,
    },
    /// The peer is gone; nothing more will arrive. Carries why.
    Closed(String),
}

/// Server messages waiting for the app. When the app falls behind, the reader stops reading and
/// the server waits on its pipe: back-pressure instead of unbounded memory, nothing dropped.
pub const INBOUND_CAPACITY: usize = 1024;

pub type InboundReceiver = mpsc::Receiver<Inbound>;

/// Who is waiting for an answer: a task (`request`), or the inbound queue (`send_request`).
enum Waiter {
    Task(oneshot::Sender<Result<Value, RpcError>>),
    Inbound,
}

#[derive(Default)]
struct Pending {
    waiters: HashMap<RequestId, (String, Waiter)>,
    /// Set once, when the peer is gone: later requests fail at once with this reason.
    closed: Option<String>,
    /// How the link ended (set with `closed`): a server that exited, or a link that dropped.
    ending: Option<Ending>,
    /// The server's requests handed to the app and not answered yet: a second request with one
    /// of these ids is refused instead of being answered twice.
    unanswered: HashSet<RequestId>,
    /// The server stopped reading: nothing more is queued for it.
    wedged: bool,
    /// Answers to the server's questions refused since.
    undelivered_answers: usize,
}

/// Bytes of tern's messages waiting for the server to read them. A server that stops reading
/// its input (stopped, wedged, a pipe nobody drains) would otherwise let them pile up for ever
/// (4.8 GB in an attack); past this the server is taken for stuck, the connection fails as if
/// it had died, and the app offers the restart. A single message is always let through when
/// nothing waits, so a huge prompt still goes.
pub(crate) const OUTBOUND_MAX_BYTES: usize = 64 << 20;

/// The queue of lines for the writer, bounded in bytes (see [`OUTBOUND_MAX_BYTES`]).
#[derive(Clone)]
struct Outbound {
    lines: mpsc::UnboundedSender<String>,
    /// Bytes queued and not yet written.
    queued: Arc<AtomicUsize>,
    max: usize,
    /// The server was found stuck: everything is refused from then on.
    wedged: Arc<AtomicBool>,
    /// Where the death of the connection is announced.
    dead: mpsc::UnboundedSender<String>,
    pending: Arc<Mutex<Pending>>,
}

/// What a line sent carries, for the words of a refusal.
#[derive(Clone, Copy, PartialEq)]
enum Carrying {
    Request,
    Answer,
}

impl Outbound {
    /// Queues `line`; refuses it (and declares the server stuck, once) when the queue is full.
    fn send(&self, line: String, carrying: Carrying) {
        // What the line holds in memory (its capacity, often twice its length), not only its
        // length: the bound is on memory.
        let len = line.capacity() + 1;
        let queued = self.queued.load(Ordering::Acquire);
        let full = queued > 0 && queued.saturating_add(len) > self.max;
        // Once stuck, nothing more is queued: it would never be read.
        if full || self.wedged.load(Ordering::Acquire) {
            self.wedged.store(true, Ordering::Release);
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            pending.undelivered_answers += usize::from(carrying == Carrying::Answer);
            if !pending.wedged {
                pending.wedged = true;
                tracing::warn!(queued, "the server stopped reading its input");
                let _ = self.dead.send(format!(
                    "codex app-server stopped reading what tern sends ({} MB waiting): it is stuck",
                    queued >> 20
                ));
            }
            return;
        }
        self.queued.fetch_add(len, Ordering::AcqRel);
        let _ = self.lines.send(line);
    }
}

#[derive(Clone)]
pub struct Connection {
    outbound: Outbound,
    /// The server runs on this machine (see `TransportParts::local`).
    local: bool,
    pending: Arc<Mutex<Pending>>,
    next_id: Arc<AtomicI64>,
}

impl Connection {
    /// Starts the reader and writer tasks. Must be called inside a tokio runtime.
    pub fn start(transport: Box<dyn Transport>) -> (Connection, InboundReceiver) {
        Self::start_bounded(transport, OUTBOUND_MAX_BYTES)
    }

    /// [`Connection::start`] with another bound on the bytes waiting for the server (tests).
    pub(crate) fn start_bounded(
        transport: Box<dyn Transport>,
        outbound_max: usize,
    ) -> (Connection, InboundReceiver) {
        let TransportParts {
            mut incoming,
            mut outgoing,
            epitaph,
            local,
        } = transport.into_parts();
        let (lines_tx, mut outbound_rx) = mpsc::unbounded_channel::<String>();
        let (inbound_tx, inbound_rx) = mpsc::channel(INBOUND_CAPACITY);
        let pending = Arc::new(Mutex::new(Pending::default()));
        let (dead_tx, mut dead_rx) = mpsc::unbounded_channel::<String>();
        let queued = Arc::new(AtomicUsize::new(0));
        let outbound = Outbound {
            lines: lines_tx,
            queued: queued.clone(),
            max: outbound_max,
            wedged: Arc::new(AtomicBool::new(false)),
            dead: dead_tx.clone(),
            pending: pending.clone(),
        };

        let write_dead = dead_tx.clone();
        tokio::spawn(async move {
            while let Some(message) = outbound_rx.recv().await {
                let size = message.capacity() + 1;
                let sent = outgoing.send(message).await;
                queued.fetch_sub(size, Ordering::AcqRel);
                if let Err(e) = sent {
                    let _ = write_dead.send(format!("could not write to the server: {e}"));
                    return;
                }
            }
            // Every handle is gone: end the link politely (a websocket says goodbye).
            let _ = outgoing.close().await;
        });

        let read_pending = pending.clone();
        let read_inbound = inbound_tx.clone();
        let read_outbound = outbound.clone();
        tokio::spawn(async move {
            while let Some(item) = incoming.next().await {
                match item {
                    Ok(Received::Message(text)) => {
                        dispatch(&text, &read_pending, &read_inbound, &read_outbound).await;
                    }
                    Ok(Received::Problem(problem)) => {
                        let _ = read_inbound.send(Inbound::Problem(problem)).await;
                    }
                    Ok(Received::Redialing {
                        attempt,
                        why,
                        nobody_listens,
                    }) => {
                        let redialing = Inbound::Redialing {
                            attempt,
                            why,
                            nobody_listens,
                        };
                        let _ = read_inbound.send(redialing).await;
                    }
                    Err(e) => {
                        let _ = dead_tx.send(format!("could not read from the server: {e}"));
                        break;
                    }
                }
            }
            let _ = dead_tx.send(String::new());
        });

        // Whoever notices first (reader EOF, read error, write error), the death is announced once,
        // with the transport's own explanation of what happened.
        let death_pending = pending.clone();
        tokio::spawn(async move {
            let first = dead_rx.recv().await.unwrap_or_default();
            let mut ending = epitaph.await;
            if !first.is_empty() {
                ending.reason = format!("{first}; {}", ending.reason);
            }
            // Answers the person gave that never reached it are not lost without a word.
            let answers = death_pending
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .undelivered_answers;
            if answers > 0 {
                ending.reason.push_str(&format!(
                    "; {answers} answer(s) to its questions could not be delivered"
                ));
            }
            let reason = ending.reason.clone();
            // Answers that will never come, in the queue before the news that the link is gone.
            for id in fail_all(&death_pending, ending) {
                let result = Err(RpcError::Closed(reason.clone()));
                let _ = inbound_tx.send(Inbound::Response { id, result }).await;
            }
            let _ = inbound_tx.send(Inbound::Closed(reason)).await;
        });

        let connection = Connection {
            outbound,
            local,
            pending,
            next_id: Arc::new(AtomicI64::new(1)),
        };
        (connection, inbound_rx)
    }

    /// Sends a request and waits for its response (or for the connection to die).
    pub async fn request(&self, method: &str, params: Value) -> Result<Value, RpcError> {
        let id = RequestId::Int(self.next_id.fetch_add(1, Ordering::Relaxed));
        let (tx, rx) = oneshot::channel();
        {
            let mut pending = self.pending.lock().unwrap();
            if let Some(reason) = &pending.closed {
                return Err(RpcError::Closed(reason.clone()));
            }
            pending
                .waiters
                .insert(id.clone(), (method.to_string(), Waiter::Task(tx)));
        }
        tracing::debug!(%id, method, "request");
        self.outbound.send(
            protocol::request_line(&id, method, &params),
            Carrying::Request,
        );
        match rx.await {
            Ok(result) => result,
            Err(_) => Err(RpcError::Closed("the connection was dropped".into())),
        }
    }

    /// Sends a request whose answer comes through the inbound queue as [`Inbound::Response`]
    /// with the id returned here. Fails at once when the connection is already closed.
    pub fn send_request(&self, method: &str, params: &Value) -> Result<RequestId, RpcError> {
        let id = RequestId::Int(self.next_id.fetch_add(1, Ordering::Relaxed));
        {
            let mut pending = self.pending.lock().unwrap();
            if let Some(reason) = &pending.closed {
                return Err(RpcError::Closed(reason.clone()));
            }
            pending
                .waiters
                .insert(id.clone(), (method.to_string(), Waiter::Inbound));
        }
        tracing::debug!(%id, method, "request");
        self.outbound.send(
            protocol::request_line(&id, method, params),
            Carrying::Request,
        );
        Ok(id)
    }

    pub fn notify(&self, method: &str, params: Option<Value>) {
        self.outbound.send(
            protocol::notification_line(method, params.as_ref()),
            Carrying::Request,
        );
    }

    pub fn respond(&self, id: &RequestId, result: Value) {
        self.pending.lock().unwrap().unanswered.remove(id);
        self.outbound
            .send(protocol::response_line(id, &result), Carrying::Answer);
    }

    pub(crate) fn respond_error(&self, id: &RequestId, code: i64, message: &str) {
        self.pending.lock().unwrap().unanswered.remove(id);
        self.outbound
            .send(protocol::error_line(id, code, message), Carrying::Answer);
    }

    /// Bytes waiting for the server to read them.
    pub fn queued_bytes(&self) -> usize {
        self.outbound.queued.load(Ordering::Acquire)
    }

    /// The server runs on this machine and sees its files: tern may read the rules folder or
    /// run `git` in the thread's directory itself.
    pub(crate) fn is_local(&self) -> bool {
        self.local
    }

    pub fn is_closed(&self) -> bool {
        self.pending.lock().unwrap().closed.is_some()
    }

    /// How the link ended, once it has: a server that exited, a link that dropped (the server
    /// and its turns live on: reconnect and resume), or a server that closed it.
    pub fn ending(&self) -> Option<Ending> {
        self.pending.lock().unwrap().ending.clone()
    }
}

/// Settles a response at once; hands notifications and requests to the app, waiting while its
/// queue is full.
async fn dispatch(
    line: &str,
    pending: &Mutex<Pending>,
    inbound: &mpsc::Sender<Inbound>,
    outbound: &Outbound,
) {
    if line.trim().is_empty() {
        return;
    }
    // A secret tern knows never reaches anything of tern's from the server's text.
    let line = super::redact::mask_known_json_line(line);
    if let Some((of, delta)) = protocol::delta_line::parse_delta_line(&line) {
        let _ = inbound.send(Inbound::Delta(of, delta)).await;
        return;
    }
    let message = match Incoming::parse(&line) {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!("skipping a malformed line from the server: {e}");
            return;
        }
    };
    match message {
        Incoming::Response { id, result } => {
            if let Some(answer) = settle(pending, &id, Ok(result)) {
                let _ = inbound.send(answer).await;
            }
        }
        Incoming::Error {
            id: Some(id),
            error,
        } => {
            if let Some(answer) = settle(pending, &id, Err(error)) {
                let _ = inbound.send(answer).await;
            }
        }
        Incoming::Error { id: None, error } => {
            tracing::warn!("server error without an id: {}", error.message);
        }
        Incoming::Notification { method, params } => {
            let _ = inbound.send(Inbound::Notification { method, params }).await;
        }
        Incoming::Request { id, method, params } => {
            if !pending.lock().unwrap().unanswered.insert(id.clone()) {
                tracing::warn!(%id, method, "a second server request with a pending request's id");
                outbound.send(
                    protocol::error_line(
                        &id,
                        INVALID_REQUEST,
                        "duplicate request id: a request with this id is still waiting for its \
                         answer",
                    ),
                    Carrying::Answer,
                );
                return;
            }
            if inbound
                .send(Inbound::Request {
                    id: id.clone(),
                    method,
                    params,
                })
                .await
                .is_err()
            {
                // Nobody is listening any more; still answer so the server does not wait.
                outbound.send(
                    protocol::error_line(&id, -32000, "tern is shutting down"),
                    Carrying::Answer,
                );
            }
        }
    }
}

/// JSON-RPC's "invalid request".
const INVALID_REQUEST: i64 = -32600;

/// Hands an answer to whoever waits for it: the task at once, or — returned, for the caller to
/// queue — the inbound queue.
fn settle(
    pending: &Mutex<Pending>,
    id: &RequestId,
    outcome: Result<Value, RpcErrorObject>,
) -> Option<Inbound> {
    let waiter = pending.lock().unwrap().waiters.remove(id);
    let Some((method, waiter)) = waiter else {
        tracing::warn!(%id, "response to an unknown request id");
        return None;
    };
    let result = outcome.map_err(|e| RpcError::Server {
        method,
        code: e.code,
        message: e.message,
    });
    match waiter {
        Waiter::Task(tx) => {
            let _ = tx.send(result);
            None
        }
        Waiter::Inbound => Some(Inbound::Response {
            id: id.clone(),
            result,
        }),
    }
}

/// Fails every request still waiting; returns the ids of those whose answer the inbound queue
/// owes (sorted, the order they were sent in).
fn fail_all(pending: &Mutex<Pending>, ending: Ending) -> Vec<RequestId> {
    let reason = ending.reason.clone();
    let waiters = {
        let mut pending = pending.lock().unwrap();
        pending.closed = Some(reason.clone());
        pending.ending = Some(ending);
        std::mem::take(&mut pending.waiters)
    };
    let mut owed = Vec::new();
    for (id, (_, waiter)) in waiters {
        match waiter {
            Waiter::Task(tx) => {
                let _ = tx.send(Err(RpcError::Closed(reason.clone())));
            }
            Waiter::Inbound => owed.push(id),
        }
    }
    owed.sort_by_key(|id| match id {
        RequestId::Int(n) => (0, *n, String::new()),
        other => (1, 0, other.to_string()),
    });
    owed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::memory::memory_pair;
    use serde_json::json;
    use std::time::Duration;

    /// A server that stops reading (the other end of the pipe never drained) once let tern's
    /// replies pile up without end; now the queue stops at its bound, the connection fails as
    /// a stuck server, and an answer refused on the way is said to be lost.
    #[tokio::test]
    async fn a_server_that_stops_reading_is_taken_for_stuck_and_nothing_piles_up() {
        let (transport, _server_never_reads) = memory_pair();
        let bound = 256 << 10;
        let (connection, mut inbound) = Connection::start_bounded(Box::new(transport), bound);
        let pad = "x".repeat(1000);
        for _ in 0..10_000 {
            connection.notify("ping", Some(json!({ "pad": pad })));
            assert!(connection.queued_bytes() <= bound);
        }
        connection.respond(&RequestId::Int(7), json!({"decision": "accept"}));
        let reason = loop {
            match tokio::time::timeout(Duration::from_secs(5), inbound.recv()).await {
                Ok(Some(Inbound::Closed(reason))) => break reason,
                Ok(Some(_)) => continue,
                other => panic!("no end announced: {other:?}"),
            }
        };
        assert!(
            reason.contains("stopped reading what tern sends"),
            "{reason}"
        );
        assert!(reason.contains("1 answer(s)"), "{reason}");
        let later = connection.request("thread/read", json!({})).await;
        assert!(matches!(later, Err(RpcError::Closed(_))), "{later:?}");
    }
}
