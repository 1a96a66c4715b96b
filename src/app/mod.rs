//! The pure state machine: `update(state, event, now) -> effects`. No IO, no clock reads.

pub mod approval;
pub mod composer;
pub mod effect;
pub mod event;
pub mod keys;
pub mod scroll;
pub mod search;
pub mod server_events;
pub mod state;
pub mod update;
pub mod view;

pub use effect::Effect;
pub use event::{AppEvent, RequestTag};
pub use state::{AppState, ConnState, SessionConfig, TurnPhase};
pub use update::update;
