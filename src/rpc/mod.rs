//! Transports and the JSON-RPC connection over them. Below the seam (`transport`): the local
//! child (`child`, JSON lines by `lines`), websockets (`ws`) over TCP, TLS (`tls`), a unix socket
//! or an ssh pipe, opened by `dial` for an `endpoint`. Above it: `connection`.

pub mod child;
pub mod connection;
pub mod dial;
pub mod endpoint;
pub(crate) mod lines;
pub mod memory;
pub(crate) mod paced_pipe;
pub mod redact;
pub(crate) mod tls;
pub(crate) mod transport;
pub mod ws;

pub use connection::{Connection, Inbound, InboundReceiver, RpcError};
pub use transport::{Ending, LinkEnd, Transport, TransportParts};
