//! Helpers shared by every level, declared once here (the bench binary includes this folder too,
//! with `#[path]`).

pub mod account_fixtures;
pub mod agent_fixtures;
pub mod codex_env;
#[macro_use]
pub mod common;
pub mod e2e;
pub mod fake_server;
pub mod feedback_fixtures;
pub mod floods;
pub mod git_blob;
pub mod heavy;
pub mod mock_agents;
pub mod mock_model;
pub mod mock_plan;
pub mod patch_fixtures;
pub mod plan_fixtures;
pub mod pty;
pub mod recording_backend;
pub mod remote_servers;
pub mod slow_link;
pub mod styled;
pub mod thread_fixtures;
