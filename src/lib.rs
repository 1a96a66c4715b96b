//! tern: a terminal frontend for the Codex app-server.
//!
//! Layers, top to bottom (see README): `text` (the sanitiser of untrusted text) and `theme` (the
//! named colour roles and their palettes), `protocol` (wire types), `rpc` (transports and the
//! JSON-RPC connection), `model` (the transcript), `app` (the pure state machine), `render`
//! (text layout), `ui` (widgets), `runtime` (the event loop and the terminal), `demo` (an
//! embedded scripted server).

pub mod app;
pub mod cli;
pub mod config;
pub mod demo;
pub mod model;
pub mod protocol;
pub mod render;
pub mod rpc;
pub mod runtime;
pub mod text;
pub mod theme;
pub mod ui;
