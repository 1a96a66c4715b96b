//! The embedded demo backend: a scripted app-server in-process, speaking the same JSON-RPC over
//! the in-memory transport. Its turns are data (`assets/demo/script.json`), not code paths.

mod account;
mod agents;
mod background;
mod commands;
mod files;
mod mcp_skills;
mod plan;
mod player;
pub(crate) mod script;
mod server;
mod threads;
mod turn_context;

use crate::rpc::memory::{memory_pair, MemoryTransport};
pub use script::DemoScript;

const EMBEDDED_SCRIPT: &str = include_str!("../../assets/demo/script.json");

pub fn embedded_script() -> DemoScript {
    serde_json::from_str(EMBEDDED_SCRIPT).expect("assets/demo/script.json is valid (tested)")
}

/// Starts the demo server with the embedded script; returns the client's transport.
pub fn start() -> MemoryTransport {
    start_with(embedded_script())
}

pub fn start_with(script: DemoScript) -> MemoryTransport {
    let (client, server_end) = memory_pair();
    tokio::spawn(server::serve(server_end, script));
    client
}
