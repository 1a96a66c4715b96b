//! The one event loop, the terminal, and the effects that touch the world.

pub mod editor;
pub mod event_loop;
pub mod frames;
pub mod git;
pub mod history_file;
pub mod hyperlinks;
pub mod rules_file;
pub mod terminal;

pub use event_loop::{run_session, SessionOutcome};
