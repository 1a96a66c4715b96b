//! Where codex's own settings came from, for the doctor's report (`/doctor` and `tern
//! doctor`): the few that decide how a session talks to its model (`model`, `model_provider`,
//! `openai_base_url`, …) with their value and the layer that set them, as `config/read`
//! reports them.

use crate::protocol::ConfigReadResponse;
use crate::session::state::first_run::DoctorSection;

/// The settings named, most telling first.
const SETTINGS: &[&str] = &[
    "model",
    "model_provider",
    "openai_base_url",
    "model_reasoning_effort",
    "approval_policy",
    "sandbox_mode",
    "profile",
];

/// The longest value shown: a base URL or a model name, not a document.
const VALUE_CHARS: usize = 200;

/// The section, unsanitised (the doctor's view sanitises what it draws and redacts secrets).
pub(crate) fn section(answer: &Result<ConfigReadResponse, String>) -> DoctorSection {
    let answer = match answer {
        Ok(answer) => answer,
        Err(why) => {
            return DoctorSection {
                title: "codex's settings".into(),
                rows: vec![("not read".into(), why.clone())],
            }
        }
    };
    // Only what is set: the rest is codex's own default, said once.
    let mut rows: Vec<(String, String)> = SETTINGS
        .iter()
        .filter_map(|&key| {
            let value = answer.setting(key).map(|text| bounded(&text));
            let from = answer.origins.get(key).map(|origin| origin.name.describe());
            let said = match (value, from) {
                (None, None) => return None,
                (Some(value), None) => format!("{value} · default"),
                (value, Some(from)) => format!(
                    "{} · {}",
                    value.unwrap_or_else(|| "(unset)".into()),
                    bounded(&from)
                ),
            };
            Some((key.to_string(), said))
        })
        .collect();
    let unset: Vec<&str> = SETTINGS
        .iter()
        .copied()
        .filter(|key| !rows.iter().any(|(k, _)| k == key))
        .collect();
    if !unset.is_empty() {
        rows.push(("codex's defaults".into(), unset.join(", ")));
    }
    DoctorSection {
        title: "codex's settings".into(),
        rows,
    }
}

fn bounded(text: &str) -> String {
    match text.char_indices().nth(VALUE_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_says_its_value_and_where_it_came_from() {
        let answer: ConfigReadResponse = serde_json::from_value(serde_json::json!({
            "config": {"model": "gpt-x", "openai_base_url": "http://127.0.0.1:9/v1",
                       "sandbox_mode": "read-only", "approval_policy": {"granular": {}}},
            "origins": {
                "model": {"name": {"type": "user", "file": "/h/.codex/config.toml"}, "version": "1"},
                "openai_base_url": {"name": {"type": "user", "file": "/h/.codex/config.toml"}, "version": "1"},
                "sandbox_mode": {"name": {"type": "sessionFlags"}, "version": "1"}
            }
        }))
        .unwrap();
        let rows = section(&Ok(answer)).rows;
        let row = |key: &str| rows.iter().find(|(k, _)| k == key).unwrap().1.clone();
        assert_eq!(
            row("model"),
            "\"gpt-x\" · user config (/h/.codex/config.toml)"
        );
        assert_eq!(row("sandbox_mode"), "\"read-only\" · this session's flags");
        assert!(!rows.iter().any(|(k, _)| k == "model_provider"));
        assert_eq!(
            row("codex's defaults"),
            "model_provider, model_reasoning_effort, profile"
        );
        assert_eq!(row("approval_policy"), "{\"granular\":{}} · default");
        let long = "x".repeat(5000);
        let answer: ConfigReadResponse =
            serde_json::from_value(serde_json::json!({"config": {"model": long}})).unwrap();
        assert!(section(&Ok(answer)).rows[0].1.chars().count() < 300);
        let refused = section(&Err("config/read failed: broken".into()));
        assert_eq!(refused.rows[0].0, "not read");
    }
}
