//! Answers to tern's requests, decoded at the edge: the runtime keeps each request's
//! `RequestTag` by its id (`asked::Asked`), and reads the answer into that request's typed reply here,
//! once (`ReadAnswer for Raw`); the app only sees `AppEvent::Reply`. An answer that does not fit
//! is `ReplyError::Unreadable`, naming the request, never a silent default. Answers arrive among
//! the notifications, in the order the server sent them (see `rpc::connection`).

use crate::app::{AppEvent, RequestTag};
use crate::session::reply::{Answer, ReadAnswer, ReplyError};
use serde::de::DeserializeOwned;
use serde_json::Value;

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
    AppEvent::Reply(tag.reply(raw.into()))
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
