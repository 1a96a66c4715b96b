//! `path:line` places named in a text (a review's findings: `/repo/lib.py:2-2`, `lib.py:2`), so
//! they can be drawn as links and opened.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Location {
    pub path: String,
    pub line: u32,
    /// The last line of a range (`:2-5`).
    pub end: Option<u32>,
}

/// Characters that wrap a location in prose or markdown and are not part of it.
const WRAPPERS: &[char] = &[
    '(', ')', '[', ']', '{', '}', '<', '>', '"', '\'', '`', ',', ';', '.', '*', '!', '?',
];

/// Every location in `text`, with the byte range it covers.
pub(crate) fn find_locations(text: &str) -> Vec<(Range<usize>, Location)> {
    let mut found = Vec::new();
    let mut offset = 0;
    for word in text.split_inclusive(char::is_whitespace) {
        let start = offset;
        offset += word.len();
        let word = word.trim_end();
        let trimmed_start = word.len() - word.trim_start_matches(WRAPPERS).len();
        let inner = word.trim_matches(WRAPPERS);
        if let Some(location) = parse(inner) {
            let from = start + trimmed_start;
            found.push((from..from + inner.len(), location));
        }
    }
    found
}

/// `path:line` or `path:line-end`, the path holding a `.` or a `/` (so `note:3` is prose).
fn parse(word: &str) -> Option<Location> {
    let (path, lines) = word.rsplit_once(':')?;
    if path.is_empty() || !(path.contains('.') || path.contains('/')) || path.contains("://") {
        return None;
    }
    let (line, end) = match lines.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (lines, None),
    };
    let line: u32 = line.parse().ok().filter(|&n| n > 0)?;
    let end = match end {
        Some(end) => Some(end.parse().ok()?),
        None => None,
    };
    Some(Location {
        path: path.to_string(),
        line,
        end,
    })
}

/// `path` as an absolute path: relative paths are under `cwd`.
pub(crate) fn resolve(path: &str, cwd: Option<&str>) -> String {
    match cwd {
        Some(cwd) if !path.starts_with('/') && !cwd.is_empty() => {
            format!("{}/{path}", cwd.trim_end_matches('/'))
        }
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_found_in_prose_and_findings() {
        let text = "- [P1] add() subtracts — /tmp/ws/lib.py:2-2\n  one nit in lib.py:2. See (src/a.rs:10) not note:3 or https://x.y:8080";
        let found = find_locations(text);
        let names: Vec<(&str, u32, Option<u32>)> = found
            .iter()
            .map(|(r, l)| (&text[r.clone()], l.line, l.end))
            .collect();
        assert_eq!(
            names,
            [
                ("/tmp/ws/lib.py:2-2", 2, Some(2)),
                ("lib.py:2", 2, None),
                ("src/a.rs:10", 10, None)
            ]
        );
        assert_eq!(resolve("lib.py", Some("/ws/")), "/ws/lib.py");
        assert_eq!(resolve("/a/b", Some("/ws")), "/a/b");
    }
}
