//! The pure state machine: `update(state, event, now) -> effects`. No IO, no clock reads.
//!
//! ## Tiers
//!
//! Lowest first: a module uses only modules of its own tier or the tiers before it, and the
//! architecture test (`src/architecture/`) holds the code to this list and finds no cycle
//! among the files.
//!
//! 1. data: `effect`, `event`, `request`, `reply`, `layer_types`, `keys`, `line_input`, `pick_list`, `selection`, `paste`, `prompt_history`, `scroll`, `view`, `composer` — what the app speaks and keeps: effects, events (with the `LayerEvent` news for layers), tern's requests and their typed replies, what every layer answers (`Outcome`, `Input`, `Hint`, `Placement`), the key tables' types (chords, rows, the person's keymap), the one line-input and pick list, the selected transcript cell, the composer with its popups, scrolling and the laid-out transcript
//! 2. state: `state` — the `Session`, data only: everything the app holds but the layer stacks, with its feature data below it (`lifecycle`, the per-thread models in `threads`, `outbox`, `health`, `older_turns`, `turn_settings`, `questions` and the type-ahead `guard`)
//! 3. session: `session` — what server messages, the runtime's answers and the person's decisions do to the session (`lifecycle` with its one `adopt_thread`, `responses` with its one match on typed replies, `server_events` routing by thread into `thread_events`, `switch`, `outbox`, `threads`, `health`, `restart`, `answer`, `notices`, …): they change it and return effects, and never see a layer
//! 4. views: `layers`, `base`, `commands`, `geometry`, `reference` — the layers (one file each, and the front question and the server-down box as views of the session), the base with the conversation's key table and its precedence, the command table, where everything goes on screen, and the list of every key table
//! 5. router: `router`, `stacks` — `AppState` (the layer stacks and the session) and the router, the only code that pushes, pops or replaces a layer
//! 6. update: `update` — the one entry point
//!
//! Only `router` and `update` use `stacks`.
//!
//! ## Adding a view
//!
//! One arm in `layers::Layer` (and in its `each_layer!` list), one file under `layers/` for its
//! state, keys and hints (`impl LayerView`), one file under `ui/` for its drawing and its arm in
//! `ui::draw_shown`. It opens by being returned (`Outcome::Open`) from a key, a command or
//! another layer; answers meant for it come as a `LayerEvent` its `on_event` takes.

pub mod base;
pub mod commands;
pub mod composer;
pub mod effect;
pub mod event;
pub mod geometry;
pub mod keys;
pub mod layer_types;
pub mod layers;
pub mod line_input;
pub mod paste;
pub mod pick_list;
pub mod prompt_history;
pub mod reference;
pub mod reply;
pub mod request;
pub mod router;
pub mod scroll;
pub mod selection;
pub mod session;
pub mod stacks;
pub mod state;
pub mod update;
pub mod view;

pub use effect::Effect;
pub use event::{AppEvent, GitDiffOutput, ListPurpose, RequestTag};
pub use request::ClientRequest;
pub use stacks::AppState;
pub use state::{Lifecycle, Open, Resume, Session, SessionConfig, TurnPhase, WallClock};
pub use update::update;
