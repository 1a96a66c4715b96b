//! What the composer sends besides a new turn: a steer into the running turn, and the file
//! search behind @-mentions.

use super::items::UserInput;
use serde::{Deserialize, Serialize};

pub(crate) const TURN_STEER: &str = "turn/steer";
pub(crate) const FUZZY_FILE_SEARCH: &str = "fuzzyFileSearch";

/// `turn/steer`: adds input to the running turn. The server refuses it when `expected_turn_id`
/// is not the active turn (`-32600`, "no active turn to steer" / "expected active turn id …").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnSteerParams {
    pub thread_id: String,
    pub input: Vec<UserInput>,
    pub expected_turn_id: String,
}

/// `fuzzyFileSearch`. `cancellation_token` must be present (null is accepted); a later request
/// with the same token cancels the earlier one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FuzzyFileSearchParams {
    pub query: String,
    pub roots: Vec<String>,
    pub cancellation_token: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FuzzyFileSearchResponse {
    #[serde(default)]
    pub files: Vec<FuzzyFileMatch>,
}

/// One match; the server spells these fields in snake_case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FuzzyFileMatch {
    #[serde(default)]
    pub root: String,
    /// Relative to `root`.
    pub path: String,
    /// "file" or "directory".
    #[serde(default)]
    pub match_type: Option<String>,
    #[serde(default)]
    pub file_name: Option<String>,
    #[serde(default)]
    pub score: Option<i64>,
    /// Char positions into `path`.
    #[serde(default)]
    pub indices: Option<Vec<usize>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn steer_and_search_params_are_spelled_as_the_server_wants() {
        let steer = TurnSteerParams {
            thread_id: "t".into(),
            input: vec![UserInput::text("go")],
            expected_turn_id: "u".into(),
        };
        assert_eq!(
            serde_json::to_value(&steer).unwrap(),
            json!({"threadId": "t", "input": [{"type": "text", "text": "go", "text_elements": []}], "expectedTurnId": "u"})
        );
        let search = FuzzyFileSearchParams {
            query: "mod".into(),
            roots: vec!["/w".into()],
            cancellation_token: None,
        };
        assert_eq!(
            serde_json::to_value(&search).unwrap(),
            json!({"query": "mod", "roots": ["/w"], "cancellationToken": null})
        );
        // Recorded from codex 0.169.0 (protocol-notes 4.1).
        let answer: FuzzyFileSearchResponse = serde_json::from_value(json!({"files": [{"root": "/home/user/proj/ws", "path": "src/deep/mod_fuzzy.rs", "match_type": "file", "file_name": "mod_fuzzy.rs", "score": 65620, "indices": [9, 10, 11]}]})).unwrap();
        assert_eq!(answer.files[0].path, "src/deep/mod_fuzzy.rs");
        assert_eq!(answer.files[0].indices.as_deref(), Some(&[9, 10, 11][..]));
    }
}
