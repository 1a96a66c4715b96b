//! Text layout: markdown, highlighting and wrapping into ratatui lines. No IO.

pub mod agent_cells;
pub mod ansi;
pub mod big_code;
pub mod cells;
pub mod diff;
pub mod editor_layout;
pub mod fit;
pub mod highlight;
pub mod image_preview;
pub mod item_cells;
pub mod lazy_code;
pub mod markdown;
#[cfg(test)]
mod markdown_cases;
pub mod message;
pub mod message_lead;
pub mod numbers;
pub mod permissions;
pub mod prefix;
pub mod question;
pub mod restyle;
pub mod resume_hint;
pub mod table;
pub mod table_stream;
pub mod text_chunks;
pub mod wrap;

pub use ansi::ansi_lines;
pub use cells::{cell_lines, layout_cell};
pub use highlight::Theme;
