//! The agent asks for a review (`request_review`, tern's client tool; issue 36): the call as a
//! question. `r` opens the turn's changes as a review whose submit answers the call with the
//! person's decisions and comments; `n` or Esc dismisses it, and the model hears so
//! (`success: false`, with the reason).

use crate::protocol::DynamicToolCallParams;
use serde_json::Value;

/// The client tool's name, as the model sees it.
pub(crate) const REQUEST_REVIEW: &str = "request_review";

/// What the model said when it asked: its question, and the files it wants reviewed (empty:
/// every file the turn changed). Both as the model wrote them: shown only through the
/// sanitiser.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewAsk {
    pub params: DynamicToolCallParams,
    pub question: String,
    pub files: Vec<String>,
}

impl ReviewAsk {
    /// The call's arguments read leniently: a missing question is an empty one, and `files`
    /// keeps only its strings.
    pub(crate) fn of(params: DynamicToolCallParams) -> ReviewAsk {
        let args = &params.arguments;
        let question = args["question"].as_str().unwrap_or_default().to_string();
        let files = args["files"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        ReviewAsk {
            params,
            question,
            files,
        }
    }
}

/// What a dismissed review answers: the call failed, and why.
pub(crate) const DISMISSED: &str =
    "The person dismissed the review without answering it; no hunk was kept or reverted by them.";
