//! Transports and the JSON-RPC connection over them.

pub mod child;
pub mod connection;
pub mod lines;
pub mod memory;
pub mod redact;
pub mod transport;

pub use connection::{Connection, Inbound, InboundReceiver, RpcError};
pub use transport::{Transport, TransportParts};
