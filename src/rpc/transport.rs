//! The transport seam: whatever carries the bytes (a child's stdio, a websocket over TCP, TLS, a
//! unix socket or an ssh pipe), the connection above sees the same three things: a stream of
//! whole JSON-RPC messages from the server, a sink taking one message at a time, and, once the
//! link has ended, why. Framing (a newline per message, a text frame per message) stays below
//! this line; ids, routing and everything else stay above it.

use futures::future::BoxFuture;
use futures::stream::BoxStream;
use futures::Sink;
use std::io;
use std::pin::Pin;

/// One item from the server's side of the link.
#[derive(Debug, Clone, PartialEq)]
pub enum Received {
    /// The text of one JSON-RPC message (not parsed yet).
    Message(String),
    /// Something the server sent that the transport refused (a line or frame over the size cap,
    /// two messages in one frame), said in a sentence for the person: nothing is dropped
    /// without a word.
    Problem(String),
    /// The link is down and being dialled again (a remote server that outlives its links):
    /// attempt `attempt` failed to connect because of `why`, and another one follows. Said so
    /// the app can show how the reconnection goes. `nobody_listens`: the attempt was refused
    /// because no server runs there (so one that answers later was started again).
    Redialing {
        attempt: u32,
        why: String,
        nobody_listens: bool,
    },
}

/// Messages from the server; ends (or yields an error, then ends) when the link does.
pub(crate) type Incoming = BoxStream<'static, io::Result<Received>>;

/// Takes one JSON-RPC message's text at a time; the transport frames it.
pub(crate) type Outgoing = Pin<Box<dyn Sink<String, Error = io::Error> + Send>>;

/// How a link ended, for the app to choose its words and what to offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkEnd {
    /// The server process is gone (a local child exited, or the ssh child that carried a stdio
    /// app-server ended: that server ends with its stdin). Running turns ended with it.
    ServerExited,
    /// The link broke (a reset, a timeout, missed pings, an ssh proxy that died) but the server
    /// lives on elsewhere with its threads and running turns: reconnect, `initialize` and
    /// `thread/resume` pick them up.
    Dropped,
    /// The server closed the websocket itself (a close frame): it is shutting down or refused
    /// us; a reconnect may or may not find it again.
    ClosedByServer,
}

impl LinkEnd {
    /// Work on the server may have outlived the link.
    pub(crate) fn server_survives(self) -> bool {
        !matches!(self, LinkEnd::ServerExited)
    }
}

/// Why the link ended: a sentence for the person, and the kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    pub reason: String,
    pub end: LinkEnd,
}

impl Ending {
    pub fn new(end: LinkEnd, reason: impl Into<String>) -> Ending {
        Ending {
            reason: reason.into(),
            end,
        }
    }
}

pub struct TransportParts {
    pub incoming: Incoming,
    pub outgoing: Outgoing,
    /// Resolves, once the link has ended, to why (exit status and last stderr, a close frame, a
    /// missed ping).
    pub epitaph: BoxFuture<'static, Ending>,
    /// The server runs on this machine and sees its files (a local child, the local service's
    /// socket): tern may read `$CODEX_HOME/rules` or run `git` in the thread's directory itself.
    /// Over ssh or a websocket those paths are the remote machine's.
    pub local: bool,
}

pub trait Transport: Send + 'static {
    fn into_parts(self: Box<Self>) -> TransportParts;
}
