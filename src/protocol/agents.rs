//! Sub-agents: the `collabAgentToolCall` and `subAgentActivity` items a parent thread shows when
//! its model spawns, waits for, messages or closes child threads, and `thread/read`, which names
//! a child (`agentNickname`, `agentRole`; its types are in `thread_read`). Spelled as `generate-ts --experimental` prints them for
//! codex 0.171 (`v2/CollabAgent*.ts`, `v2/SubAgentActivityKind.ts`).

use serde::{Deserialize, Serialize};

/// The `sourceKinds` value of threads spawned by a parent's model (`thread/list`).
pub(crate) const SOURCE_SUB_AGENT_SPAWN: &str = "subAgentThreadSpawn";

/// What a `collabAgentToolCall` did. `wait` (not `waitAgent`) is the v1 `wait_agent` tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CollabAgentTool {
    SpawnAgent,
    SendInput,
    ResumeAgent,
    Wait,
    CloseAgent,
    SendMessage,
    FollowupTask,
    InterruptAgent,
    ListAgents,
    /// A tool of a newer codex.
    #[serde(other)]
    Other,
}

/// The tool call's own progress (`CollabAgentToolCallStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CollabCallStatus {
    InProgress,
    Completed,
    Failed,
    Interrupted,
    #[serde(other)]
    Other,
}

/// Where an agent stands (`CollabAgentStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CollabAgentStatus {
    PendingInit,
    Running,
    Interrupted,
    Completed,
    Errored,
    Shutdown,
    NotFound,
    #[serde(other)]
    Other,
}

/// One agent's state as a collab item reports it: for `wait`, the agent's result; for
/// `sendInput` and `closeAgent`, the state *before* the action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollabAgentState {
    pub status: CollabAgentStatus,
    #[serde(default)]
    pub message: Option<String>,
}

/// What a v2 `subAgentActivity` item says happened to an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SubAgentActivityKind {
    Started,
    Interacted,
    Interrupted,
    Completed,
    #[serde(other)]
    Other,
}

#[cfg(test)]
mod tests {
    use super::super::ThreadItem;
    use super::*;
    use serde_json::json;

    #[test]
    fn a_recorded_spawn_and_wait_parse() {
        let spawn: ThreadItem = serde_json::from_value(json!({
            "type": "collabAgentToolCall", "id": "call_0", "tool": "spawnAgent",
            "status": "completed", "senderThreadId": "P", "receiverThreadIds": ["C"],
            "prompt": "child task", "model": "mock-model", "reasoningEffort": "medium",
            "agentsStates": {"C": {"status": "pendingInit", "message": null}},
            "startedAtMs": 1, "completedAtMs": 2
        }))
        .unwrap();
        let ThreadItem::CollabAgentToolCall {
            tool,
            receiver_thread_ids,
            agents_states,
            ..
        } = spawn
        else {
            panic!("{spawn:?}")
        };
        assert_eq!(tool, CollabAgentTool::SpawnAgent);
        assert_eq!(receiver_thread_ids, ["C"]);
        assert_eq!(agents_states["C"].status, CollabAgentStatus::PendingInit);
        let v2: ThreadItem = serde_json::from_value(json!({
            "type": "subAgentActivity", "id": "call_0", "kind": "started",
            "agentThreadId": "C", "agentPath": "/root/kid_task", "model": "m",
            "reasoningEffort": null
        }))
        .unwrap();
        assert!(matches!(
            v2,
            ThreadItem::SubAgentActivity {
                kind: SubAgentActivityKind::Started,
                ..
            }
        ));
        let newer: ThreadItem = serde_json::from_value(json!({
            "type": "collabAgentToolCall", "id": "x", "tool": "somethingNew",
            "status": "weird", "senderThreadId": "P", "receiverThreadIds": [],
            "agentsStates": {"C": {"status": "hibernating", "message": "zzz"}}
        }))
        .unwrap();
        assert!(matches!(
            newer,
            ThreadItem::CollabAgentToolCall {
                tool: CollabAgentTool::Other,
                status: CollabCallStatus::Other,
                ..
            }
        ));
    }
}
