//! What the resume picker needs to know about a thread, reduced from the server's `Thread`:
//! its row text (sanitized once, here), relative times and a fuzzy match.

use crate::protocol::Thread;
use crate::text::sanitize::sanitize_line;

/// One thread as the picker lists it. Every text field is sanitized: names, previews, cwds and
/// branches are hostile.
#[derive(Debug, Clone, PartialEq)]
pub struct ThreadRow {
    pub id: String,
    /// The name set with `thread/name/set`, if any.
    pub name: Option<String>,
    /// The first user message.
    pub preview: String,
    pub cwd: String,
    pub branch: Option<String>,
    pub created_at: Option<i64>,
    pub updated_at: Option<i64>,
    /// Loaded and running a turn in the server right now.
    pub active: bool,
    /// Loaded in the server right now (idle or running): on a shared service, some window has
    /// it open (the same set `thread/loaded/list` names); opening it follows its stream.
    pub live: bool,
}

impl ThreadRow {
    pub(crate) fn from_thread(thread: &Thread) -> Self {
        // One line each: a multi-line preview reads as one, and escapes are dropped.
        let clean = |text: &str| {
            sanitize_line(&text.replace(['\n', '\r'], " "))
                .trim()
                .to_string()
        };
        ThreadRow {
            id: clean(&thread.id),
            name: thread.name.as_deref().map(clean).filter(|n| !n.is_empty()),
            preview: clean(&thread.preview),
            cwd: clean(thread.cwd.as_deref().unwrap_or_default()),
            branch: thread
                .git_info
                .as_ref()
                .and_then(|g| g.branch.as_deref())
                .map(clean)
                .filter(|b| !b.is_empty()),
            created_at: thread.created_at,
            updated_at: thread.updated_at,
            active: matches!(
                thread.status,
                Some(crate::protocol::ThreadStatus::Active { .. })
            ),
            live: matches!(
                thread.status,
                Some(
                    crate::protocol::ThreadStatus::Active { .. }
                        | crate::protocol::ThreadStatus::Idle
                        | crate::protocol::ThreadStatus::SystemError
                )
            ),
        }
    }

    /// The name, else the preview, else a placeholder.
    pub fn title(&self) -> &str {
        match &self.name {
            Some(name) => name,
            None if !self.preview.is_empty() => &self.preview,
            None => "(no message)",
        }
    }

    /// How well `query` matches this row's name, preview, cwd, branch and id: `None` when it
    /// does not.
    pub(crate) fn score(&self, query: &str) -> Option<i64> {
        [
            self.name.as_deref().unwrap_or(""),
            &self.preview,
            &self.cwd,
            self.branch.as_deref().unwrap_or(""),
            &self.id,
        ]
        .iter()
        .filter_map(|field| fuzzy_score(query, field))
        .max()
    }
}

/// The last exchange of a thread, for the picker's details pane: what was asked and what the
/// agent answered last, each sanitized to one line per paragraph.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    pub question: String,
    pub answer: String,
}

