//! Wire types for the subset of the Codex app-server v2 protocol tern speaks.
//!
//! Names and spellings follow the schema that `codex app-server generate-ts` prints for the pinned
//! codex (0.171.0; 0.169.0 still tested). Every struct tolerates unknown fields and most fields are optional, because the
//! server adds fields between releases and tern must keep working when it does.

pub mod account;
pub mod agents;
pub mod composer;
pub mod config_read;
pub mod fs;
pub mod item_kinds;
pub mod items;
pub mod jsonrpc;
pub mod mcp;
pub mod moderation;
pub mod notifications;
pub mod plan_mode;
pub mod requests;
pub mod review;
pub mod rewind;
pub mod server_requests;
pub mod session;
pub mod skills;
pub mod terminals;
pub mod thread_read;
pub mod thread_settings;
pub mod threads;

pub use account::*;
pub use agents::*;
pub use composer::*;
pub use config_read::*;
pub use item_kinds::*;
pub use items::*;
pub use jsonrpc::*;
pub use mcp::*;
pub use moderation::*;
pub use notifications::*;
pub use plan_mode::*;
pub use requests::*;
pub use review::*;
pub use rewind::*;
pub use server_requests::*;
pub use session::*;
pub use skills::*;
pub use terminals::*;
pub use thread_read::*;
pub use thread_settings::ThreadSettings;
pub use threads::*;
