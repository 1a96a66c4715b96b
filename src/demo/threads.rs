//! The demo's stored threads: `thread/list` with paging, filters and search, `thread/turns/list`,
//! `thread/fork`, `thread/name/set`, archive and unarchive — enough for `tern --demo resume`.
//!
//! The script's threads come first; a few dozen generated ones follow so the picker has pages
//! to fetch and a long thread has history to page. The demo's stored threads are listed in
//! every directory (the script cannot know where the demo runs).

use serde_json::{json, Value};
use std::time::{SystemTime, UNIX_EPOCH};

/// How many generated threads follow the script's.
const GENERATED: usize = 60;
/// Turns of the generated long thread.
const LONG_TURNS: usize = 120;

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn turn(id: &str, question: &str, answer: &str) -> Value {
    json!({
        "id": id, "status": "completed", "error": null, "durationMs": 1200, "items": [
            {"type": "userMessage", "id": format!("{id}-u"),
             "content": [{"type": "text", "text": question, "text_elements": []}]},
            {"type": "agentMessage", "id": format!("{id}-m"), "text": answer},
        ]
    })
}

/// The script's threads (times made recent), then the generated ones, newest first.
pub(super) fn stored_threads(script: &[Value]) -> Vec<Value> {
    let now = unix_now();
    let mut threads: Vec<Value> = script
        .iter()
        .enumerate()
        .map(|(i, thread)| {
            let mut thread = thread.clone();
            let at = now - 600 * (i as i64 + 1);
            thread["createdAt"] = json!(at - 3600);
            thread["updatedAt"] = json!(at);
            thread
        })
        .collect();
    let long: Vec<Value> = (1..=LONG_TURNS)
        .map(|n| {
            turn(
                &format!("long-turn-{n}"),
                &format!("Step {n}: what next?"),
                &format!("Step {n} done. Scroll up for the earlier steps."),
            )
        })
        .collect();
    threads.push(json!({
        "id": "demo-thread-long", "preview": "A long session: refactor the renderer",
        "name": "Renderer refactor", "cwd": "/demo/project", "model": "demo-model",
        "createdAt": now - 86_400 - 7200, "updatedAt": now - 86_400 - 3600,
        "gitInfo": {"sha": null, "branch": "refactor/render", "originUrl": null},
        "status": {"type": "notLoaded"}, "turns": long,
    }));
    for n in 1..=GENERATED {
        let at = now - 86_400 * 2 - 5400 * n as i64;
        threads.push(json!({
            "id": format!("demo-thread-{n:03}"),
            "preview": format!("Question number {n} about the {}", ["parser", "layout", "theme", "tests"][n % 4]),
            "cwd": "/demo/project", "model": "demo-model", "createdAt": at, "updatedAt": at,
            "gitInfo": {"sha": null, "branch": "main", "originUrl": null},
            "status": {"type": "notLoaded"},
            "turns": [turn(&format!("gen-{n}-1"), &format!("Question number {n}"), "An answer.")],
        }));
    }
    threads
}

fn listed(thread: &Value) -> Value {
    let mut thread = thread.clone();
    thread["turns"] = json!([]);
    thread
}

/// `thread/list`: archived filter, search over name-or-preview (case-sensitive, like codex),
/// sort, and a cursor that is the offset into the result.
pub(super) fn list(threads: &[Value], params: &Value) -> Result<Value, String> {
    let archived = params["archived"].as_bool().unwrap_or(false);
    let term = params["searchTerm"].as_str();
    let key = match params["sortKey"].as_str() {
        Some("updated_at") => "updatedAt",
        _ => "createdAt",
    };
    let mut found: Vec<&Value> = threads
        .iter()
        .filter(|t| t["archived"].as_bool().unwrap_or(false) == archived)
        // Threads without a turn are not listed, as in codex.
        .filter(|t| t["turns"].as_array().is_some_and(|turns| !turns.is_empty()))
        .filter(|t| match term {
            Some(term) => t["name"]
                .as_str()
                .unwrap_or(t["preview"].as_str().unwrap_or(""))
                .contains(term),
            None => true,
        })
        .collect();
    found.sort_by_key(|t| std::cmp::Reverse(t[key].as_i64().unwrap_or(0)));
    let start: usize = match params["cursor"].as_str() {
        Some(cursor) => cursor
            .parse()
            .map_err(|_| format!("invalid cursor: {cursor}"))?,
        None => 0,
    };
    let limit = params["limit"].as_u64().unwrap_or(25).max(1) as usize;
    let page: Vec<Value> = found
        .iter()
        .skip(start)
        .take(limit)
        .map(|t| listed(t))
        .collect();
    let end = start + page.len();
    let next = (end < found.len()).then(|| end.to_string());
    Ok(json!({"data": page, "nextCursor": next, "backwardsCursor": null}))
}

