//! How the server's answers to tern's own requests are carried: each typed `Answer`, or the
//! `ReplyError` saying why there is none. The `Reply` enum itself comes from the request table
//! (`session::request`); the runtime reads answers into it through [`ReadAnswer`], where it
//! knows which request an answer belongs to (`runtime::replies`), and `session::responses`
//! routes them by one exhaustive match.

use serde::de::DeserializeOwned;
use std::fmt;

/// Why a request has no usable answer.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplyError {
    /// The server answered with an error: its message.
    Refused(String),
    /// The connection closed before the answer came.
    Lost(String),
    /// The server answered, but not in the schema's shape: which request, and what did not fit.
    Unreadable { method: &'static str, error: String },
}

impl ReplyError {
    /// Whether the server answered at all (a refusal or an unreadable answer is a word from it).
    pub fn heard(&self) -> bool {
        !matches!(self, ReplyError::Lost(_))
    }
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::Refused(message) | ReplyError::Lost(message) => f.write_str(message),
            ReplyError::Unreadable { method, error } => {
                write!(
                    f,
                    "tern could not read codex's answer to `{method}`: {error}"
                )
            }
        }
    }
}

/// An answer: the typed result, or why there is none.
pub type Answer<T> = Result<T, ReplyError>;

/// How an answer is read into its request's type. The runtime implements it
/// (`runtime::replies`): JSON is decoded there, at the edge, never in the session.
pub trait ReadAnswer {
    /// The answer decoded as `T`, the schema's type for `method`'s result.
    fn typed<T: DeserializeOwned>(self, method: &'static str) -> Answer<T>;
    /// An answer whose result tern does not use: that it came is all it says.
    fn done(self) -> Answer<()>;
}

/// An answer as the text a layer shows (`LayerEvent`s carry plain messages).
pub(crate) fn shown<T>(answer: Answer<T>) -> Result<T, String> {
    answer.map_err(|e| e.to_string())
}
