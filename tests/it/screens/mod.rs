//! Whole screens drawn on ratatui's `TestBackend`: insta snapshots (each file's under
//! `snapshots/<file>/`) and properties over everything the screen and the farewell show.

mod agent_screens;
mod approval_promise;
mod auto_review;
mod cells;
mod conversation;
mod copy_mode;
mod diffs;
mod fit;
mod folder_trust;
mod hooks;
mod image_previews;
mod inbox;
mod item_cells;
mod lazy_highlight;
mod mcp_skills;
mod picker;
mod plan_mode;
mod properties;
mod reconnect;
mod replayed_threads;
mod review_findings;
mod review_tool;
mod screen_reader;
mod server_bounds;
mod server_prompts;
mod side;
mod sign_in;
mod themes;
mod unicode_text;
mod vim_border;
