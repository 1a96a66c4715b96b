//! `/recap`'s side turn answer, read from the agent message's text: the JSON object the output
//! schema tern sends asks for (`session::recap::recap_schema`).

use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecapAnswer {
    pub summary: String,
    /// Required, and may be null.
    #[serde(deserialize_with = "Option::deserialize")]
    pub next_action: Option<String>,
}

impl RecapAnswer {
    /// `None` when the text is not that object.
    pub(crate) fn from_message(text: &str) -> Option<RecapAnswer> {
        serde_json::from_str(text.trim()).ok()
    }
}
