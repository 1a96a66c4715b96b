//! What a scripted turn plays with: the outbox of lines to tern, the approvals waiting for
//! tern's answer, and the sub-agents' threads — shared by the server, the player and each
//! kind of step, so none of them needs another to hold them.

use crate::protocol::{self, RequestId};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Server-to-client requests waiting for tern's answer (approvals).
pub(super) type PendingAnswers = Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>;

/// The sub-agent threads the demo made, as `Thread` objects.
pub(super) type AgentThreads = Arc<Mutex<Vec<Value>>>;

#[derive(Clone)]
pub(super) struct Outbox {
    tx: mpsc::UnboundedSender<String>,
    next_request: Arc<AtomicI64>,
}

impl Outbox {
    pub(super) fn new(tx: mpsc::UnboundedSender<String>) -> Self {
        Outbox {
            tx,
            next_request: Arc::new(AtomicI64::new(0)),
        }
    }

    pub(super) fn notify(&self, method: &str, params: Value) {
        let _ = self
            .tx
            .send(protocol::notification_line(method, Some(&params)));
    }

    pub(super) fn respond(&self, id: &RequestId, result: Value) {
        let _ = self.tx.send(protocol::response_line(id, &result));
    }

    pub(super) fn error(&self, id: &RequestId, message: &str) {
        let _ = self.tx.send(protocol::error_line(id, -32600, message));
    }

    pub(super) fn request(&self, method: &str, params: Value) -> i64 {
        let id = self.next_request.fetch_add(1, Ordering::Relaxed);
        let _ = self
            .tx
            .send(protocol::request_line(&RequestId::Int(id), method, &params));
        id
    }
}

pub(super) struct TurnContext {
    pub out: Outbox,
    pub answers: PendingAnswers,
    pub thread_id: String,
    pub turn_id: String,
    pub speed: f64,
    /// The thread's cwd: the script's files under `/demo/project` are placed there.
    pub cwd: String,
    /// The sub-agents' threads, for the server's `thread/read` and `thread/list`.
    pub agent_threads: AgentThreads,
}

impl TurnContext {
    pub(super) fn notify(&self, method: &str, mut params: Value) {
        params["threadId"] = json!(self.thread_id);
        // turn/started and turn/completed carry the turn itself instead of its id.
        if params.get("turnId").is_none() && !matches!(method, "turn/started" | "turn/completed") {
            params["turnId"] = json!(self.turn_id);
        }
        self.out.notify(method, params);
    }

    pub(super) async fn pause(&self, ms: u64) {
        let scaled = (ms as f64 * self.speed) as u64;
        if scaled > 0 {
            tokio::time::sleep(Duration::from_millis(scaled)).await;
        } else {
            tokio::task::yield_now().await;
        }
    }

    pub(super) fn item(&self, started: bool, item: Value) {
        let method = if started {
            "item/started"
        } else {
            "item/completed"
        };
        self.notify(
            method,
            json!({"item": item, "startedAtMs": 0, "completedAtMs": 0}),
        );
    }

    /// Asks tern a question and waits for the decision.
    pub(super) async fn ask(&self, method: &str, mut params: Value) -> Value {
        params["threadId"] = json!(self.thread_id);
        params["turnId"] = json!(self.turn_id);
        let (tx, rx) = oneshot::channel();
        // Registered before sending, so even an instant answer finds its waiter.
        let id = {
            let mut answers = self.answers.lock().unwrap();
            let id = self.out.request(method, params);
            answers.insert(id, tx);
            id
        };
        let answer = rx.await.unwrap_or(Value::Null);
        self.notify(
            "serverRequest/resolved",
            json!({"requestId": id, "turnId": Value::Null}),
        );
        answer
    }
}
