//! What happened in the conversation, reduced from server notifications. No IO.

pub mod cell;
pub mod transcript;

pub use cell::{Cell, CellKind, CommandCell, NoticeLevel};
pub use transcript::Transcript;
