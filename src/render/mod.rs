//! Text layout: markdown, highlighting and wrapping into ratatui lines. No IO.

pub(crate) mod agent_cells;
pub(crate) mod ansi;
pub(crate) mod auto_review;
pub(crate) mod big_code;
pub(crate) mod cells;
pub mod diff;
pub(crate) mod editor_layout;
pub(crate) mod fit;
pub mod highlight;
pub(crate) mod image_preview;
pub(crate) mod item_cells;
pub(crate) mod lazy_code;
pub(crate) mod markdown;
#[cfg(test)]
mod markdown_cases;
pub(crate) mod message;
pub(crate) mod message_lead;
pub(crate) mod numbers;
pub(crate) mod permissions;
pub(crate) mod prefix;
pub(crate) mod question;
pub(crate) mod question_summary;
pub(crate) mod restyle;
pub(crate) mod resume_hint;
pub(crate) mod review_ask;
pub(crate) mod row_marks;
pub(crate) mod speech;
pub(crate) mod speech_diff;
pub(crate) mod speech_glyphs;
pub(crate) mod speech_table;
pub(crate) mod table;
pub(crate) mod table_stream;
pub(crate) mod text_chunks;
pub(crate) mod wrap;

pub use cells::{cell_lines, layout_cell};
pub use highlight::Theme;
