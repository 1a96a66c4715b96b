//! The pure state machine: `update(state, event, now) -> effects`. No IO, no clock reads.
//!
//! `update` routes; `layers` holds the screen-layer stack and its routing rule; `base` is the
//! bottom of that stack (transcript scrolling and the composer); `prompts` the server's
//! questions; `actions` what any of them can make happen; `geometry` where things go on screen.

//!
//! ## Tiers
//!
//! 1. data: `effect`, `event`, `request`, `layer_types`, `paste`, `prompt_history`, `scroll`, `view`, `composer` — data
//! 2. state: `state` — data only
//! 3. session: `session` — ops
//! 4. views: `layers`, `base`, `commands`, `geometry` — views
//! 5. router: `router`, `stacks` — router
//! 6. update: `update`
//!
//! Only `router` and `update` use `stacks`.
pub mod base;
pub mod commands;
pub mod composer;
pub mod effect;
pub mod event;
pub mod geometry;
pub mod layer_types;
pub mod layers;
pub mod paste;
pub mod prompt_history;
pub mod request;
pub mod router;
pub mod scroll;
pub mod session;
pub mod stacks;
pub mod state;
pub mod update;
pub mod view;

pub use effect::Effect;
pub use event::{AppEvent, GitDiffOutput, ListPurpose, RequestTag};
pub use request::ClientRequest;
pub use stacks::AppState;
pub use state::{ConnState, Resume, Session, SessionConfig, TurnPhase, WallClock};
pub use update::update;
