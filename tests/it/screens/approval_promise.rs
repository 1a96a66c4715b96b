//! The approval promise: whatever an accept answer sends is on screen. Over generated
//! `item/permissions/requestApproval` requests (the schema's fields, shapes it does not have,
//! unknown fields, hostile strings), the permissions `y` grants are read back off the drawn
//! screen: every path, pattern, number and unknown field name.

use crate::support::common::*;
use crossterm::event::KeyCode;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::time::Instant;
use tern::app::Effect;
use tern::text::sanitize::visible_line;

/// Strings as a server might send them: paths, globs, and now and then a control character.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9/._~*-]{1,12}",
        "[a-z/]{1,6}(\u{1b}\\[2J|\u{202e}|\r|\u{7})[a-z]{1,4}",
    ]
}

fn path() -> impl Strategy<Value = Value> {
    prop_oneof![
        text().prop_map(|p| json!({"type": "path", "path": p})),
        text().prop_map(|p| json!({"type": "glob_pattern", "pattern": p})),
        prop_oneof![
            Just(json!({"kind": "root"})),
            Just(json!({"kind": "minimal"})),
            Just(json!({"kind": "tmpdir"})),
            Just(json!({"kind": "slash_tmp"})),
            proptest::option::of(text())
                .prop_map(|s| json!({"kind": "project_roots", "subpath": s})),
            (text(), proptest::option::of(text()))
                .prop_map(|(p, s)| json!({"kind": "unknown", "path": p, "subpath": s})),
            text().prop_map(|k| json!({"kind": k})),
        ]
        .prop_map(|value| json!({"type": "special", "value": value})),
        // Shapes the schema does not have.
        (text(), text()).prop_map(|(p, extra)| json!({"type": "path", "path": p, "also": extra})),
        text().prop_map(|t| json!({"type": t, "path": "/"})),
    ]
}

fn entry() -> impl Strategy<Value = Value> {
    (
        path(),
        prop_oneof![Just("read"), Just("write"), Just("deny"), Just("own")],
        proptest::option::of(text()),
    )
        .prop_map(|(path, access, extra)| {
            let mut entry = json!({"path": path, "access": access});
            if let Some(extra) = extra {
                entry["scope"] = json!(extra);
            }
            entry
        })
}

fn paths() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        proptest::collection::vec(text(), 0..3).prop_map(|v| json!(v)),
        text().prop_map(|s| json!(s)),
    ]
}

fn unknown() -> impl Strategy<Value = Value> {
    prop_oneof![
        text().prop_map(|s| json!(s)),
        (1_000u32..100_000).prop_map(|n| json!(n)),
        any::<bool>().prop_map(|b| json!({"on": b})),
    ]
}

fn profile() -> impl Strategy<Value = Value> {
    let network = proptest::option::of(prop_oneof![
        Just(Value::Null),
        proptest::option::of(any::<bool>()).prop_map(|b| json!({"enabled": b})),
        (any::<bool>(), unknown()).prop_map(|(b, u)| json!({"enabled": b, "proxy": u})),
    ]);
    let file_system = proptest::option::of(
        (
            paths(),
            paths(),
            proptest::option::of(proptest::collection::vec(entry(), 0..4)),
            proptest::option::of(1_000u32..100_000),
            proptest::option::of(unknown()),
        )
            .prop_map(|(read, write, entries, depth, other)| {
                let mut fs = json!({"read": read, "write": write});
                if let Some(entries) = entries {
                    fs["entries"] = json!(entries);
                }
                if let Some(depth) = depth {
                    fs["globScanMaxDepth"] = json!(depth);
                }
                if let Some(other) = other {
                    fs["mountAll"] = other;
                }
                fs
            }),
    );
    (
        network,
        file_system,
        proptest::collection::vec(("[a-z]{3,8}", unknown()), 0..2),
    )
        .prop_map(|(network, file_system, others)| {
            let mut map = Map::new();
            if let Some(n) = network {
                map.insert("network".into(), n);
            }
            if let Some(f) = file_system {
                map.insert("fileSystem".into(), f);
            }
            for (key, value) in others {
                map.insert(format!("x{key}"), value);
            }
            let mut profile = Value::Object(map);
            distinct(&mut profile, None, &mut 0);
            profile
        })
}

