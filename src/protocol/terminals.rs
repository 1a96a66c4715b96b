//! Work beside the conversation: the thread's background terminals
//! (`thread/backgroundTerminals/list|terminate|clean`, experimental: they need `experimentalApi`
//! in `initialize`) and the person's own `!` shell commands (`thread/shellCommand`, which runs
//! unsandboxed with full access). Spelled as `generate-ts --experimental` prints them for codex
//! 0.171 (`v2/ThreadBackgroundTerminal*.ts`, `v2/ThreadShellCommand*.ts`).

use serde::{Deserialize, Serialize};

pub(crate) const BACKGROUND_TERMINALS_LIST: &str = "thread/backgroundTerminals/list";
pub(crate) const BACKGROUND_TERMINALS_TERMINATE: &str = "thread/backgroundTerminals/terminate";
pub(crate) const BACKGROUND_TERMINALS_CLEAN: &str = "thread/backgroundTerminals/clean";
pub(crate) const THREAD_SHELL_COMMAND: &str = "thread/shellCommand";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackgroundTerminalsListParams {
    pub thread_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

/// One command still running after its tool call returned. There is no start time and no
/// output here: tern keeps those from the command's own item (`item/started`, output deltas).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackgroundTerminal {
    /// The `commandExecution` item that started it.
    pub item_id: String,
    /// The session id the model sees (not an OS pid); what `terminate` takes.
    pub process_id: String,
    /// The command as the model wrote it (no `/bin/bash -lc` around it).
    #[serde(default)]
    pub command: String,
    #[serde(default)]
    pub cwd: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackgroundTerminalsListResponse {
    #[serde(default)]
    pub data: Vec<BackgroundTerminal>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackgroundTerminalTerminateParams {
    pub thread_id: String,
    pub process_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BackgroundTerminalTerminateResponse {
    /// False when it had already ended.
    #[serde(default)]
    pub terminated: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadShellCommandParams {
    pub thread_id: String,
    /// Evaluated by the thread's shell, pipes and quoting included.
    pub command: String,
    /// Default (absent) one hour; 0 would time out at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn requests_are_spelled_as_the_schema() {
        let shell = ThreadShellCommandParams {
            thread_id: "T".into(),
            command: "echo hi".into(),
            timeout_ms: None,
        };
        assert_eq!(
            serde_json::to_value(shell).unwrap(),
            json!({"threadId": "T", "command": "echo hi"})
        );
        let stop = BackgroundTerminalTerminateParams {
            thread_id: "T".into(),
            process_id: "65173".into(),
        };
        assert_eq!(
            serde_json::to_value(stop).unwrap(),
            json!({"threadId": "T", "processId": "65173"})
        );
    }

    #[test]
    fn a_recorded_list_parses() {
        let list: BackgroundTerminalsListResponse = serde_json::from_value(json!({
            "data": [{"itemId": "call_bg2", "processId": "65173",
                      "command": "echo start-two; sleep 60; echo never", "cwd": "/tmp/rb/ws",
                      "osPid": null, "cpuPercent": null, "rssKb": null}],
            "nextCursor": null
        }))
        .unwrap();
        assert_eq!(list.data[0].process_id, "65173");
        assert_eq!(list.data[0].item_id, "call_bg2");
    }
}
