//! `thread/revert` and its notification: a paginated thread's history cut back to before one
//! turn (`/work/schema/ts-0.171/v2/ThreadRevert*.ts`). The server does not touch the files.

use super::items::Thread;
use serde::{Deserialize, Serialize};

pub(crate) const THREAD_REVERT: &str = "thread/revert";

/// `thread/revert`: drops `before_turn_id` and every later turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadRevertParams {
    pub thread_id: String,
    pub before_turn_id: String,
}

/// The thread as it is now (`turns` always empty) and where to page what is left from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadRevertResponse {
    pub thread: Thread,
    #[serde(default)]
    pub turns_backwards_cursor: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_revert_is_spelled_as_the_schema() {
        let params = ThreadRevertParams {
            thread_id: "t".into(),
            before_turn_id: "u".into(),
        };
        assert_eq!(
            serde_json::to_value(params).unwrap(),
            json!({"threadId": "t", "beforeTurnId": "u"})
        );
        let answer: ThreadRevertResponse = serde_json::from_value(json!({
            "thread": {"id": "t", "turns": []}, "turnsBackwardsCursor": "c",
            "itemsBackwardsCursor": "i"}))
        .unwrap();
        assert_eq!(answer.turns_backwards_cursor.as_deref(), Some("c"));
    }
}
