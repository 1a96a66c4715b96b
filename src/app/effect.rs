//! What the app asks the runtime to do.

use super::request::ClientRequest;
use crate::protocol::RequestId;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Send a request; its answer comes back as `AppEvent::Response` with the request's tag.
    Request(ClientRequest),
    Notify {
        method: &'static str,
        params: Option<Value>,
    },
    Respond {
        id: RequestId,
        result: Value,
    },
    RespondError {
        id: RequestId,
        code: i64,
        message: String,
    },
    /// Put text on the system clipboard (OSC 52).
    CopyToClipboard(String),
    /// Run `git diff` in `cwd` for the diff view; the answer comes back as `AppEvent::GitDiff`.
    ReadGitDiff {
        cwd: String,
    },
    Redraw,
    Quit,
}
