//! The session's operations: what the server's messages, the runtime's answers and the
//! person's decisions do to the session. Each changes the session and returns effects; none
//! sees a layer (what a layer should hear is posted as a `LayerEvent`).
//!
//! The spine: `lifecycle` (connecting, opening a thread, ready, restarting; one
//! `adopt_thread`), `responses` (every answer, by one exhaustive match on the typed reply),
//! `server_events` (every notification routed by `threadId` to its thread's model, reduced by
//! `thread_events`) and `switch` (which thread is on screen).

pub mod account;
pub mod actions;
pub mod agent_switch;
pub mod agents;
pub mod answer;
pub mod attention;
pub mod auth_refusal;
pub mod config_warning;
pub mod export;
pub mod file_search;
pub mod first_run;
pub mod gate;
pub mod health;
pub mod image_upload;
pub mod images;
pub mod init;
pub mod item_notices;
pub mod join;
pub mod leftovers;
pub mod lifecycle;
pub mod mcp;
pub mod notices;
pub mod outbox;
pub mod plan_mode;
pub mod plans;
pub mod quit_ladder;
pub mod reconnect;
pub mod rejoin;
pub mod responses;
pub mod restart;
pub mod review;
pub mod rewind;
pub mod server_events;
pub mod shell;
pub mod skills;
pub mod switch;
pub mod terminals;
pub mod theme;
pub mod thread_events;
pub mod threads;
pub mod timers;
pub mod titles;
pub mod turn_mode;
pub mod turn_settings;
pub mod unseen;
