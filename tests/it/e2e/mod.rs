//! End to end: the real `tern` binary in a pseudo-terminal driving the real `codex app-server`
//! (pinned; `TERN_CODEX_BIN`) against the mock Responses API (`support::mock_model`), each test
//! with its own CODEX_HOME, HOME and workspace (`support::codex_env`, `support::e2e`). Without
//! codex a test fails saying how to get it; `TERN_SKIP_E2E=1` skips them instead (`harness`).

mod agents;
mod archive;
mod auto_review;
mod codex;
mod commands;
mod config_view;
mod everyday;
mod evidence;
mod experimental_memories;
mod feedback;
mod folder;
mod git_review;
mod goal;
mod harness;
mod hooks;
mod hunk_review;
mod import;
mod inbox;
mod keymap;
mod marketplaces;
mod mcp_skills;
mod patch_stream;
mod plan_mode;
mod plugins;
mod quiet_model;
mod recap;
mod remote;
mod remote_revert;
mod restart;
mod review_tool;
mod rules;
mod screen_reader;
mod side;
mod sign_in;
mod slow_link;
mod steer;
mod threads;
mod trust;
mod worktree;
