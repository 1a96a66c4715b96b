//! The one event loop, the terminal, and the effects that touch the world.

pub mod abort_restore;
pub mod atomic_file;
pub mod backend;
pub mod clipboard_image;
pub mod connect;
pub mod connect_backoff;
pub mod connect_redial;
pub mod crash;
pub mod editor;
pub mod effects;
pub mod event_loop;
pub mod farewell;
pub mod frames;
pub mod git;
pub mod git_refs;
pub mod graphics_query;
pub mod history_file;
pub mod hyperlinks;
pub mod image_preview;
pub mod image_probe;
pub mod image_read;
pub mod inbound;
pub mod input;
pub mod log_file;
pub mod private_file;
pub mod redact;
pub mod remote_rules;
pub mod replies;
pub mod restart;
pub mod restore;
pub mod rules_file;
pub mod server_process;
pub mod terminal;
pub mod turn_store;

pub use event_loop::{run_session, run_session_restartable, SessionOutcome};