impl Exchange {
    /// From the newest turn (`itemsView: "summary"` is enough: the user message and the final
    /// answer). `None` when it has neither.
    pub(crate) fn from_turn(turn: &crate::protocol::Turn) -> Option<Exchange> {
        use crate::protocol::{ThreadItem, UserInput};
        let mut question = String::new();
        let mut answer = String::new();
        for item in &turn.items {
            match item {
                ThreadItem::UserMessage { content, .. } => {
                    for input in content {
                        if let UserInput::Text { text, .. } = input {
                            question = text.clone();
                        }
                    }
                }
                // Only what stands in for a hidden or blocked answer; without the
                // `<proposed_plan>` tag lines a message keeps outside Plan mode.
                ThreadItem::AgentMessage {
                    text, moderation, ..
                } => {
                    answer = super::plan_tags::strip_plan_tags(&crate::protocol::shown_text(
                        text,
                        moderation.as_ref(),
                    ))
                }
                _ => {}
            }
        }
        let clean = |text: &str| {
            text.lines()
                .map(sanitize_line)
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let exchange = Exchange {
            question: clean(&question),
            answer: clean(&answer),
        };
        (!exchange.question.is_empty() || !exchange.answer.is_empty()).then_some(exchange)
    }
}

/// A case-insensitive subsequence match: `None` unless every character of `query` appears in
/// `text` in order. Consecutive characters and a match at a word start score higher, so
/// "evlo" ranks "event loop" above "every lost option".
/// A thread rewound with `thread/revert` is listed once per rollout file (codex 0.171): keeps
/// one row per id, the most recently updated, where the first of them was.
pub(crate) fn dedupe(threads: &mut Vec<crate::protocol::Thread>) {
    let mut kept: Vec<crate::protocol::Thread> = Vec::with_capacity(threads.len());
    for thread in threads.drain(..) {
        match kept.iter_mut().find(|k| k.id == thread.id) {
            Some(k) if thread.updated_at > k.updated_at => *k = thread,
            Some(_) => {}
            None => kept.push(thread),
        }
    }
    *threads = kept;
}

pub(crate) fn fuzzy_score(query: &str, text: &str) -> Option<i64> {
    let query: Vec<char> = query
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if query.is_empty() {
        return Some(0);
    }
    let mut score = 0i64;
    let mut wanted = query.iter().peekable();
    let mut previous: Option<char> = None;
    let mut run = 0i64;
    for c in text.chars() {
        let Some(&&next) = wanted.peek() else { break };
        let lower = c.to_lowercase().next().unwrap_or(c);
        if lower == next {
            wanted.next();
            run += 1;
            score += 1 + run * 2;
            if previous.is_none_or(|p| !p.is_alphanumeric()) {
                score += 5;
            }
        } else {
            run = 0;
        }
        previous = Some(c);
    }
    wanted.peek().is_none().then_some(score)
}

/// "just now", "3 min ago", "5 h ago", "yesterday", "4 days ago", then the date.
pub(crate) fn relative_time(now_unix: i64, then_unix: i64) -> String {
    let seconds = now_unix - then_unix;
    if seconds < 0 {
        return "just now".into();
    }
    let minutes = seconds / 60;
    let hours = minutes / 60;
    let days = hours / 24;
    match () {
        _ if seconds < 60 => "just now".into(),
        _ if minutes < 60 => format!("{minutes} min ago"),
        _ if hours < 24 => format!("{hours} h ago"),
        _ if days == 1 => "yesterday".into(),
        _ if days < 30 => format!("{days} days ago"),
        _ => date(then_unix),
    }
}

/// `YYYY-MM-DD` (UTC) of a unix time, from the civil-from-days algorithm.
fn date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A path as shown: `~/…` under the home folder.
pub(crate) fn short_path(path: &str, home: Option<&str>) -> String {
    match home.and_then(|home| path.strip_prefix(home)) {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_like_a_person_says_them() {
        let now = 1_800_000_000;
        assert_eq!(relative_time(now, now - 5), "just now");
        assert_eq!(relative_time(now, now - 180), "3 min ago");
        assert_eq!(relative_time(now, now - 5 * 3600), "5 h ago");
        assert_eq!(relative_time(now, now - 30 * 3600), "yesterday");
        assert_eq!(relative_time(now, now - 4 * 86_400), "4 days ago");
        assert_eq!(relative_time(now, 1_700_000_000), "2023-11-14");
        assert_eq!(relative_time(now, now + 100), "just now");
    }

    #[test]
    fn fuzzy_matches_in_order_and_ranks_word_starts() {
        assert!(fuzzy_score("evlo", "Explain the event loop").is_some());
        assert!(fuzzy_score("loopev", "event loop").is_none());
        assert!(fuzzy_score("EVENT", "event").is_some());
        assert!(
            fuzzy_score("evlo", "event loop").unwrap()
                > fuzzy_score("evlo", "develop tool").unwrap()
        );
    }

    #[test]
    fn a_peeked_answer_drops_its_plan_tag_lines() {
        let turn: crate::protocol::Turn = serde_json::from_value(serde_json::json!({
            "id": "t1", "status": "completed", "items": [
                {"type": "userMessage", "id": "u", "content": [{"type": "text", "text": "go"}]},
                {"type": "agentMessage", "id": "m",
                 "text": "Here.\n\n<proposed_plan>\n# Fix\n</proposed_plan>\n\nDone"}
            ]
        }))
        .unwrap();
        let exchange = Exchange::from_turn(&turn).unwrap();
        assert_eq!(exchange.answer, "Here. # Fix Done");
    }

    #[test]
    fn rows_are_sanitized() {
        let thread: Thread = serde_json::from_value(serde_json::json!({
            "id": "t\u{1b}]0;x\u{7}1", "preview": "hi\u{1b}[31m red", "cwd": "/w\u{7}",
            "name": "\u{1b}[2J", "gitInfo": {"branch": "main\u{1b}[K"}
        }))
        .unwrap();
        let row = ThreadRow::from_thread(&thread);
        for text in [
            &row.id,
            &row.preview,
            &row.cwd,
            row.branch.as_ref().unwrap(),
        ] {
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}'),
                "{text:?}"
            );
        }
        // A name that is nothing but escapes is no name.
        assert_eq!(row.title(), "hi red");
        let multi: Thread =
            serde_json::from_value(serde_json::json!({"id": "t", "preview": "one\ntwo\rthree"}))
                .unwrap();
        assert_eq!(ThreadRow::from_thread(&multi).preview, "one two three");
    }

    #[test]
    fn paths_shorten_under_home_only() {
        assert_eq!(short_path("/home/a/p", Some("/home/a")), "~/p");
        assert_eq!(short_path("/home/ab/p", Some("/home/a")), "/home/ab/p");
    }
}
