//! `/review`'s findings, read back from the review's text (issue 36): codex sends the review as
//! one string (`exitedReviewMode.review`, no structured list in the schema), its findings as
//! list items `- [P1] title — /abs/path:12-14` with the body indented under them (codex's
//! `review_format`; the official TUI marks them `[x]`/`[ ]`, which is read too). The person
//! keeps or drops each and comments on it; the kept ones go to the agent as one message
//! ([`findings_message`]), formatted like the hunk review's: `path:line`, what it is about,
//! the comment.

use super::message::shown;
use crate::model::locations::find_locations;
use std::fmt::Write;

/// The most findings read from one review; a longer list is the reviewer's problem.
const MOST: usize = 50;
/// The longest title kept, in characters.
const TITLE_CHARS: usize = 300;

/// One finding of a review, with what the person decided about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    /// As the reviewer wrote it, priority included (`[P1] Last byte is lost`).
    pub title: String,
    /// As the review names it (absolute in codex's reviews).
    pub path: String,
    pub line: u32,
    /// The last line of a range (`:12-14`).
    pub end: Option<u32>,
    /// Kept (the agent should act on it) or dropped.
    pub keep: bool,
    /// The person's comment; empty when none.
    pub comment: String,
}

impl Finding {
    /// `path:line` (or `path:a–b`) as the agent reads it: relative to `cwd` when inside it.
    pub(crate) fn place(&self, cwd: &str) -> String {
        let path = shown(&self.path, cwd);
        match self.end.filter(|&e| e > self.line) {
            Some(end) => format!("{path}:{}–{end}", self.line),
            None => format!("{path}:{}", self.line),
        }
    }

    /// Whether `path:line` as shown (perhaps relative to the session's folder) names it.
    pub(crate) fn is_at(&self, path: &str, line: u32) -> bool {
        line == self.line
            && (self.path == path
                || (!path.starts_with('/')
                    && self.path.ends_with(path)
                    && self.path[..self.path.len() - path.len()].ends_with('/')))
    }
}

/// The findings of a review's text, in order, every one kept and uncommented.
pub(crate) fn parse_findings(review: &str) -> Vec<Finding> {
    review
        .lines()
        .filter_map(finding_of_line)
        .take(MOST)
        .collect()
}

/// A list item ending in a location: `- [x] title — path:line-end`.
fn finding_of_line(line: &str) -> Option<Finding> {
    let item = line.trim_start();
    let item = item
        .strip_prefix("- ")
        .or_else(|| item.strip_prefix("* "))?;
    let item = ["[x] ", "[X] ", "[ ] "]
        .iter()
        .find_map(|mark| item.strip_prefix(mark))
        .unwrap_or(item);
    let (range, location) = find_locations(item).pop()?;
    let after = item[range.end..].trim_matches(|c: char| c.is_whitespace() || ".)`*".contains(c));
    if !after.is_empty() {
        return None;
    }
    let title = item[..range.start]
        .trim_end_matches(|c: char| c.is_whitespace() || "—–-:(`[".contains(c))
        .trim();
    if title.is_empty() {
        return None;
    }
    Some(Finding {
        title: title.chars().take(TITLE_CHARS).collect(),
        path: location.path,
        line: location.line,
        end: location.end,
        keep: true,
        comment: String::new(),
    })
}

/// The message for the findings the person kept, with their comments, naming those dropped;
/// paths relative to `cwd` when inside it. `None` when every finding was dropped.
pub(crate) fn findings_message(findings: &[Finding], cwd: &str) -> Option<String> {
    let mut kept = String::new();
    let mut dropped = String::new();
    for finding in findings {
        let title = one_line(&finding.title);
        if !finding.keep {
            let _ = writeln!(dropped, "- {} {title}", finding.place(cwd));
            continue;
        }
        let _ = writeln!(kept, "\n{}\n{title}", finding.place(cwd));
        let comment = finding.comment.trim();
        if !comment.is_empty() {
            let _ = writeln!(kept, "{comment}");
        }
    }
    if kept.is_empty() {
        return None;
    }
    let mut out = String::from(
        "Code review findings to act on, from the person at the keyboard (tern): the findings \
         of the review they kept, each with their comment.\n",
    );
    out.push_str(&kept);
    if !dropped.is_empty() {
        out.push_str("\nDropped (leave these as they are):\n");
        out.push_str(&dropped);
    }
    Some(out)
}

/// A title on one line (the reviewer's text may hold line breaks in odd places).
fn one_line(text: &str) -> String {
    text.split(['\n', '\r']).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVIEW: &str = "The fix drops a byte.\n\nFull review comments:\n\n\
- [P1] Last byte of each token is lost — /demo/project/src/parser.rs:42-42\n  \
`end = start + len - 1` excludes the final byte; see lib.rs:3.\n\n\
- [ ] [P3] Test name no longer matches — /demo/project/tests/parser.rs:12-14\n  \
`parses_empty_input` now feeds a space.\n- a plain item, no place\n";

    #[test]
    fn findings_are_read_from_codexs_review_text() {
        let found = parse_findings(REVIEW);
        let read: Vec<(&str, &str, u32, Option<u32>)> = found
            .iter()
            .map(|f| (f.title.as_str(), f.path.as_str(), f.line, f.end))
            .collect();
        assert_eq!(
            read,
            [
                (
                    "[P1] Last byte of each token is lost",
                    "/demo/project/src/parser.rs",
                    42,
                    Some(42)
                ),
                (
                    "[P3] Test name no longer matches",
                    "/demo/project/tests/parser.rs",
                    12,
                    Some(14)
                ),
            ]
        );
        assert!(found[0].is_at("src/parser.rs", 42));
        assert!(found[0].is_at("/demo/project/src/parser.rs", 42));
        assert!(
            !found[0].is_at("rc/parser.rs", 42),
            "a whole path component"
        );
        assert!(!found[0].is_at("src/parser.rs", 43));
    }

    #[test]
    fn the_message_holds_the_kept_findings_with_comments_and_names_the_dropped() {
        let mut found = parse_findings(REVIEW);
        found[0].comment = "use an exclusive end".into();
        found[1].keep = false;
        let text = findings_message(&found, "/demo/project").unwrap();
        assert_eq!(
            text,
            "Code review findings to act on, from the person at the keyboard (tern): the \
findings of the review they kept, each with their comment.\n\
\nsrc/parser.rs:42\n[P1] Last byte of each token is lost\nuse an exclusive end\n\
\nDropped (leave these as they are):\n- tests/parser.rs:12–14 [P3] Test name no longer matches\n"
        );
        found[0].keep = false;
        assert_eq!(findings_message(&found, "/demo/project"), None);
    }
}
