//! MCP servers: `mcpServerStatus/list` (each server's state, tools and sign-in status),
//! `mcpServer/oauth/login`, `config/mcpServer/reload`, and the notifications that keep them
//! current (`mcpServer/startupStatus/updated`, `mcpServer/oauthLogin/completed`). Spelled as
//! the 0.171 schema's `v2/ListMcpServerStatus*.ts`, `v2/McpServer*.ts`. The states are kept
//! as strings: a value a later server adds is shown, not refused.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

pub(crate) const MCP_SERVER_STATUS_LIST: &str = "mcpServerStatus/list";
pub(crate) const MCP_SERVER_OAUTH_LOGIN: &str = "mcpServer/oauth/login";
pub(crate) const CONFIG_MCP_SERVER_RELOAD: &str = "config/mcpServer/reload";

/// `mcpServerStatus/list`. With `thread_id` the server answers from that thread's running MCP
/// connections (and says how each is doing, `runtimeStatus`); without, it starts every server
/// afresh to ask it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListMcpServerStatusParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    /// `full` or `toolsAndAuthOnly`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListMcpServerStatusResponse {
    #[serde(default)]
    pub data: Vec<McpServerStatus>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerStatus {
    pub name: String,
    /// `notStarted`, `starting`, `connected`, `authenticationRequired`, `failed`, `cancelled`,
    /// `disabled`; null when the server does not know (no thread, or the config changed).
    #[serde(default)]
    pub runtime_status: Option<String>,
    #[serde(default)]
    pub server_info: Option<McpServerInfo>,
    /// By tool name.
    #[serde(default)]
    pub tools: BTreeMap<String, McpTool>,
    /// Why no tools could be listed.
    #[serde(default)]
    pub tools_error: Option<String>,
    /// `unknown`, `unsupported`, `notLoggedIn`, `bearerToken`, `oAuth`.
    #[serde(default)]
    pub auth_status: Option<String>,
    /// The endpoint of an HTTP server (scheme, host and port only).
    #[serde(default)]
    pub http_origin: Option<String>,
    /// How many resources and resource templates it offers (only counted: `/mcp` shows the
    /// numbers, and a count costs nothing however many there are).
    #[serde(default, deserialize_with = "count", skip_serializing)]
    pub resources: usize,
    #[serde(default, deserialize_with = "count", skip_serializing)]
    pub resource_templates: usize,
}

/// The length of a list, null or missing meaning none; its items are skipped unread.
fn count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let items: Option<Vec<serde::de::IgnoredAny>> = Option::deserialize(d)?;
    Ok(items.map_or(0, |items| items.len()))
}

/// What an MCP server says about itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerInfo {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
}

/// An MCP tool (the MCP `Tool`): only what tern shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpTool {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// `readOnlyHint` and the like.
    #[serde(default)]
    pub annotations: Option<Value>,
}

impl McpTool {
    /// Whether the tool says it only reads (`annotations.readOnlyHint`).
    pub(crate) fn read_only(&self) -> bool {
        self.annotations
            .as_ref()
            .and_then(|a| a.get("readOnlyHint"))
            .and_then(Value::as_bool)
            .unwrap_or(false)
    }
}

/// `mcpServer/oauth/login`: the URL to open in a browser comes back; the outcome arrives later
/// as `mcpServer/oauthLogin/completed`. Only streamable HTTP servers sign in this way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerOauthLoginParams {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerOauthLoginResponse {
    #[serde(default)]
    pub authorization_url: String,
    #[serde(default)]
    pub login_id: Option<String>,
}

/// `mcpServer/startupStatus/updated`: a server of a thread starting, ready or failed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerStatusUpdatedNotification {
    #[serde(default)]
    pub thread_id: Option<String>,
    pub name: String,
    /// `starting`, `ready`, `failed`, `cancelled`.
    pub status: String,
    #[serde(default)]
    pub error: Option<String>,
    /// `reauthenticationRequired`.
    #[serde(default)]
    pub failure_reason: Option<String>,
}

/// `mcpServer/oauthLogin/completed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerOauthLoginCompletedNotification {
    pub name: String,
    #[serde(default)]
    pub thread_id: Option<String>,
    #[serde(default)]
    pub login_id: Option<String>,
    pub success: bool,
    #[serde(default)]
    pub error: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn params_are_spelled_as_the_schema() {
        let list = ListMcpServerStatusParams {
            cursor: None,
            detail: Some("toolsAndAuthOnly".into()),
            thread_id: Some("t".into()),
        };
        assert_eq!(
            serde_json::to_value(&list).unwrap(),
            json!({"detail": "toolsAndAuthOnly", "threadId": "t"})
        );
        let login = McpServerOauthLoginParams {
            name: "web".into(),
            thread_id: Some("t".into()),
        };
        assert_eq!(
            serde_json::to_value(&login).unwrap(),
            json!({"name": "web", "threadId": "t"})
        );
    }

    #[test]
    fn a_recorded_answer_reads() {
        // From the 0.171 recording (research b, s22-mcp).
        let answer = json!({"data":[{"name":"tiny","environmentId":null,"runtimeStatus":"connected","pluginId":null,"httpOrigin":null,
            "serverInfo":{"name":"tiny","title":"Tiny MCP","version":"0.1.0","description":null,"icons":null,"websiteUrl":null},
            "serverCapabilities":{"tools":{"listChanged":false}},"toolListMeta":null,
            "tools":{"echo":{"name":"echo","title":"Echo","description":"Echo the given text back","inputSchema":{},"annotations":{"readOnlyHint":true}},
                     "add":{"name":"add","description":"Add two numbers","inputSchema":{}}},
            "toolsError":null,"resources":[],"resourceTemplates":[],"authStatus":"unsupported"}],"nextCursor":null});
        let list: ListMcpServerStatusResponse = serde_json::from_value(answer).unwrap();
        let tiny = &list.data[0];
        assert_eq!(tiny.runtime_status.as_deref(), Some("connected"));
        assert_eq!(tiny.auth_status.as_deref(), Some("unsupported"));
        assert!(tiny.tools["echo"].read_only());
        assert!(!tiny.tools["add"].read_only());
        assert_eq!(
            tiny.server_info.as_ref().unwrap().title.as_deref(),
            Some("Tiny MCP")
        );
        assert_eq!((tiny.resources, tiny.resource_templates), (0, 0));
    }

    #[test]
    fn resources_are_counted_whatever_they_hold() {
        let server: McpServerStatus = serde_json::from_value(json!({
            "name": "docs",
            "resources": [{"uri": "a"}, 7, null, {"deep": [[[]]]}],
            "resourceTemplates": null,
        }))
        .unwrap();
        assert_eq!((server.resources, server.resource_templates), (4, 0));
    }
}
