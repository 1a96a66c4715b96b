//! What the app asks the runtime to do.

use super::event::RequestTag;
use crate::protocol::RequestId;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    Request {
        tag: RequestTag,
        method: &'static str,
        params: Value,
    },
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
    Redraw,
    Quit,
}