/// Each generated string made one of a kind (`§3§/etc`), so finding it on screen means finding
/// that one, not a shorter string or tern's own words; the schema's tags are left alone.
fn distinct(value: &mut Value, key: Option<&str>, n: &mut usize) {
    match value {
        Value::Object(map) => map.iter_mut().for_each(|(k, v)| distinct(v, Some(k), n)),
        Value::Array(items) => items.iter_mut().for_each(|v| distinct(v, key, n)),
        Value::String(s) if !is_tag(key, s) => {
            *n += 1;
            *s = format!("§{n}§{s}");
        }
        _ => {}
    }
}

/// The schema's own words for a path's type, a special path's kind and an access mode.
fn is_tag(key: Option<&str>, value: &str) -> bool {
    match key {
        Some("type") => true,
        Some("kind") => matches!(
            value,
            "root" | "minimal" | "project_roots" | "tmpdir" | "slash_tmp" | "unknown"
        ),
        Some("access") => matches!(value, "read" | "write" | "deny"),
        _ => false,
    }
}

/// How many things `profile` grants, one bullet each: a path of `read`/`write`, an entry, the
/// glob depth, a network setting, and each other field.
fn grant_count(profile: &Value) -> usize {
    let Some(map) = profile.as_object() else {
        return usize::from(!profile.is_null());
    };
    let list = |v: &Value| v.as_array().map_or(usize::from(!v.is_null()), Vec::len);
    map.iter()
        .map(|(key, value)| match (key.as_str(), value) {
            (_, Value::Null) => 0,
            ("network", Value::Object(net)) => net.values().filter(|v| !v.is_null()).count(),
            ("fileSystem", Value::Object(fs)) => fs.values().map(list).sum(),
            _ => 1,
        })
        .sum()
}

/// Keys whose meaning tern says in words; any other key name must be on screen.
const KNOWN_KEYS: &[&str] = &[
    "network",
    "fileSystem",
    "enabled",
    "read",
    "write",
    "entries",
    "globScanMaxDepth",
    "path",
    "access",
    "type",
    "pattern",
    "value",
    "kind",
    "subpath",
];

/// What must be found on screen for each part of what is granted. A string shows verbatim
/// (controls as marks), or inside the raw JSON with JSON's escapes; a `type` tag is carried by
/// the shape it selects.
fn needles(value: &Value, key: Option<&str>, out: &mut Vec<Vec<String>>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if !KNOWN_KEYS.contains(&k.as_str()) {
                    out.push(vec![k.clone()]);
                }
                needles(v, Some(k), out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| needles(v, key, out)),
        Value::String(_) if key == Some("type") => {}
        Value::String(s) => {
            let escaped = serde_json::to_string(s).unwrap();
            let escaped = visible_line(&escaped[1..escaped.len() - 1]);
            out.push(vec![visible_line(s), escaped]);
        }
        Value::Number(n) => out.push(vec![n.to_string()]),
        Value::Bool(b) if key == Some("enabled") => out.push(vec![
            if *b {
                "network access"
            } else {
                "no network access"
            }
            .to_string(),
            format!("\"enabled\":{b}"),
        ]),
        Value::Bool(b) => out.push(vec![b.to_string()]),
        Value::Null => {}
    }
}

