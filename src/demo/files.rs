//! The demo's answer to `fuzzyFileSearch`: the files under the root tern names, matched by
//! their letters in order (case ignored), in the server's snake_case shape.

use serde_json::{json, Value};
use std::path::Path;

/// The most entries looked at, so a huge directory never stalls the demo.
const MAX_ENTRIES: usize = 5_000;
const MAX_DEPTH: usize = 8;
const MAX_RESULTS: usize = 20;
/// Folders nobody means to mention.
const SKIPPED: &[&str] = &[".git", "target", "node_modules"];

pub(super) fn search(params: &Value) -> Value {
    let query = params["query"].as_str().unwrap_or_default().to_lowercase();
    let Some(root) = params["roots"].get(0).and_then(Value::as_str) else {
        return json!({ "files": [] });
    };
    if query.is_empty() {
        return json!({ "files": [] });
    }
    let mut paths = Vec::new();
    walk(Path::new(root), "", 0, &mut paths);
    let mut found: Vec<(i64, String, Vec<usize>)> = paths
        .into_iter()
        .filter_map(|path| {
            let (score, indices) = fuzzy(&query, &path)?;
            Some((score, path, indices))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let files: Vec<Value> = found
        .into_iter()
        .take(MAX_RESULTS)
        .map(|(score, path, indices)| {
            let file_name = path.rsplit('/').next().unwrap_or(&path).to_string();
            json!({"root": root, "path": path, "match_type": "file", "file_name": file_name,
                   "score": score, "indices": indices})
        })
        .collect();
    json!({ "files": files })
}

fn walk(dir: &Path, prefix: &str, depth: usize, out: &mut Vec<String>) {
    if depth > MAX_DEPTH || out.len() >= MAX_ENTRIES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        if out.len() >= MAX_ENTRIES {
            return;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{prefix}{name}");
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => {
                if !SKIPPED.contains(&name.as_str()) {
                    walk(&entry.path(), &format!("{path}/"), depth + 1, out);
                }
            }
            Ok(_) => out.push(path),
            Err(_) => {}
        }
    }
}

/// The query's letters in order in `path`: a score (shorter spans and paths score higher) and
/// where each letter matched, as char positions.
fn fuzzy(query: &str, path: &str) -> Option<(i64, Vec<usize>)> {
    let mut indices = Vec::with_capacity(query.len());
    let mut wanted = query.chars().peekable();
    for (i, c) in path.chars().enumerate() {
        match wanted.peek() {
            Some(w) if c.to_lowercase().eq(w.to_lowercase()) => {
                indices.push(i);
                wanted.next();
            }
            Some(_) => {}
            None => break,
        }
    }
    if wanted.peek().is_some() {
        return None;
    }
    let span = indices.last()? - indices.first()? + 1;
    Some((
        10_000 - (span as i64) * 10 - path.chars().count() as i64,
        indices,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_in_order_match_and_a_tight_match_ranks_first() {
        assert_eq!(fuzzy("mr", "src/main.rs").map(|m| m.1), Some(vec![4, 9]));
        assert!(fuzzy("zz", "src/main.rs").is_none());
        let tight = fuzzy("main", "src/main.rs").unwrap().0;
        let loose = fuzzy("main", "m/a/i/n.rs").unwrap().0;
        assert!(tight > loose);
    }

    #[test]
    fn the_demo_searches_the_root_it_is_given_without_git() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join("src/main.rs"), "").unwrap();
        std::fs::write(dir.path().join(".git/main"), "").unwrap();
        let root = dir.path().to_string_lossy().into_owned();
        let answer = search(&json!({"query": "main", "roots": [root], "cancellationToken": null}));
        let paths: Vec<&str> = answer["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap())
            .collect();
        assert_eq!(paths, ["src/main.rs"]);
    }
}
