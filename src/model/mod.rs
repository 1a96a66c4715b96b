//! What happened in the conversation, reduced from server notifications. No IO.

pub mod cell;
pub mod markdown_text;
pub mod transcript;

pub use cell::{Cell, CellKind, CommandCell, Laid, LayoutKey, NoticeLevel, TurnTokens};
pub use markdown_text::{MarkdownText, MARKDOWN_OPTIONS};
pub use transcript::Transcript;
