//! The pure state machine: `update(state, event, now) -> effects`. No IO, no clock reads.
//!
//! `update` routes; `layers` holds the screen-layer stack and its routing rule; `base` is the
//! bottom of that stack (transcript scrolling and the composer); `prompts` the server's
//! questions; `actions` what any of them can make happen; `geometry` where things go on screen.

pub mod actions;
pub mod attention;
pub mod base;
pub mod commands;
pub mod composer;
pub mod composer_input;
pub mod effect;
pub mod event;
pub mod geometry;
pub mod health;
pub mod layers;
pub mod leftovers;
pub mod notices;
pub mod paste;
pub mod prompt_history;
pub mod questions;
pub mod quit_ladder;
pub mod request;
pub mod responses;
pub mod restart;
pub mod scroll;
pub mod server_events;
pub mod state;
pub mod steer;
pub mod threads;
pub mod turn_settings;
pub mod update;
pub mod view;

pub use effect::Effect;
pub use event::{AppEvent, GitDiffOutput, ListPurpose, RequestTag};
pub use request::ClientRequest;
pub use state::{AppState, ConnState, Resume, SessionConfig, TurnPhase, WallClock};
pub use update::update;
