//! JSON-RPC 2.0 framing: one JSON object per line, classified by which of `id`, `method`,
//! `result` and `error` it carries.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt;

/// A request id. The server uses integers for its own requests, but the schema allows strings,
/// and a broken server may send anything: such an id is kept as the JSON text it came as, so the
/// answer carries the very same id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RequestId {
    Int(i64),
    Str(String),
    /// Any other id (a number beyond i64, a fraction, `null` …), as its JSON text.
    Raw(String),
}

impl RequestId {
    /// The id from its JSON text exactly as sent.
    fn from_raw(raw: &RawValue) -> RequestId {
        let text = raw.get().trim();
        if let Ok(n) = serde_json::from_str::<i64>(text) {
            return RequestId::Int(n);
        }
        if let Ok(s) = serde_json::from_str::<String>(text) {
            return RequestId::Str(s);
        }
        RequestId::Raw(text.to_string())
    }

    /// The id as JSON text, for building a message line.
    pub(crate) fn to_json(&self) -> String {
        match self {
            RequestId::Int(n) => n.to_string(),
            RequestId::Str(s) => Value::from(s.as_str()).to_string(),
            RequestId::Raw(text) => text.clone(),
        }
    }
}

impl Serialize for RequestId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestId::Int(n) => serializer.serialize_i64(*n),
            RequestId::Str(s) => serializer.serialize_str(s),
            RequestId::Raw(text) => RawValue::from_string(text.clone())
                .map_err(serde::ser::Error::custom)?
                .serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Value::deserialize(deserializer)? {
            Value::Number(n) if n.is_i64() => RequestId::Int(n.as_i64().unwrap_or_default()),
            Value::String(s) => RequestId::Str(s),
            other => RequestId::Raw(other.to_string()),
        })
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestId::Int(n) => write!(f, "{n}"),
            RequestId::Str(s) => write!(f, "{s}"),
            RequestId::Raw(text) => write!(f, "{text}"),
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

/// The params of a request or notification as the JSON text they came as: a line is read once,
/// straight into the typed message its method names ([`Params::decode`]), never into a
/// [`Value`] first (a stream of deltas is almost all notifications).
pub type RawParams = Box<RawValue>;

/// Params that can be read into the type a method names: the raw text of a line as it came, or
/// a [`Value`] built in a test or by the demo server.
pub trait Params {
    fn decode<T: DeserializeOwned>(self) -> Result<T, serde_json::Error>;
}

impl Params for Value {
    fn decode<T: DeserializeOwned>(self) -> Result<T, serde_json::Error> {
        serde_json::from_value(self)
    }
}

impl Params for &RawValue {
    fn decode<T: DeserializeOwned>(self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.get())
    }
}

impl Params for RawParams {
    fn decode<T: DeserializeOwned>(self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.get())
    }
}

