//! The source files and their code: the files of `src/` with their module paths, and each
//! file's code with comments, strings and test modules blanked.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its module path (`app::layers::search`; `crate` is the
/// empty path). `main.rs` is the binary, a crate of its own, and is left out.
pub(crate) fn modules(src: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            if parts == ["main"] {
                continue;
            }
            found.push((path.clone(), parts.join("::")));
        }
    }
    found.sort();
    found
}

/// The code with comments, string and char literals blanked (newlines kept, so offsets keep
/// their lines) and `#[cfg(test)]` modules removed: tests may build anything they need.
pub(crate) fn code_only(text: &str) -> String {
    remove_test_modules(&code_and_tests(text))
}

/// As [`code_only`], with the `#[cfg(test)]` modules kept: what a file names at all, for the
/// import-cycle count (a test module's `use super::*` names the parent too).
pub(crate) fn code_and_tests(text: &str) -> String {
    let bytes: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < bytes.len() {
        let c = bytes[i];
        let next = bytes.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < bytes.len() && bytes[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < bytes.len() {
                if bytes[i] == '/' && bytes.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if bytes[i] == '*' && bytes.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(bytes[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&bytes, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while bytes.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if bytes.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= bytes.len() {
                    break;
                }
                if bytes[j] == '"' && (0..hashes).all(|k| bytes.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &b in &bytes[i..j.min(bytes.len())] {
                out.push(blank(b));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < bytes.len() && bytes[i] != '"' {
                if bytes[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < bytes.len() {
                    out.push(blank(bytes[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1b}') or a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..bytes.len()).find(|&j| bytes[j] == '\'')
            } else if bytes.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for _ in i..=end {
                        out.push(' ');
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(bytes: &[char], i: usize) -> bool {
    i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_')
}

fn remove_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find("#[cfg(test)]").map(|a| a + from) {
        let after = at + "#[cfg(test)]".len();
        let rest = out[after..].trim_start();
        let is_module = rest.starts_with("mod ") || rest.starts_with("pub mod ");
        let open = out[after..].find(['{', ';']).map(|o| o + after);
        match open {
            Some(open) if is_module && out.as_bytes()[open] == b'{' => {
                let mut depth = 0;
                let mut end = open;
                for (k, ch) in out[open..].char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let blanked: String = out[at..end]
                    .chars()
                    .map(|c| if c == '\n' { '\n' } else { ' ' })
                    .collect();
                out.replace_range(at..end, &blanked);
                from = at + blanked.len();
            }
            _ => from = after,
        }
    }
    out
}
