//! The markdown dialect tern reads, in a file of its own: the block splitter, its tails and
//! the renderer all parse with it, and none of them should need another to learn it.

use pulldown_cmark::Options;

/// The markdown dialect tern reads, shared by the block splitter and the renderer.
pub const MARKDOWN_OPTIONS: Options = Options::ENABLE_TABLES
    .union(Options::ENABLE_STRIKETHROUGH)
    .union(Options::ENABLE_TASKLISTS);
