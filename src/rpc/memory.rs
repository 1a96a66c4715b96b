//! An in-memory duplex: the demo backend and tests play the server on the other end, in JSON
//! lines as over a child's stdio.

use super::lines::line_parts;
use super::transport::{Ending, LinkEnd, Transport, TransportParts};
use futures::FutureExt;
use tokio::io::DuplexStream;

pub struct MemoryTransport {
    stream: DuplexStream,
}

/// Returns the client's transport and the server's end of the pipe.
pub fn memory_pair() -> (MemoryTransport, DuplexStream) {
    let (client, server) = tokio::io::duplex(1 << 20);
    (MemoryTransport { stream: client }, server)
}

impl Transport for MemoryTransport {
    fn into_parts(self: Box<Self>) -> TransportParts {
        let (reader, writer) = tokio::io::split(self.stream);
        let (incoming, outgoing) = line_parts(reader, writer);
        TransportParts {
            incoming,
            outgoing,
            epitaph: async {
                Ending::new(
                    LinkEnd::ServerExited,
                    "the in-process server closed the connection",
                )
            }
            .boxed(),
            local: true,
        }
    }
}
