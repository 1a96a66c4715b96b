//! The views and the pure state machine: `update(state, event, now) -> effects`. No IO, no
//! clock reads. What the session holds and does is `crate::session`, one layer below; the
//! pieces views are built from are `crate::controls`, below that.
//!
//! ## Tiers
//!
//! Lowest first: a module uses only modules of its own tier or the tiers before it, and the
//! architecture test (`src/architecture/`) holds the code to this list and finds no cycle
//! among the files.
//!
//! 1. data: `layer_types` — what every layer answers (`Outcome`, `Input`, `Placement`, and the `Hint` of `controls::keys`)
//! 2. views: `layers`, `base`, `command_row`, `commands`, `more_commands`, `geometry`, `reference` — the layers (one file each, and the front question and the server-down box as views of the session), the base with the conversation's key table and its precedence, the command tables (a row's shape, the main table, the newer families' tables), where everything goes on screen, and the list of every key table
//! 3. router: `router`, `stacks` — `AppState` (the layer stacks and the session) and the router, the only code that pushes, pops or replaces a layer
//! 4. update: `update`, `facade`, `facade_board` — the one entry point; the readers and builders integration
//!    tests use instead of the session's fields
//!
//! Only `router`, `update` and `facade` (with `facade_board`) use `stacks`.
//!
//! ## Adding a view
//!
//! One entry in the registry of views (`layers::with_views`: arm, state type, key table) — the
//! `Layer` arm, its dispatch, its reference table and its draw arm come from it — one file under
//! `layers/` for its state, keys and hints (`impl LayerView`), one file under `ui/` that draws
//! it (`impl Draw`; `app` names nothing of `ui`, and the compiler asks for it). It opens by
//! being returned (`Outcome::Open`) from a key, a command or another layer; answers meant for
//! it come as a `LayerEvent` its `on_event` takes.

pub mod base;
mod command_row;
pub mod commands;
pub(crate) mod facade;
mod facade_board;
pub(crate) mod geometry;
pub mod layer_types;
pub mod layers;
mod more_commands;
pub mod reference;
pub(crate) mod router;
pub(crate) mod stacks;
pub mod update;

pub use crate::session::effect::Effect;
pub use crate::session::event::{AppEvent, GitDiffOutput, ListPurpose, RequestTag};
pub use crate::session::request::ClientRequest;
pub use crate::session::state::{
    Lifecycle, Open, Resume, Session, SessionConfig, TurnPhase, WallClock,
};
pub use stacks::AppState;
pub use update::update;