/// One message read from the peer.
#[derive(Debug, Clone)]
pub enum Incoming {
    Request {
        id: RequestId,
        method: String,
        params: RawParams,
    },
    Notification {
        method: String,
        params: RawParams,
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

/// A line's fields. `params` is only found (its text checked and kept as it is), not parsed:
/// the method it belongs to says what it is read into.
#[derive(Deserialize)]
struct RawMessage<'a> {
    /// `Some` whenever the message has an id, `null` included.
    #[serde(default, deserialize_with = "present", borrow)]
    id: Option<&'a RawValue>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default, borrow)]
    params: Option<&'a RawValue>,
    #[serde(default)]
    result: Option<Value>,
    #[serde(default)]
    error: Option<RpcErrorObject>,
}

pub(super) fn present<'de: 'a, 'a, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<&'a RawValue>, D::Error> {
    <&RawValue>::deserialize(deserializer).map(Some)
}

impl Incoming {
    pub fn parse(line: &str) -> Result<Incoming, FrameError> {
        let raw: RawMessage =
            serde_json::from_str(line).map_err(|e| FrameError::NotJson(e.to_string()))?;
        let params = || raw.params.unwrap_or(RawValue::NULL).to_owned();
        let id = match (raw.id, &raw.method) {
            // An error about no request in particular (JSON-RPC's parse errors).
            (Some(id), None) if id.get().trim() == "null" => None,
            (id, _) => id.map(RequestId::from_raw),
        };
        match (id, raw.method, raw.result, raw.error) {
            (Some(id), Some(method), None, None) => Ok(Incoming::Request {
                id,
                method,
                params: params(),
            }),
            (None, Some(method), None, None) => Ok(Incoming::Notification {
                method,
                params: params(),
            }),
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

// Lines are written out by hand so that an id kept as raw JSON text goes out exactly as it
// came in (a `Value` would round it, or refuse it).

pub(crate) fn request_line(id: &RequestId, method: &str, params: &Value) -> String {
    format!(
        r#"{{"id":{},"jsonrpc":"2.0","method":{},"params":{params}}}"#,
        id.to_json(),
        Value::from(method)
    )
}

pub(crate) fn notification_line(method: &str, params: Option<&Value>) -> String {
    match params {
        Some(p) => serde_json::json!({"jsonrpc": "2.0", "method": method, "params": p}),
        None => serde_json::json!({"jsonrpc": "2.0", "method": method}),
    }
    .to_string()
}

pub(crate) fn response_line(id: &RequestId, result: &Value) -> String {
    format!(
        r#"{{"id":{},"jsonrpc":"2.0","result":{result}}}"#,
        id.to_json()
    )
}

pub(crate) fn error_line(id: &RequestId, code: i64, message: &str) -> String {
    let error = serde_json::json!({"code": code, "message": message});
    format!(
        r#"{{"error":{error},"id":{},"jsonrpc":"2.0"}}"#,
        id.to_json()
    )
}

/// JSON-RPC's "method not found": what tern answers to server requests it does not handle.
pub(crate) const METHOD_NOT_FOUND: i64 = -32601;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_request_id_is_answered_as_it_was_sent() {
        for id in [
            "7",
            "\"s-1\"",
            "12345678901234567890",
            "1.5",
            "1e400",
            "null",
        ] {
            let line = format!(r#"{{"id":{id},"method":"m","params":{{}}}}"#);
            let Ok(Incoming::Request { id: parsed, .. }) = Incoming::parse(&line) else {
                panic!("{line} is a request");
            };
            let answer = response_line(&parsed, &Value::Null);
            assert_eq!(
                answer,
                format!(r#"{{"id":{id},"jsonrpc":"2.0","result":null}}"#)
            );
            assert!(error_line(&parsed, 1, "x").contains(&format!(r#""id":{id},"#)));
        }
    }

    #[test]
    fn an_error_with_a_null_id_has_no_id() {
        let parsed = Incoming::parse(r#"{"id":null,"error":{"code":-32700,"message":"parse"}}"#);
        assert!(matches!(parsed, Ok(Incoming::Error { id: None, .. })));
    }

    /// A line is read once: its params go from the line's text straight into the typed
    /// notification. A number no `f64` holds (`1e400`) in a field tern does not read shows it:
    /// read into a `Value` first, the whole line would be refused ("number out of range");
    /// skipped over as text, the delta is applied.
    #[test]
    fn a_line_is_read_once_straight_into_the_typed_notification() {
        use crate::protocol::ServerNotification;
        let line = r#"{"jsonrpc":"2.0","method":"item/agentMessage/delta","params":{"threadId":"t","turnId":"u","itemId":"i","delta":"hi \u00e9","extra":1e400}}"#;
        assert!(
            serde_json::from_str::<Value>(line).is_err(),
            "a Value cannot hold this line"
        );
        let Ok(Incoming::Notification { method, params }) = Incoming::parse(line) else {
            panic!("{line} is a notification");
        };
        let Ok(ServerNotification::AgentMessageDelta(delta)) =
            ServerNotification::from_parts(&method, params)
        else {
            panic!("the delta is read");
        };
        assert_eq!(delta.delta, "hi é");
        // A request's params the same way; a missing params is `null`.
        let Ok(Incoming::Request { params, .. }) = Incoming::parse(r#"{"id":3,"method":"m"}"#)
        else {
            panic!("a request");
        };
        assert_eq!(params.get(), "null");
    }
}
