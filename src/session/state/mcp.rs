//! What tern knows of the MCP servers: the latest `mcpServerStatus/list` (each server's state,
//! tools, sign-in status), each server's startup as `mcpServer/startupStatus/updated` reports
//! it, and the sign-ins under way. Data only: `session::mcp` keeps it current.

use crate::protocol::McpServerStatus;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpState {
    /// The servers as last listed, in the server's order.
    pub servers: Vec<McpServerStatus>,
    /// A list is being asked for (the pages so far are in `pages`).
    pub listing: bool,
    /// Pages of the list being asked for; they replace `servers` once the last one is in.
    pub pages: Vec<McpServerStatus>,
    /// The list has been asked for at least once.
    pub listed: bool,
    /// Pages asked for after the first, for this list.
    pub listed_pages: usize,
    /// Why the last list failed.
    pub error: Option<String>,
    /// Each server's startup, by name: the state (`starting`, `ready`, `failed`, `cancelled`)
    /// and the error that came with it.
    pub startup: BTreeMap<String, Startup>,
    /// Sign-ins asked for, by server name.
    pub logins: BTreeMap<String, Login>,
    /// A reload of the MCP config is under way.
    pub reloading: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Startup {
    pub status: String,
    pub error: Option<String>,
}

/// Where a sign-in to an MCP server stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Login {
    /// Asked; the URL has not come yet.
    Asked,
    /// Open this URL in a browser to sign in.
    Open {
        url: String,
    },
    Done,
    Failed(String),
}
