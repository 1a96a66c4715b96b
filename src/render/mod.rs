//! Text layout: markdown, highlighting and wrapping into ratatui lines. No IO.

pub mod cells;
pub mod highlight;
pub mod markdown;
pub mod sanitize;
pub mod wrap;

pub use cells::cell_lines;
