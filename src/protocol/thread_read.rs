//! `thread/read`: one thread by id, without resuming it (what names a sub-agent's child,
//! `agentNickname` and `agentRole`). Spelled as `generate-ts --experimental` prints it for codex
//! 0.171 (`v2/ThreadRead*.ts`).

use super::items::Thread;
use serde::{Deserialize, Serialize};

pub(crate) const THREAD_READ: &str = "thread/read";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadReadParams {
    pub thread_id: String,
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub include_turns: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreadReadResponse {
    pub thread: Thread,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn read_params_are_spelled_as_the_schema() {
        let params = ThreadReadParams {
            thread_id: "T".into(),
            include_turns: false,
        };
        assert_eq!(
            serde_json::to_value(params).unwrap(),
            json!({"threadId": "T"})
        );
    }
}
