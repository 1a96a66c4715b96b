//! Whole screens drawn on ratatui's `TestBackend`: insta snapshots (each file's under
//! `snapshots/<file>/`) and properties over everything the screen and the farewell show.

mod cells;
mod conversation;
mod diffs;
mod mcp_skills;
mod picker;
mod properties;
mod server_prompts;
mod themes;
mod vim_border;
