//! The matches that decide what becomes of every kind of message name each kind: no `_` arm.
//! A new kind is then a compile error at each of them, where someone must say what becomes of
//! it, instead of being dropped without a word. (`session::responses::on_reply` names every
//! `Reply` too, but is not listed: a match over the lifecycle inside one of its arms has a `_`
//! arm, which this line-by-line check cannot tell apart.)

use super::source::code_only;
use std::path::PathBuf;

/// Each file (under `src/`) and the function whose matches may have no catch-all arm.
const NAMED_IN_FULL: [(&str, &str); 1] = [
    // News for the layers that no layer took (`LayerEvent`).
    ("app/router.rs", "fn unclaimed"),
];

/// The function's code, from its signature to the closing brace at the start of a line.
fn body<'a>(code: &'a str, signature: &str) -> Option<&'a str> {
    let start = code.find(signature)?;
    let rest = &code[start..];
    let end = rest.find("\n}").map_or(rest.len(), |at| at + 2);
    Some(&rest[..end])
}

/// A `_` pattern, alone or as the last of an or-pattern, before `=>`.
fn catch_all(line: &str) -> bool {
    let Some((pattern, _)) = line.split_once("=>") else {
        return false;
    };
    pattern
        .split('|')
        .any(|alternative| alternative.trim() == "_")
}

#[test]
fn the_matches_that_drop_messages_name_every_kind() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (file, signature) in NAMED_IN_FULL {
        let text = std::fs::read_to_string(src.join(file)).expect("read source");
        let code = code_only(&text);
        let body = body(&code, signature)
            .unwrap_or_else(|| panic!("src/{file} has no `{signature}` any more"));
        for line in body.lines().filter(|line| catch_all(line)) {
            found.push(format!("src/{file} ({signature}): {}", line.trim()));
        }
    }
    assert!(
        found.is_empty(),
        "a catch-all arm drops kinds nobody named (name each, with what becomes of it):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_catch_all_is_told_from_a_named_arm() {
    assert!(catch_all("        _ => vec![],"));
    assert!(catch_all("        LayerEvent::A | _ => vec![],"));
    assert!(!catch_all("        LayerEvent::A { .. } => vec![],"));
    assert!(!catch_all("        LayerEvent::Models(_) => vec![],"));
    assert!(!catch_all("    let _ = x;"));
}
