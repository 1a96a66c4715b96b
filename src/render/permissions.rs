//! A permission profile (`item/permissions/requestApproval`'s `permissions`, a command's
//! `additionalPermissions`) as lines a person can check before granting it. The approval
//! promise: whatever an accept answer grants is on screen. So the request's raw JSON is walked
//! whole: the shapes of the schema tern knows are said in words (with every path, pattern and
//! number verbatim), and anything else (an unknown field, a known one of an unexpected shape)
//! is shown raw, as JSON, under its own name. Nothing is left out, and the most far-reaching
//! grants come first.

use crate::text::sanitize::visible_line;
use serde_json::Value;

/// One thing granted, in words or raw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grant {
    pub text: String,
    pub severity: Severity,
}

/// How far a grant reaches: the order they are listed in (highest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Severity {
    Deny,
    Read,
    Raw,
    Write,
    Network,
}

impl Grant {
    fn new(severity: Severity, text: String) -> Self {
        Grant { text, severity }
    }

    fn raw(name: &str, value: &Value) -> Self {
        let json = serde_json::to_string(value).unwrap_or_default();
        Grant::new(
            Severity::Raw,
            format!(
                "{name} (not known to tern, as sent): {}",
                visible_line(&json)
            ),
        )
    }
}

/// Everything `profile` grants, most far-reaching first. Top-level `null`s grant nothing and
/// are not sent (see `model::question`); any other value is listed.
pub(crate) fn grants(profile: &Value) -> Vec<Grant> {
    let mut out = Vec::new();
    match profile {
        Value::Object(map) => {
            for (key, value) in map.iter().filter(|(_, v)| !v.is_null()) {
                match key.as_str() {
                    "network" => network(value, &mut out),
                    "fileSystem" => file_system(value, &mut out),
                    other => out.push(Grant::raw(other, value)),
                }
            }
        }
        Value::Null => {}
        other => out.push(Grant::raw("permissions", other)),
    }
    // Stable: within a severity, the request's own order.
    out.sort_by_key(|g| std::cmp::Reverse(g.severity));
    out
}

/// One line saying how much is asked: the headline's tail, so a long list scrolled out of view
/// is still announced.
pub(crate) fn summary(grants: &[Grant]) -> String {
    let count = |s: Severity| grants.iter().filter(|g| g.severity == s).count();
    let mut parts = Vec::new();
    if count(Severity::Network) > 0 {
        parts.push("network".to_string());
    }
    for (severity, what) in [
        (Severity::Write, "write"),
        (Severity::Raw, "unknown to tern"),
        (Severity::Read, "read"),
        (Severity::Deny, "deny"),
    ] {
        match count(severity) {
            0 => {}
            n => parts.push(format!("{n} {what}")),
        }
    }
    parts.join(", ")
}

fn network(value: &Value, out: &mut Vec<Grant>) {
    let Some(map) = value.as_object() else {
        return out.push(Grant::raw("network", value));
    };
    for (key, value) in map {
        match (key.as_str(), value) {
            ("enabled", Value::Bool(true)) => {
                out.push(Grant::new(Severity::Network, "network access".into()))
            }
            ("enabled", Value::Bool(false)) => {
                out.push(Grant::new(Severity::Deny, "no network access".into()))
            }
            ("enabled", Value::Null) => {}
            _ => out.push(Grant::raw(&format!("network.{key}"), value)),
        }
    }
}

fn file_system(value: &Value, out: &mut Vec<Grant>) {
    let Some(map) = value.as_object() else {
        return out.push(Grant::raw("fileSystem", value));
    };
    for (key, value) in map {
        match (key.as_str(), value) {
            (_, Value::Null) => {}
            ("read" | "write", Value::Array(paths)) => {
                for (i, path) in paths.iter().enumerate() {
                    match path.as_str() {
                        Some(path) => out.push(access(key, &visible_line(path))),
                        None => out.push(Grant::raw(&format!("fileSystem.{key}[{i}]"), path)),
                    }
                }
            }
            ("entries", Value::Array(entries)) => {
                for (i, entry) in entries.iter().enumerate() {
                    out.push(
                        sandbox_entry(entry).unwrap_or_else(|| {
                            Grant::raw(&format!("fileSystem.entries[{i}]"), entry)
                        }),
                    );
                }
            }
            ("globScanMaxDepth", Value::Number(n)) => out.push(Grant::new(
                Severity::Read,
                format!("glob patterns matched down to {n} folders deep"),
            )),
            _ => out.push(Grant::raw(&format!("fileSystem.{key}"), value)),
        }
    }
}