/// `thread/turns/list`, newest first; the cursor is how many turns from the end were sent.
pub(super) fn turns(threads: &[Value], params: &Value) -> Result<Value, String> {
    let wanted = params["threadId"].as_str().unwrap_or_default();
    let thread = find(threads, wanted)?;
    let all = thread["turns"].as_array().cloned().unwrap_or_default();
    let skip: usize = params["cursor"]
        .as_str()
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let limit = params["limit"].as_u64().unwrap_or(25).max(1) as usize;
    let page: Vec<Value> = all.iter().rev().skip(skip).take(limit).cloned().collect();
    let end = skip + page.len();
    let next = (end < all.len()).then(|| end.to_string());
    Ok(json!({"data": page, "nextCursor": next, "backwardsCursor": null}))
}

pub(super) fn find<'a>(threads: &'a [Value], id: &str) -> Result<&'a Value, String> {
    threads
        .iter()
        .find(|t| t["id"] == id)
        .ok_or_else(|| format!("no rollout found for thread id {id}"))
}

fn find_mut<'a>(threads: &'a mut [Value], id: &str) -> Result<&'a mut Value, String> {
    threads
        .iter_mut()
        .find(|t| t["id"] == id)
        .ok_or_else(|| format!("no rollout found for thread id {id}"))
}

pub(super) fn set_name(threads: &mut [Value], params: &Value) -> Result<(String, String), String> {
    let id = params["threadId"].as_str().unwrap_or_default().to_string();
    let name = params["name"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_string();
    if name.is_empty() {
        return Err("thread name must not be empty".into());
    }
    find_mut(threads, &id)?["name"] = json!(name);
    Ok((id, name))
}

pub(super) fn set_archived(
    threads: &mut [Value],
    params: &Value,
    archived: bool,
) -> Result<String, String> {
    let id = params["threadId"].as_str().unwrap_or_default().to_string();
    find_mut(threads, &id)?["archived"] = json!(archived);
    Ok(id)
}

/// A copy of the thread under a new id, remembering where it came from.
pub(super) fn fork(
    threads: &mut Vec<Value>,
    params: &Value,
    new_id: String,
) -> Result<Value, String> {
    let id = params["threadId"].as_str().unwrap_or_default();
    let mut fork = find(threads, id)?.clone();
    fork["id"] = json!(new_id);
    fork["forkedFromId"] = json!(id);
    fork["updatedAt"] = json!(unix_now());
    fork["createdAt"] = json!(unix_now());
    threads.insert(0, fork.clone());
    Ok(fork)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_cover_every_thread_once() {
        let threads = stored_threads(&[]);
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let page = list(
                &threads,
                &json!({"limit": 25, "cursor": cursor, "sortKey": "updated_at"}),
            )
            .unwrap();
            seen.extend(
                page["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["id"].clone()),
            );
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        assert_eq!(seen.len(), threads.len());
    }

    #[test]
    fn turns_page_newest_first() {
        let threads = stored_threads(&[]);
        let page = turns(
            &threads,
            &json!({"threadId": "demo-thread-long", "limit": 2}),
        )
        .unwrap();
        assert_eq!(page["data"][0]["id"], "long-turn-120");
        assert_eq!(page["nextCursor"], "2");
    }
}
