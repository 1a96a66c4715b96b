//! tern's own requests to the server, as typed data. The runtime turns them into JSON-RPC; the
//! pure core never serializes anything.

use super::event::RequestTag;
use crate::protocol::{
    self, InitializeParams, ThreadResumeParams, ThreadSettings, TurnInterruptParams,
    TurnStartParams,
};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum ClientRequest {
    Initialize(InitializeParams),
    StartThread(ThreadSettings),
    ResumeThread(ThreadResumeParams),
    /// Carries the prompt as typed, so a refused turn can give it back to the composer.
    StartTurn {
        params: TurnStartParams,
        prompt: String,
    },
    InterruptTurn(TurnInterruptParams),
}

impl ClientRequest {
    pub fn method(&self) -> &'static str {
        match self {
            ClientRequest::Initialize(_) => protocol::INITIALIZE,
            ClientRequest::StartThread(_) => protocol::THREAD_START,
            ClientRequest::ResumeThread(_) => protocol::THREAD_RESUME,
            ClientRequest::StartTurn { .. } => protocol::TURN_START,
            ClientRequest::InterruptTurn(_) => protocol::TURN_INTERRUPT,
        }
    }

    pub fn params(&self) -> serde_json::Result<Value> {
        match self {
            ClientRequest::Initialize(p) => serde_json::to_value(p),
            ClientRequest::StartThread(p) => serde_json::to_value(p),
            ClientRequest::ResumeThread(p) => serde_json::to_value(p),
            ClientRequest::StartTurn { params, .. } => serde_json::to_value(params),
            ClientRequest::InterruptTurn(p) => serde_json::to_value(p),
        }
    }

    /// What the response is matched to when it comes back.
    pub fn tag(&self) -> RequestTag {
        match self {
            ClientRequest::Initialize(_) => RequestTag::Initialize,
            ClientRequest::StartThread(_) => RequestTag::StartThread,
            ClientRequest::ResumeThread(_) => RequestTag::ResumeThread,
            ClientRequest::StartTurn { prompt, .. } => RequestTag::StartTurn {
                prompt: prompt.clone(),
            },
            ClientRequest::InterruptTurn(_) => RequestTag::InterruptTurn,
        }
    }
}
