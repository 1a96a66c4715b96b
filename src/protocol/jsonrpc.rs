//! JSON-RPC 2.0 framing: one JSON object per line, classified by which of `id`, `method`,
//! `result` and `error` it carries.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A request id. The server uses integers for its own requests, but the schema allows strings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    Int(i64),
    Str(String),
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestId::Int(n) => write!(f, "{n}"),
            RequestId::Str(s) => write!(f, "{s}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RpcErrorObject {
    pub code: i64,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

/// One message read from the peer.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    Request {
        id: RequestId,
        method: String,
        params: Value,
    },
    Notification {
        method: String,
        params: Value,
    },
    Response {
        id: RequestId,
        result: Value,
    },
    Error {
        id: Option<RequestId>,
        error: RpcErrorObject,
    },
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FrameError {
    #[error("not JSON: {0}")]
    NotJson(String),
    #[error("not a JSON-RPC message: {0}")]
    NotRpc(String),
}

#[derive(Deserialize)]
struct RawMessage {
    #[serde(default)]
    id: Option<RequestId>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    params: Option<Value>,
    #[serde(default)]
    result: Option<Value>,
    #[serde(default)]
    error: Option<RpcErrorObject>,
}

impl Incoming {
    pub fn parse(line: &str) -> Result<Incoming, FrameError> {
        let raw: RawMessage =
            serde_json::from_str(line).map_err(|e| FrameError::NotJson(e.to_string()))?;
        let params = raw.params.unwrap_or(Value::Null);
        match (raw.id, raw.method, raw.result, raw.error) {
            (Some(id), Some(method), None, None) => Ok(Incoming::Request { id, method, params }),
            (None, Some(method), None, None) => Ok(Incoming::Notification { method, params }),
            (id, None, _, Some(error)) => Ok(Incoming::Error { id, error }),
            (Some(id), None, result, None) => Ok(Incoming::Response {
                id,
                result: result.unwrap_or(Value::Null),
            }),
            _ => Err(FrameError::NotRpc(truncate(line, 200))),
        }
    }
}

fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

pub fn request_line(id: &RequestId, method: &str, params: &Value) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string()
}

pub fn notification_line(method: &str, params: Option<&Value>) -> String {
    match params {
        Some(p) => serde_json::json!({"jsonrpc": "2.0", "method": method, "params": p}),
        None => serde_json::json!({"jsonrpc": "2.0", "method": method}),
    }
    .to_string()
}

pub fn response_line(id: &RequestId, result: &Value) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string()
}

pub fn error_line(id: &RequestId, code: i64, message: &str) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
        .to_string()
}

/// JSON-RPC's "method not found": what tern answers to server requests it does not handle.
pub const METHOD_NOT_FOUND: i64 = -32601;