/// `read PATH`, `write PATH`, `deny PATH`.
fn access(mode: &str, what: &str) -> Grant {
    let severity = match mode {
        "write" => Severity::Write,
        "read" => Severity::Read,
        _ => Severity::Deny,
    };
    Grant::new(severity, format!("{mode} {what}"))
}

/// A `FileSystemSandboxEntry` in words, when it has exactly the schema's shape.
fn sandbox_entry(entry: &Value) -> Option<Grant> {
    let map = entry.as_object()?;
    if map.len() != 2 {
        return None;
    }
    let mode = map.get("access")?.as_str()?;
    if !matches!(mode, "read" | "write" | "deny") {
        return None;
    }
    Some(access(mode, &sandbox_path(map.get("path")?)?))
}

/// A `FileSystemPath` in words, every string in it verbatim.
fn sandbox_path(path: &Value) -> Option<String> {
    let map = path.as_object()?;
    let field = |name: &str| map.get(name).and_then(Value::as_str).map(visible_line);
    match (map.get("type")?.as_str()?, map.len()) {
        ("path", 2) => field("path"),
        ("glob_pattern", 2) => Some(format!("files matching {}", field("pattern")?)),
        ("special", 2) => special_path(map.get("value")?),
        _ => None,
    }
}

/// A `FileSystemSpecialPath`: what it stands for, with its kind in parentheses.
fn special_path(value: &Value) -> Option<String> {
    let map = value.as_object()?;
    let kind = map.get("kind")?.as_str()?;
    let subpath = || -> Option<String> {
        match map.get("subpath")? {
            Value::Null => Some(String::new()),
            Value::String(s) => Some(format!(", subfolder {}", visible_line(s))),
            _ => None,
        }
    };
    Some(match (kind, map.len()) {
        ("root", 1) => "everything under / (root)".into(),
        ("minimal", 1) => "the minimal system folders (minimal)".into(),
        ("tmpdir", 1) => "the temporary folder $TMPDIR (tmpdir)".into(),
        ("slash_tmp", 1) => "/tmp (slash_tmp)".into(),
        ("project_roots", 2) => format!("the project roots{} (project_roots)", subpath()?),
        ("unknown", 3) => format!(
            "{}{} (unknown)",
            visible_line(map.get("path")?.as_str()?),
            subpath()?
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(profile: Value) -> Vec<String> {
        grants(&profile).into_iter().map(|g| g.text).collect()
    }

    #[test]
    fn entries_are_said_in_words_writes_first() {
        let profile = json!({"fileSystem": {"read": ["/etc/hostname"], "write": null,
            "entries": [
                {"path": {"type": "special", "value": {"kind": "root"}}, "access": "write"},
                {"path": {"type": "glob_pattern", "pattern": "/**"}, "access": "write"},
                {"path": {"type": "path", "path": "/home/u/.ssh"}, "access": "deny"}]},
            "network": {"enabled": true}});
        assert_eq!(
            texts(profile),
            [
                "network access",
                "write everything under / (root)",
                "write files matching /**",
                "read /etc/hostname",
                "deny /home/u/.ssh",
            ]
        );
    }

    #[test]
    fn unknown_fields_and_shapes_are_shown_raw() {
        let profile = json!({"fileSystem": {"entries": [
                {"path": {"type": "path", "path": "/x", "recursive": true}, "access": "write"},
                {"path": {"type": "path", "path": "/y"}, "access": "own"}],
            "write": "/\u{1b}[2J"}, "keychain": {"all": true}, "network": null});
        let shown = texts(profile);
        assert_eq!(shown.len(), 4, "{shown:?}");
        assert!(shown.iter().all(|l| l.contains("as sent")), "{shown:?}");
        assert!(shown[0].contains("\"recursive\":true"), "{shown:?}");
        assert!(shown.iter().any(|l| l.contains("keychain")), "{shown:?}");
        assert!(shown.iter().any(|l| l.contains("\\u001b[2J")), "{shown:?}");
        assert_eq!(summary(&grants(&json!({"a": 1}))), "1 unknown to tern");
    }
}
