//! The layers the session asks for by news (`LayerEvent`) rather than a key: the sign-in layer
//! (at startup, or a prompt sent signed out) and the locked-thread box. The router opens what
//! this names, unless one of its kind is open already (which then gets the news).

use super::{Layer, LockedThread, SignIn};
use crate::app::event::LayerEvent;
use crate::app::state::Session;

/// The layer `event` asks to open, if any.
pub fn opens(event: &LayerEvent, session: &Session) -> Option<Layer> {
    match event {
        LayerEvent::SignInWanted => Some(Layer::SignIn(Box::new(SignIn::new(session)))),
        LayerEvent::ThreadLocked { thread_id, error } => Some(Layer::LockedThread(
            LockedThread::new(thread_id.clone(), error.clone()),
        )),
        _ => None,
    }
}

/// A layer of the same kind as `wanted` is open among `open`.
pub fn already_open(open: &[Layer], wanted: &Layer) -> bool {
    open.iter()
        .any(|layer| std::mem::discriminant(layer) == std::mem::discriminant(wanted))
}
