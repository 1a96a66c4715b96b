//! Requests the server sends to tern: approvals, permission requests, questions for the person
//! and MCP elicitations. Anything else is answered with an error so the server never waits on a
//! question tern cannot show.

use super::items::CommandAction;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandApprovalParams {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    /// `command`, `writeStdin`, or `humanCommand`: one only a person may answer, and only once.
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub approval_id: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub command_actions: Option<Vec<CommandAction>>,
    #[serde(default)]
    pub proposed_execpolicy_amendment: Option<Vec<String>>,
    /// Experimental in the schema: present because tern initializes with `experimentalApi`.
    #[serde(default)]
    pub available_decisions: Option<Vec<Value>>,
    #[serde(default)]
    pub network_approval_context: Option<NetworkApprovalContext>,
    #[serde(default)]
    pub proposed_network_policy_amendments: Option<Vec<NetworkPolicyAmendment>>,
    /// Extra permissions the command asks for (network, file system), shown as they come.
    #[serde(default)]
    pub additional_permissions: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetworkApprovalContext {
    pub host: String,
    /// "http" | "https" | "socks5Tcp" | "socks5Udp".
    #[serde(default)]
    pub protocol: String,
}

/// Inner keys are spelled as the schema does (`host`, `action`: "allow" | "deny").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetworkPolicyAmendment {
    pub host: String,
    pub action: String,
}

/// `item/permissions/requestApproval`. `permissions` is kept as sent, so that granting it
/// returns exactly what was asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PermissionsApprovalParams {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub permissions: Value,
}

/// `item/tool/requestUserInput` (experimental).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserInputParams {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    pub questions: Vec<UserInputQuestion>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserInputQuestion {
    pub id: String,
    #[serde(default)]
    pub header: String,
    #[serde(default)]
    pub question: String,
    /// The person may answer in their own words.
    #[serde(default)]
    pub is_other: bool,
    /// The answer is masked on screen.
    #[serde(default)]
    pub is_secret: bool,
    #[serde(default)]
    pub options: Option<Vec<UserInputOption>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserInputOption {
    pub label: String,
    #[serde(default)]
    pub description: String,
}

/// `mcpServer/elicitation/request`: an MCP server asks for approval of a tool call (marked in
/// `_meta`), for a form, or to open a URL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ElicitationParams {
    pub thread_id: String,
    #[serde(default)]
    pub turn_id: Option<String>,
    #[serde(default)]
    pub server_name: String,
    /// "form" | "url" | "openai/form" | …
    #[serde(default)]
    pub mode: String,
    #[serde(default, rename = "_meta")]
    pub meta: Option<Value>,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub requested_schema: Option<Value>,
    #[serde(default)]
    pub url: Option<String>,
}

impl ElicitationParams {
    /// A tool-call approval rather than a real form.
    pub(crate) fn is_tool_approval(&self) -> bool {
        self.meta
            .as_ref()
            .and_then(|m| m.get("codex_approval_kind"))
            .and_then(Value::as_str)
            == Some("mcp_tool_call")
    }

    /// The persistence scopes the server accepts for a tool approval (`session`, `always`).
    pub(crate) fn persist_options(&self) -> Vec<String> {
        self.meta
            .as_ref()
            .and_then(|m| m.get("persist"))
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileChangeApprovalParams {
    pub thread_id: String,
    pub turn_id: String,
    pub item_id: String,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub grant_root: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ServerRequest {
    CommandApproval(CommandApprovalParams),
    FileChangeApproval(FileChangeApprovalParams),
    Permissions(PermissionsApprovalParams),
    UserInput(UserInputParams),
    Elicitation(ElicitationParams),
    /// `item/tool/call`: the model called one of tern's client tools.
    ToolCall(super::DynamicToolCallParams),
    /// A request tern cannot answer; it gets a JSON-RPC error naming the method.
    Unsupported(String),
}

impl ServerRequest {
    /// Reads a request by its method name, from the line's raw params (or a `Value` in tests).
    pub fn from_parts(
        method: &str,
        params: impl super::jsonrpc::Params,
    ) -> Result<Self, serde_json::Error> {
        Ok(match method {
            "item/commandExecution/requestApproval" => {
                ServerRequest::CommandApproval(params.decode()?)
            }
            "item/fileChange/requestApproval" => {
                ServerRequest::FileChangeApproval(params.decode()?)
            }
            "item/permissions/requestApproval" => ServerRequest::Permissions(params.decode()?),
            "item/tool/requestUserInput" => ServerRequest::UserInput(params.decode()?),
            "mcpServer/elicitation/request" => ServerRequest::Elicitation(params.decode()?),
            super::dynamic_tools::ITEM_TOOL_CALL => ServerRequest::ToolCall(params.decode()?),
            other => ServerRequest::Unsupported(other.to_string()),
        })
    }
}

/// `CommandExecutionApprovalDecision` / `FileChangeApprovalDecision`, spelled as the schema does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Accept,
    AcceptForSession,
    AcceptWithExecpolicyAmendment(Vec<String>),
    Decline,
    Cancel,
    /// A decision this tern does not know (e.g. a network policy amendment), echoed back verbatim.
    Other(Value),
}

impl Decision {
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Decision::Accept => json!("accept"),
            Decision::AcceptForSession => json!("acceptForSession"),
            Decision::AcceptWithExecpolicyAmendment(prefix) => {
                json!({"acceptWithExecpolicyAmendment": {"execpolicy_amendment": prefix}})
            }
            Decision::Decline => json!("decline"),
            Decision::Cancel => json!("cancel"),
            Decision::Other(v) => v.clone(),
        }
    }

    pub fn from_value(value: &Value) -> Decision {
        match value {
            Value::String(s) => match s.as_str() {
                "accept" => Decision::Accept,
                "acceptForSession" => Decision::AcceptForSession,
                "decline" => Decision::Decline,
                "cancel" => Decision::Cancel,
                _ => Decision::Other(value.clone()),
            },
            Value::Object(map) => match map
                .get("acceptWithExecpolicyAmendment")
                .and_then(|v| v.get("execpolicy_amendment"))
                .and_then(|v| serde_json::from_value::<Vec<String>>(v.clone()).ok())
            {
                Some(prefix) => Decision::AcceptWithExecpolicyAmendment(prefix),
                None => Decision::Other(value.clone()),
            },
            _ => Decision::Other(value.clone()),
        }
    }

    pub(crate) fn is_accept(&self) -> bool {
        matches!(
            self,
            Decision::Accept
                | Decision::AcceptForSession
                | Decision::AcceptWithExecpolicyAmendment(_)
        )
    }

    /// The result object of an approval response.
    pub fn response(&self) -> Value {
        json!({ "decision": self.to_value() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_round_trip_in_schema_spelling() {
        for raw in [
            json!("accept"),
            json!("acceptForSession"),
            json!({"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}}),
            json!("decline"),
            json!("cancel"),
            json!({"applyNetworkPolicyAmendment": {"network_policy_amendment": {"host": "x"}}}),
        ] {
            assert_eq!(Decision::from_value(&raw).to_value(), raw);
        }
        assert_eq!(
            Decision::from_value(
                &json!({"acceptWithExecpolicyAmendment": {"execpolicy_amendment": ["git", "status"]}})
            ),
            Decision::AcceptWithExecpolicyAmendment(vec!["git".into(), "status".into()])
        );
    }
}
