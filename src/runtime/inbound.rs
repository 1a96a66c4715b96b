//! The server's side of the loop: a message off the connection becomes an app event; a request
//! tern cannot read is answered with an error at once, never left waiting; an answer to one of
//! tern's requests becomes its typed reply.

use super::asked::Asked;
use crate::app::AppEvent;
use crate::protocol::{ServerNotification, ServerRequest, WarningNotification};
use crate::rpc::{Connection, Inbound};

/// The app event for `message`, if the app has a use for it. An answer is decoded by what was
/// `asked`.
pub(crate) fn inbound_event(
    message: Inbound,
    connection: &Connection,
    asked: &mut Asked,
) -> Option<AppEvent> {
    match message {
        Inbound::Response { id, result } => asked.answered(&id, result),
        Inbound::Notification { method, params } => {
            tracing::trace!(method, "notification");
            match ServerNotification::from_parts(&method, params) {
                Ok(ServerNotification::Other(method)) => {
                    tracing::trace!(method, "notification not used by tern");
                    None
                }
                Ok(n) => Some(AppEvent::Notification(n)),
                Err(e) => {
                    tracing::warn!(method, "notification did not match the schema: {e}");
                    None
                }
            }
        }
        Inbound::Delta(of, delta) => Some(AppEvent::Notification(of.notification(delta))),
        Inbound::Request { id, method, params } => {
            match ServerRequest::from_parts(&method, params) {
                Ok(request) => Some(AppEvent::ServerRequest { id, request }),
                Err(e) => {
                    tracing::warn!(method, "server request did not match the schema: {e}");
                    connection.respond_error(
                        &id,
                        -32602,
                        &format!("tern could not read the `{method}` request: {e}"),
                    );
                    None
                }
            }
        }
        Inbound::Problem(text) => Some(AppEvent::Notification(ServerNotification::Warning(
            WarningNotification {
                thread_id: None,
                message: text,
            },
        ))),
        Inbound::Redialing {
            attempt,
            why,
            nobody_listens,
        } => Some(AppEvent::Redialing {
            attempt,
            why,
            nobody_listens,
        }),
        // A link whose server lives on (a websocket, the service's socket) is dialled again by
        // itself; a server that ended with its link (a child, stdio over ssh) is said to be gone.
        Inbound::Closed(reason) => {
            Some(match connection.ending().map(|e| e.end.server_survives()) {
                Some(true) => AppEvent::LinkDropped(reason),
                _ => AppEvent::Disconnected(reason),
            })
        }
    }
}
