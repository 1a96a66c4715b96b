//! `config/read`'s `origins`: for each setting, the layer it came from (the user's
//! config.toml, a project's `.codex/`, the system file, a managed layer, the session's
//! flags…). The doctor reads them to say where codex's settings came from
//! (`v2/ConfigReadResponse.ts`, `v2/ConfigLayerSource.ts`); the request and answer types are
//! with Plan mode's (`plan_mode.rs`), which reads `show_raw_agent_reasoning` from the same
//! answer.

use super::ConfigReadResponse;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigLayerMetadata {
    pub name: ConfigLayerSource,
}

/// Where a layer comes from. Every variant's fields are read leniently: a kind this tern does
/// not know is still named by its `type`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigLayerSource {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub file: Option<String>,
    #[serde(default)]
    pub profile: Option<String>,
    #[serde(default)]
    pub dot_codex_folder: Option<String>,
    /// An enterprise-managed layer's admin-facing name.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub domain: Option<String>,
}

impl ConfigReadResponse {
    /// A top-level setting as text: a string quoted, anything else as JSON; `None` when codex
    /// has no value for it.
    pub(crate) fn setting(&self, key: &str) -> Option<String> {
        match self.config.get(key)? {
            serde_json::Value::Null => None,
            serde_json::Value::String(text) => Some(format!("\"{text}\"")),
            other => Some(other.to_string()),
        }
    }
}

impl ConfigLayerSource {
    /// The layer in words: `the user's config.toml (/h/.codex/config.toml)`. Unsanitised: the
    /// paths and names are the server's.
    pub(crate) fn describe(&self) -> String {
        let at = |what: &str, path: &Option<String>| match path {
            Some(path) => format!("{what} ({path})"),
            None => what.to_string(),
        };
        match self.kind.as_str() {
            "user" => match &self.profile {
                Some(profile) => format!("{}, profile {profile}", at("user config", &self.file)),
                None => at("user config", &self.file),
            },
            "project" => at("project config", &self.dot_codex_folder),
            "system" => at("system config", &self.file),
            "packagedDefaults" => at("codex's packaged defaults", &self.file),
            "sessionFlags" => "this session's flags".to_string(),
            "enterpriseManaged" => at("managed by your organisation", &self.name),
            "mdm" => at("device management", &self.domain),
            "legacyManagedConfigTomlFromFile" => at("managed config", &self.file),
            "legacyManagedConfigTomlFromMdm" => "managed config (device management)".to_string(),
            other => format!("a `{other}` layer"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_read_every_layer_kind_and_an_unknown_one() {
        let answer: ConfigReadResponse = serde_json::from_value(serde_json::json!({
            "config": {"model": "m"},
            "origins": {
                "model": {"name": {"type": "user", "file": "/h/.codex/config.toml", "profile": null}, "version": "1"},
                "sandbox_mode": {"name": {"type": "project", "dotCodexFolder": "/p/.codex"}, "version": "1"},
                "x": {"name": {"type": "somethingNew", "extra": 1}, "version": "1"}
            },
            "layers": null
        }))
        .unwrap();
        let said = |key: &str| answer.origins[key].name.describe();
        assert_eq!(said("model"), "user config (/h/.codex/config.toml)");
        assert_eq!(said("sandbox_mode"), "project config (/p/.codex)");
        assert_eq!(said("x"), "a `somethingNew` layer");
    }
}