fn granted(effects: &[Effect]) -> Value {
    match effects {
        [Effect::Respond { result, .. }] => result.clone(),
        other => panic!("one answer expected, got {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn what_an_accept_grants_is_on_screen(permissions in profile()) {
        let now = Instant::now();
        let mut state = running_state(now);
        let params = json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "i",
            "environmentId": null, "startedAtMs": 0, "cwd": "/w", "reason": null,
            "permissions": permissions});
        tern::app::update(
            &mut state,
            server_request(7, "item/permissions/requestApproval", params),
            now,
        );
        let shown = screen(&mut state, 320, 120, now);
        let answer = granted(&press(&mut state, KeyCode::Char('y'), read(now)));
        prop_assert_eq!(&answer["scope"], "turn");
        let bullets = shown.lines().filter(|l| l.contains("│• ")).count();
        prop_assert_eq!(bullets, grant_count(&answer["permissions"]), "{}", shown);
        let mut wanted = Vec::new();
        needles(&answer["permissions"], None, &mut wanted);
        for forms in wanted {
            prop_assert!(
                forms.iter().any(|f| shown.contains(f.as_str())),
                "none of {:?} is on screen; the answer grants {}\n{}",
                forms, answer["permissions"], shown
            );
        }
    }
}

/// The case of issue 18: entries writing `/` and `/**` beside a harmless-looking read.
#[test]
fn entries_that_write_everywhere_are_shown_before_the_harmless_read() {
    let now = Instant::now();
    let mut state = running_state(now);
    let params = json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "i",
        "environmentId": null, "startedAtMs": 0, "cwd": "/w", "reason": "look",
        "permissions": {"network": null, "fileSystem": {"read": ["/etc/hostname"], "write": null,
            "entries": [
                {"path": {"type": "path", "path": "/"}, "access": "write"},
                {"path": {"type": "glob_pattern", "pattern": "/**"}, "access": "write"}]}}});
    tern::app::update(
        &mut state,
        server_request(7, "item/permissions/requestApproval", params),
        now,
    );
    let shown = screen(&mut state, 100, 30, now);
    let at = |needle: &str| {
        shown
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} missing:\n{shown}"))
    };
    assert!(at("Grant these permissions (2 write, 1 read)?") < at("• write /"));
    assert!(at("• write files matching /**") < at("• read /etc/hostname"));
}

/// The other kinds of prompt keep the same promise: a command's additional permissions are
/// listed like a permission request's; a decision tern cannot say in full is not offered; a
/// form's choice says what it sends when its title says something else.
#[test]
fn other_prompts_show_what_their_accept_grants() {
    let now = Instant::now();
    let mut state = running_state(now);
    let params = json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c",
        "command": "/bin/bash -lc 'ls'", "cwd": "/w",
        "additionalPermissions": {"network": null, "fileSystem": {"read": null, "write": null,
            "entries": [{"path": {"type": "special", "value": {"kind": "root"}}, "access": "write"}]}},
        "availableDecisions": ["accept",
            {"applyNetworkPolicyAmendment": {"network_policy_amendment":
                {"host": "example.com", "action": "allow", "ports": "all"}}},
            {"applyNetworkPolicyAmendment": {"network_policy_amendment":
                {"host": "ok.example", "action": "allow"}}},
            "cancel"]});
    tern::app::update(
        &mut state,
        server_request(3, "item/commandExecution/requestApproval", params),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("and grant it: 1 write"), "{shown}");
    assert!(
        shown.contains("• write everything under / (root)"),
        "{shown}"
    );
    assert!(
        shown.contains("always allow network access to ok.example"),
        "{shown}"
    );
    assert!(
        !shown.contains("network access to example.com"),
        "an amendment with a field tern cannot show is offered:\n{shown}"
    );
    assert!(shown.contains(r#""ports":"all""#), "{shown}");

    let mut state = running_state(now);
    let params = json!({"threadId": THREAD, "turnId": "turn-1", "serverName": "elic",
        "mode": "form", "_meta": null, "message": "Pick",
        "requestedSchema": {"type": "object", "properties": {
            "mode": {"type": "string", "enum": ["safe", "rm -rf /"], "enumNames": ["Safe", "Also safe"]}}}});
    tern::app::update(
        &mut state,
        server_request(4, "mcpServer/elicitation/request", params),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains(r#"Also safe — sends "rm -rf /""#), "{shown}");
    assert!(
        shown.contains("1. Safe\n") || shown.contains("1. Safe "),
        "{shown}"
    );
}
