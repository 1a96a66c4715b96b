//! `config/value/write`: one setting written into codex's own config file (the user's
//! `config.toml` unless `filePath` names another). tern writes only what the person chose with
//! a key (a folder trusted); the server keeps the rest of the file as it is.

use serde::{Deserialize, Serialize};

pub(crate) const CONFIG_VALUE_WRITE: &str = "config/value/write";

/// `config/value/write {keyPath, value, mergeStrategy}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigValueWriteParams {
    /// A TOML dotted key: each dot starts a table, so a part with a dot in it (a path) is
    /// quoted (see [`quoted_key`]).
    pub key_path: String,
    pub value: serde_json::Value,
    /// `replace` or `upsert`.
    pub merge_strategy: String,
}

/// `text` as one part of a TOML dotted key: a basic string, so the dots, spaces and quotes of a
/// path stay inside it. Unquoted, `/p/a.b` would be three tables (`/p/a`, `b`, …) and codex
/// would answer `ok` having written somewhere else.
pub(crate) fn quoted_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_one_quoted_key_part() {
        assert_eq!(quoted_key("/w/repo.x"), "\"/w/repo.x\"");
        assert_eq!(quoted_key("/w/a\"b\\c"), "\"/w/a\\\"b\\\\c\"");
        assert_eq!(quoted_key("/w/\u{1b}x"), "\"/w/\\u001Bx\"");
    }

    #[test]
    fn the_params_are_spelled_as_the_schema_says() {
        let params = ConfigValueWriteParams {
            key_path: "projects.\"/w\".trust_level".into(),
            value: "trusted".into(),
            merge_strategy: "replace".into(),
        };
        assert_eq!(
            serde_json::to_value(params).unwrap(),
            serde_json::json!({"keyPath": "projects.\"/w\".trust_level", "value": "trusted",
                "mergeStrategy": "replace"})
        );
    }
}
