//! tern: a terminal frontend for the Codex app-server.
//!
//! ## Layers
//!
//! One crate, layered in one direction: each layer uses only the layers listed before it, and
//! layers on the same line do not use each other. The architecture test (`src/architecture/`,
//! `cargo test --lib architecture -- --nocapture` prints the graph) reads this list.
//!
//! 1. `text`, `theme` — the one sanitiser of untrusted text; the named colour roles and their
//!    palettes (the only place a colour is named); both use nothing else of tern's
//! 2. `protocol`, `config` — wire types of the app-server v2 messages; the config file
//! 3. `rpc` — transports and the JSON-RPC connection
//! 4. `model`, `demo` — the transcript reduced from notifications; the embedded scripted server
//! 5. `render` — markdown, highlighting, diffs and wrapping: source to lines for a width
//! 6. `app` — the pure state machine, `update(state, event, now) -> effects` (its own tiers are
//!    listed in its docs)
//! 7. `ui` — widgets that draw the state and never write it
//! 8. `runtime` — the one event loop, the terminal, and the effects carried out
//! 9. `cli`, `doctor` — the command line, which starts a session; `tern doctor`'s report

pub mod app;
pub mod cli;
pub mod config;
pub mod demo;
pub mod doctor;
pub mod model;
pub mod protocol;
pub mod render;
pub mod rpc;
pub mod runtime;
pub mod text;
pub mod theme;
pub mod ui;

#[cfg(test)]
mod architecture;
