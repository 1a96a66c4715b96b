//! The edges of one file: its `use` trees expanded, and the `crate::`, `super::` and
//! module-alias paths in its code, each resolved to the module of the crate it names.

use super::source::{code_and_tests, code_only};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// One reference from a file to a module of the crate.
#[derive(Debug, Clone)]
pub(crate) struct Edge {
    pub from: String,
    pub to: String,
    pub file: String,
    pub line: usize,
}

/// Splits `a::b::{c, d::e as f, self}` into full paths, each with the name it binds.
pub(crate) fn expand_use(tree: &str) -> Vec<(Vec<String>, String)> {
    let tokens = tokenize(tree);
    let mut pos = 0;
    let mut out = Vec::new();
    parse_tree(&tokens, &mut pos, Vec::new(), &mut out);
    out
}

fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if !word.is_empty() {
                tokens.push(std::mem::take(&mut word));
            }
            if c == ':' && chars.get(i + 1) == Some(&':') {
                tokens.push("::".into());
                i += 1;
            } else if matches!(c, '{' | '}' | ',' | '*') {
                tokens.push(c.to_string());
            }
        }
        i += 1;
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    tokens
}

fn parse_tree(
    tokens: &[String],
    pos: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path = prefix;
    loop {
        match tokens.get(*pos).map(String::as_str) {
            Some("{") => {
                *pos += 1;
                loop {
                    match tokens.get(*pos).map(String::as_str) {
                        Some("}") => {
                            *pos += 1;
                            return;
                        }
                        Some(",") => *pos += 1,
                        None => return,
                        _ => parse_tree(tokens, pos, path.clone(), out),
                    }
                }
            }
            Some("*") => {
                *pos += 1;
                out.push((path, "*".into()));
                return;
            }
            Some(word) if word != "::" && word != "," && word != "}" => {
                *pos += 1;
                if word == "self" && !path.is_empty() {
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                    return;
                }
                path.push(word.to_string());
                if tokens.get(*pos).map(String::as_str) == Some("::") {
                    *pos += 1;
                    continue;
                }
                let mut name = word.to_string();
                if tokens.get(*pos).map(String::as_str) == Some("as") {
                    *pos += 1;
                    if let Some(alias) = tokens.get(*pos) {
                        name = alias.clone();
                        *pos += 1;
                    }
                }
                out.push((path, name));
                return;
            }
            _ => return,
        }
    }
}

/// The crate module a path from `module` names: `crate::`, `super::` and module aliases
/// resolved, then the longest prefix that is a module of the crate. `None` for other crates and
/// for the module itself or its descendants' own items.
fn resolve(
    module: &str,
    path: &[String],
    aliases: &HashMap<String, String>,
    known: &BTreeSet<String>,
) -> Option<String> {
    let mut segments: Vec<String> = Vec::new();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => rest = &rest[1..],
        Some("super") | Some("self") => {
            segments = split(module);
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        segments.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let target = aliases.get(first)?;
            segments = split(target);
            rest = &rest[1..];
        }
        None => return None,
    }
    segments.extend(rest.iter().cloned());
    while !segments.is_empty() {
        let candidate = segments.join("::");
        if known.contains(&candidate) {
            return Some(candidate);
        }
        segments.pop();
    }
    Some(String::new())
}

fn split(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    }
}

fn line_of(code: &str, offset: usize) -> usize {
    code[..offset].matches('\n').count() + 1
}

/// Which code of a file its edges are read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Read {
    /// Without its `#[cfg(test)]` modules: what the layers and tiers are checked on.
    Code,
    /// With them: what the import-cycle count reads.
    CodeAndTests,
}

/// Every reference of one file to a module of the crate.
pub(crate) fn edges_of(
    file: &Path,
    module: &str,
    known: &BTreeSet<String>,
    root: &Path,
    read: Read,
) -> Vec<Edge> {
    let text = std::fs::read_to_string(file).expect("read source");
    let code = match read {
        Read::Code => code_only(&text),
        Read::CodeAndTests => code_and_tests(&text),
    };
    let shown = file
        .strip_prefix(root)
        .unwrap_or(file)
        .to_string_lossy()
        .to_string();
    let mut edges = Vec::new();
    let mut aliases: HashMap<String, String> = HashMap::new();
    let mut rest_of_code = code.clone();
    // `use` declarations (at any depth), blanked from the code once read.
    let mut search = 0;
    while let Some(found) = find_word(&code, "use", search) {
        let end = match code[found..].find(';') {
            Some(e) => found + e,
            None => break,
        };
        search = end;
        let tree = &code[found + 3..end];
        let line = line_of(&code, found);
        for (path, name) in expand_use(tree) {
            if let Some(to) = resolve(module, &path, &aliases, known) {
                if known.contains(&to) || to.is_empty() {
                    let full = resolve_full(module, &path, &aliases);
                    if name != "*" && full.as_ref().is_some_and(|f| known.contains(f)) {
                        aliases.insert(name.clone(), full.unwrap_or_default());
                    }
                    edges.push(Edge {
                        from: module.to_string(),
                        to,
                        file: shown.clone(),
                        line,
                    });
                }
            }
        }
        let blanked: String = code[found..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        rest_of_code.replace_range(found..end, &blanked);
    }
    // Paths in the code: `crate::…`, `super::…`, `alias::…`.
    let tokens = scan_paths(&rest_of_code);
    for (offset, path) in tokens {
        let first = path[0].as_str();
        if first != "crate" && first != "super" && !aliases.contains_key(first) {
            continue;
        }
        if let Some(to) = resolve(module, &path, &aliases, known) {
            edges.push(Edge {
                from: module.to_string(),
                to,
                file: shown.clone(),
                line: line_of(&rest_of_code, offset),
            });
        }
    }
    edges
}

/// The module a path names in full (`super::layers` → `app::layers`), before any item.
fn resolve_full(
    module: &str,
    path: &[String],
    aliases: &HashMap<String, String>,
) -> Option<String> {
    let mut segments = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("super") | Some("self") => split(module),
        Some(first) => split(aliases.get(first)?),
        None => return None,
    };
    for (i, segment) in path.iter().enumerate() {
        match segment.as_str() {
            "crate" if i == 0 => {}
            "super" => {
                segments.pop()?;
            }
            "self" => {}
            _ if i == 0 && !matches!(path[0].as_str(), "crate" | "super" | "self") => {}
            other => segments.push(other.to_string()),
        }
    }
    Some(segments.join("::"))
}

fn find_word(code: &str, word: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(found) = code[at..].find(word).map(|f| f + at) {
        let before = code[..found].chars().next_back();
        let after = code[found + word.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if boundary(before) && boundary(after) {
            return Some(found);
        }
        at = found + word.len();
    }
    None
}

/// `a::b::c` chains in code, with the offset of their first segment.
fn scan_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut i = 0;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let (offset, c) = chars[i];
        if !is_ident(c) || (i > 0 && (is_ident(chars[i - 1].1) || chars[i - 1].1 == ':')) {
            i += 1;
            continue;
        }
        let mut path = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < chars.len() && is_ident(chars[j].1) {
                j += 1;
            }
            if start == j {
                break;
            }
            path.push(chars[start..j].iter().map(|(_, c)| c).collect::<String>());
            if j + 1 < chars.len() && chars[j].1 == ':' && chars[j + 1].1 == ':' {
                j += 2;
            } else {
                break;
            }
        }
        if path.len() > 1 {
            out.push((offset, path));
        }
        i = j.max(i + 1);
    }
    out
}
