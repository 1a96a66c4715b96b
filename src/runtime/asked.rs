//! tern's requests on their way: each request's tag kept by its id until its answer comes,
//! which `replies` then reads into the request's typed reply.

use super::replies::{reply_event, Raw};
use crate::app::{AppEvent, ClientRequest, RequestTag};
use crate::protocol::RequestId;
use crate::rpc::{Connection, RpcError};
use serde_json::Value;
use std::collections::HashMap;

/// tern's requests on their way, by id: what each answer is.
#[derive(Debug, Default)]
pub(crate) struct Asked {
    tags: HashMap<RequestId, RequestTag>,
}

impl Asked {
    /// Sends `request`; its answer comes back through the inbound queue. When it cannot go
    /// (unencodable, or the connection is closed), the app event that says so, at once.
    pub(crate) fn send(
        &mut self,
        connection: &Connection,
        request: ClientRequest,
    ) -> Option<AppEvent> {
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
    pub(crate) fn answered(
        &mut self,
        id: &RequestId,
        result: Result<Value, RpcError>,
    ) -> Option<AppEvent> {
        let Some(tag) = self.tags.remove(id) else {
            tracing::warn!(%id, "an answer to no request of this session");
            return None;
        };
        let raw = match tag {
            // Its providers' secrets are known before anything reads the answer.
            RequestTag::ReadConfig | RequestTag::CheckTrust => {
                super::config_secrets::learned(raw(result))
            }
            _ => raw(result),
        };
        Some(reply_event(tag, raw))
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
