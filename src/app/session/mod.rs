//! The session's operations: what the server's messages, the runtime's answers and the
//! person's decisions do to the session. Each changes the session and returns effects; none
//! sees a layer (what a layer should hear is posted as a `LayerEvent`).

pub mod actions;
pub mod answer;
pub mod attention;
pub mod health;
pub mod mcp;
pub mod notices;
pub mod outbox;
pub mod quit_ladder;
pub mod responses;
pub mod restart;
pub mod server_events;
pub mod skills;
pub mod theme;
pub mod threads;
pub mod turn_settings;
