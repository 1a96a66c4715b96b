//! Answers to tern's requests, decoded at the edge: the runtime keeps each request's
//! `RequestTag` by its id ([`Asked`]), and reads the answer into that request's typed reply here,
//! once (`ReadAnswer for Raw`); the app only sees `AppEvent::Reply`. An answer that does not fit
//! is `ReplyError::Unreadable`, naming the request, never a silent default. Answers arrive among
//! the notifications, in the order the server sent them (see `rpc::connection`).

use crate::app::{AppEvent, ClientRequest, RequestTag};
use crate::protocol::RequestId;
use crate::rpc::redact;
use crate::rpc::{Connection, RpcError};
use crate::session::reply::{Answer, ReadAnswer, ReplyError};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;

/// tern's requests on their way, by id: what each answer is.
#[derive(Debug, Default)]
pub struct Asked {
    tags: HashMap<RequestId, RequestTag>,
}

impl Asked {
    /// Sends `request`; its answer comes back through the inbound queue. When it cannot go
    /// (unencodable, or the connection is closed), the app event that says so, at once.
    pub fn send(&mut self, connection: &Connection, request: ClientRequest) -> Option<AppEvent> {
        let tag = request.tag();
        let params = match request.params() {
            Ok(params) => params,
            Err(e) => {
                let why = format!("tern could not encode the request: {e}");
                return Some(reply_event(tag, Raw::Refused(why)));
            }
        };
        match connection.send_request(request.method(), &params) {
            Ok(id) => {
                self.tags.insert(id, tag);
                None
            }
            Err(e) => Some(reply_event(tag, raw(Err(e)))),
        }
    }

    /// The app event for the answer to request `id`; `None` for an id tern did not ask with
    /// (logged).
    pub fn answered(
        &mut self,
        id: &RequestId,
        result: Result<Value, RpcError>,
    ) -> Option<AppEvent> {
        let Some(tag) = self.tags.remove(id) else {
            tracing::warn!(%id, "an answer to no request of this session");
            return None;
        };
        Some(reply_event(tag, raw(result)))
    }

    /// A new connection: its ids start again, and the old one's answers will not come.
    pub(crate) fn forget(&mut self) {
        self.tags.clear();
    }
}

/// An answer as the connection gives it.
fn raw(result: Result<Value, RpcError>) -> Raw {
    match result {
        Ok(value) => Raw::Answered(value),
        Err(e @ RpcError::Server { .. }) => Raw::Refused(e.to_string()),
        Err(e @ RpcError::Closed(_)) => Raw::Lost(e.to_string()),
    }
}

/// How an answer arrived: its result, or the server's error message, or the link's end.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Answered(Value),
    Refused(String),
    Lost(String),
}

impl From<Result<Value, String>> for Raw {
    /// A result as tests and the demo write it: an `Err` is the server refusing.
    fn from(result: Result<Value, String>) -> Self {
        match result {
            Ok(value) => Raw::Answered(value),
            Err(message) => Raw::Refused(message),
        }
    }
}

/// The app event for the answer `raw` to the request tagged `tag`.
pub fn reply_event(tag: RequestTag, raw: impl Into<Raw>) -> AppEvent {
    let raw = match tag {
        RequestTag::ReadConfig => provider_secrets(raw.into()),
        _ => raw.into(),
    };
    AppEvent::Reply(tag.reply(raw))
}

/// `config/read` answered: its providers' secrets (a bearer token, the value of the variable
/// an `env_key` names) are secrets from now on, and masked in the answer itself.
fn provider_secrets(raw: Raw) -> Raw {
    let Raw::Answered(mut value) = raw else {
        return raw;
    };
    let env = |name: &str| std::env::var(name).ok();
    for secret in redact::provider_secrets(&value["config"]["model_providers"], env) {
        redact::register_secret(&secret);
    }
    redact::mask_json(&mut value);
    Raw::Answered(value)
}

/// The one place an answer's JSON becomes its request's type.
impl ReadAnswer for Raw {
    fn typed<T: DeserializeOwned>(self, method: &'static str) -> Answer<T> {
        let value = self.into_answer()?;
        serde_json::from_value(value).map_err(|e| ReplyError::Unreadable {
            method,
            error: e.to_string(),
        })
    }

    fn done(self) -> Answer<()> {
        self.into_answer().map(drop)
    }
}

impl Raw {
    /// The answer's result, or why there is none.
    fn into_answer(self) -> Answer<Value> {
        match self {
            Raw::Answered(value) => Ok(value),
            Raw::Refused(message) => Err(ReplyError::Refused(message)),
            Raw::Lost(message) => Err(ReplyError::Lost(message)),
        }
    }
}
