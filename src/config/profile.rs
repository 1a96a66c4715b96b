//! `--profile NAME`, as codex 0.171 reads it: `$CODEX_HOME/NAME.config.toml` layered on top of
//! the user's config. `codex app-server` takes no `--profile` (0.171 refuses it, and the legacy
//! `profile = "NAME"` key too), so tern reads the file and sends its settings as the thread's
//! config overrides, one dotted key per value so they layer rather than replace whole tables.

use serde_json::{Map, Value};
use std::path::Path;

/// The profile's settings as `config` overrides (`model_providers.mock.base_url` = …).
pub(crate) fn profile_overrides(
    codex_home: Option<&str>,
    name: &str,
) -> Result<Map<String, Value>, String> {
    if name.trim().is_empty() || name.contains('/') || name.starts_with('.') {
        return Err(format!("--profile {name:?}: not a profile name"));
    }
    let Some(home) = codex_home else {
        return Err("--profile: codex's home is unknown (set CODEX_HOME or HOME)".into());
    };
    let path = Path::new(home).join(format!("{name}.config.toml"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "--profile {name}: cannot read {} ({e}); codex profiles are NAME.config.toml files \
             in CODEX_HOME",
            path.display()
        )
    })?;
    let table: toml::Table =
        toml::from_str(&text).map_err(|e| format!("--profile {name}: {}: {e}", path.display()))?;
    let mut out = Map::new();
    flatten("", &toml::Value::Table(table), &mut out);
    Ok(out)
}

fn flatten(prefix: &str, value: &toml::Value, out: &mut Map<String, Value>) {
    match value {
        toml::Value::Table(table) if !table.is_empty() => {
            for (key, value) in table {
                let key = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&key, value, out);
            }
        }
        other => {
            if let Ok(json) = serde_json::to_value(other) {
                out.insert(prefix.to_string(), json);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_file_becomes_dotted_overrides_and_a_missing_one_says_where_it_looked() {
        let home = tempfile::tempdir().unwrap();
        std::fs::write(
            home.path().join("fast.config.toml"),
            "model = \"m\"\n[model_providers.mock]\nbase_url = \"http://x\"\nretries = 0\n",
        )
        .unwrap();
        let dir = home.path().to_str();
        let o = profile_overrides(dir, "fast").unwrap();
        assert_eq!(o["model"], "m");
        assert_eq!(o["model_providers.mock.base_url"], "http://x");
        assert_eq!(o["model_providers.mock.retries"], 0);
        let err = profile_overrides(dir, "slow").unwrap_err();
        assert!(err.contains("slow.config.toml"), "{err}");
        assert!(profile_overrides(dir, "../x").is_err());
    }
}
