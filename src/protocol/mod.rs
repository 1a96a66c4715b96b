//! Wire types for the subset of the Codex app-server v2 protocol tern speaks.
//!
//! Names and spellings follow the schema that `codex app-server generate-ts` prints for the pinned
//! codex (0.171.0; 0.169.0 still tested). Every struct tolerates unknown fields and most fields are optional, because the
//! server adds fields between releases and tern must keep working when it does.

pub(crate) mod account;
pub(crate) mod agents;
pub(crate) mod auto_review;
pub(crate) mod composer;
pub(crate) mod config_read;
pub(crate) mod config_write;
pub(crate) mod dynamic_tools;
pub(crate) mod fs;
pub(crate) mod goals;
pub(crate) mod hooks;
pub(crate) mod inject_items;
pub(crate) mod item_kinds;
pub(crate) mod item_progress;
pub(crate) mod items;
pub(crate) mod jsonrpc;
pub(crate) mod mcp;
pub(crate) mod moderation;
pub(crate) mod notifications;
pub(crate) mod plan_mode;
pub(crate) mod requests;
pub(crate) mod review;
pub(crate) mod rewind;
pub(crate) mod server_requests;
pub(crate) mod session;
pub(crate) mod skills;
pub(crate) mod terminals;
pub(crate) mod thread_read;
pub(crate) mod thread_settings;
pub(crate) mod threads;

pub use account::*;
pub use agents::*;
pub use auto_review::AutoReviewNotification;
pub use composer::*;
pub use config_read::*;
pub use config_write::*;
pub(crate) use dynamic_tools::{DynamicToolCallParams, ThreadStartParams};
pub(crate) use fs::FS_GET_METADATA;
pub(crate) use goals::*;
pub use hooks::*;
pub(crate) use inject_items::THREAD_INJECT_ITEMS;
pub use inject_items::{EvidenceTurnParams, ThreadInjectItemsParams, TurnToolOutput};
pub use item_kinds::*;
pub use item_progress::*;
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
