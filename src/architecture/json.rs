//! The app reads no JSON: answers are decoded into typed replies at the edge
//! (`runtime::replies`), notifications and server requests in `protocol`. A `from_value` (or any
//! other decoding) inside `src/app/` would put untyped answers back into the state machine.

use super::source::{code_only, modules};
use std::path::PathBuf;

/// Ways to decode JSON that have no place in `app`.
const DECODERS: [&str; 5] = [
    "from_value",
    "from_str",
    "from_slice",
    "from_reader",
    "Deserialize::deserialize",
];

/// The rooms of the pure state machine: the views, the session tier and the controls.
const PURE_ROOMS: [&str; 3] = ["app", "session", "controls"];

/// Every use of a decoder in `app`'s code (tests left out), as `file:line: text`.
fn decoding_in_app() -> Vec<String> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (file, module) in modules(&src) {
        let room = module.split("::").next().unwrap_or_default();
        if !PURE_ROOMS.contains(&room) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read source");
        for (index, line) in code_only(&text).lines().enumerate() {
            if DECODERS.iter().any(|d| line.contains(d)) {
                let relative = file.strip_prefix(&src).unwrap_or(&file);
                found.push(format!(
                    "src/{}:{}: {}",
                    relative.display(),
                    index + 1,
                    line.trim()
                ));
            }
        }
    }
    found
}

#[test]
fn the_app_decodes_no_json() {
    let found = decoding_in_app();
    assert!(
        found.is_empty(),
        "JSON decoded inside src/app, src/session or src/controls (decode typed replies in runtime::replies, wire types in \
         protocol):\n{}",
        found.join("\n")
    );
}
