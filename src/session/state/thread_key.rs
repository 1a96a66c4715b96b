//! How tern knows a thread among many: by the server it lives on and its id there
//! ([`ThreadKey`]). A thread id is unique on one server only, and a server's request ids start
//! at 0 on each connection, so every place that keeps threads or questions of more than one
//! thread — the inbox's waiting questions, the board's rows, the call back when a thread not
//! shown asks — keys them by server first.
//!
//! Today tern has one connection: [`ServerId`] names it (`local` for the child or the local
//! service, else the `--remote` address), and everything kept is stamped with it when it
//! arrives. What stays per connection, and so needs no key: the shown thread, the thread ids
//! sent in requests, the kept thread models (`Threads`), the board's listing and statuses — a
//! second server brings its own of each. What a second server would need besides: a connection
//! (and its event channel) per server in the runtime, events tagged with the server they came
//! on (this session takes them as `Session::server_id` today), and effects that answer or ask
//! tagged with the server they go to (a question of another server is answered there, never on
//! this connection: `QueuedQuestion::server` says which).

use std::fmt;
use std::sync::Arc;

/// One server tern is connected to: `local`, or where `--remote` reached it. Cheap to clone
/// (it is stamped on every waiting question).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ServerId(Arc<str>);

impl ServerId {
    /// The server tern started (or the local service).
    pub(crate) fn local() -> Self {
        ServerId("local".into())
    }

    /// The server of this connection: where `--remote` reached, else the local one.
    pub(crate) fn of_connection(connected_to: Option<&str>) -> Self {
        match connected_to.map(str::trim).filter(|to| !to.is_empty()) {
            Some(to) => ServerId(to.into()),
            None => Self::local(),
        }
    }

    /// What it is called (the `--remote` address, unsanitised: the drawing sanitises).
    pub(crate) fn name(&self) -> &str {
        &self.0
    }
}

impl Default for ServerId {
    fn default() -> Self {
        Self::local()
    }
}

impl fmt::Display for ServerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A thread as tern knows it among many: its server and its id there.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ThreadKey {
    pub(crate) server: ServerId,
    pub(crate) id: String,
}

impl ThreadKey {
    pub(crate) fn new(server: &ServerId, id: &str) -> Self {
        ThreadKey {
            server: server.clone(),
            id: id.to_string(),
        }
    }

    /// Whether it is thread `id` of server `server`.
    pub(crate) fn is(&self, server: &ServerId, id: &str) -> bool {
        &self.server == server && self.id == id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_id_on_two_servers_is_two_threads() {
        let box_b = ServerId::of_connection(Some("ssh://me@box"));
        let here = ThreadKey::new(&ServerId::local(), "t1");
        let there = ThreadKey::new(&box_b, "t1");
        assert_ne!(here, there);
        assert!(here.is(&ServerId::local(), "t1") && !here.is(&box_b, "t1"));
        assert_eq!(ServerId::of_connection(None), ServerId::local());
        assert_eq!(ServerId::of_connection(Some("  ")), ServerId::local());
        assert_eq!(box_b.name(), "ssh://me@box");
    }
}
