//! Generated answers for the scale benchmarks (issue 24): a store of N threads that
//! `thread/list` pages through and searches, and a thread of N turns that `thread/turns/list`
//! pages newest first (or that `thread/resume` sends whole, as a server that ignores
//! `excludeTurns` would). Script: `{"on": "thread/list", "generate": 10000}`,
//! `{"on": "thread/turns/list", "generate": 5000}`, `{"on": "thread/resume", "generate": 5000}`.
//!
//! `TERN_FAKE_STAMPS`: a file the server appends a line to after writing each generated answer,
//! `{"method": …, "id": …, "rows": N, "at_ns": …}`, `at_ns` read from `CLOCK_MONOTONIC` (the
//! clock `std::time::Instant` reads), so a benchmark can time the screen from that moment.

use serde_json::{json, Value};
use std::io::Write;
use std::sync::Mutex;

/// The newest generated thread or turn was updated at this Unix time.
const NEWEST: i64 = 1_795_962_301;
/// Rows per page when the request names none (the server's default), and the most it gives.
const DEFAULT_LIMIT: u64 = 25;
const MAX_LIMIT: u64 = 1_000;

/// The answer to `method` from `count` generated threads or turns.
pub fn answer(method: &str, params: &Value, count: u64) -> Value {
    match method {
        "thread/list" => thread_page(params, count),
        "thread/turns/list" => turns_page(params, count),
        "thread/resume" => resumed_whole(params, count),
        _ => json!({}),
    }
}

/// How many rows `answer` holds (for the stamp).
pub fn rows(answer: &Value) -> usize {
    answer["data"]
        .as_array()
        .or(answer["thread"]["turns"].as_array())
        .map_or(0, Vec::len)
}

fn offset(params: &Value) -> u64 {
    params["cursor"]
        .as_str()
        .and_then(|c| c.strip_prefix("at:"))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn limit(params: &Value) -> u64 {
    params["limit"]
        .as_u64()
        .unwrap_or(DEFAULT_LIMIT)
        .clamp(1, MAX_LIMIT)
}

/// Thread `n` of the store (0 is the newest).
fn thread(n: u64, cwd: &str) -> Value {
    let topic = ["parser", "renderer", "scheduler", "cache", "network layer"][n as usize % 5];
    // Every seventh has a name (the row shows it instead of the preview).
    let name = n
        .is_multiple_of(7)
        .then(|| format!("Named {topic} work {n:05}"));
    json!({
        "id": format!("thr-{n:05}"), "cwd": cwd, "model": "fake-model", "modelProvider": "fake",
        "preview": format!("thread {n:05}: why does the {topic} stall under load"),
        "name": name,
        "createdAt": NEWEST - n as i64 * 600 - 60, "updatedAt": NEWEST - n as i64 * 600,
        "status": {"type": "notLoaded"}, "turns": [],
        "gitInfo": {"sha": null, "branch": "main", "originUrl": null},
    })
}

/// A page of the store, newest first, filtered by `searchTerm` (a substring of the preview or
/// name, as the server's title search).
fn thread_page(params: &Value, count: u64) -> Value {
    let cwd = params["cwd"]
        .as_str()
        .unwrap_or("/work/project")
        .to_string();
    let term = params["searchTerm"].as_str().filter(|t| !t.is_empty());
    let (start, limit) = (offset(params), limit(params));
    let mut data = Vec::new();
    let mut n = start;
    while n < count && (data.len() as u64) < limit {
        let row = thread(n, &cwd);
        n += 1;
        let matches = term.is_none_or(|t| {
            row["preview"].as_str().is_some_and(|p| p.contains(t))
                || row["name"].as_str().is_some_and(|p| p.contains(t))
        });
        if matches {
            data.push(row);
        }
    }
    let next = (n < count).then(|| format!("at:{n}"));
    json!({"data": data, "nextCursor": next, "backwardsCursor": null, "readStates": null})
}

/// Turn `k` of the long thread (1 is the oldest): a question and a short markdown answer, a
/// code block in every tenth.
fn turn(k: u64) -> Value {
    let mut answer = format!(
        "Answer {k}: the change touches **three** files.\n\n- `src/lib.rs`: the entry point\n\
         - `src/parse.rs`: the parser\n- `src/render.rs`: the renderer\n\nTURN-END {k}"
    );
    if k.is_multiple_of(10) {
        answer = format!("```rust\nfn turn_{k}() -> u64 {{\n    {k}\n}}\n```\n\n{answer}");
    }
    json!({
        "id": format!("turn-{k:05}"), "status": "completed", "error": null, "durationMs": 1000,
        "startedAt": NEWEST - 3600 + k as i64, "completedAt": NEWEST - 3600 + k as i64 + 1,
        "items": [
            {"type": "userMessage", "id": format!("u-{k:05}"),
             "content": [{"type": "text", "text_elements": [],
                          "text": format!("Question {k}: what does turn {k} change?")}]},
            {"type": "agentMessage", "id": format!("m-{k:05}"), "text": answer},
        ],
    })
}

/// A page of the long thread, newest first (`sortDirection` "desc", the default) or oldest
/// first; the cursor counts turns from the start of that order.
fn turns_page(params: &Value, count: u64) -> Value {
    let ascending = params["sortDirection"].as_str() == Some("asc");
    let (start, limit) = (offset(params), limit(params));
    let end = (start + limit).min(count);
    let data: Vec<Value> = (start..end)
        .map(|i| turn(if ascending { i + 1 } else { count - i }))
        .collect();
    let next = (end < count).then(|| format!("at:{end}"));
    json!({"data": data, "nextCursor": next, "backwardsCursor": null})
}

/// `thread/resume` answered with every turn inline, oldest first.
fn resumed_whole(params: &Value, count: u64) -> Value {
    let id = params["threadId"].as_str().unwrap_or("thr-fake");
    let mut thread = thread(0, "{{cwd}}");
    thread["id"] = Value::from(id);
    thread["turns"] = Value::Array((1..=count).map(turn).collect());
    json!({
        "thread": thread, "model": "{{model}}", "modelProvider": "fake", "cwd": "{{cwd}}",
        "approvalPolicy": "on-request", "approvalsReviewer": "user",
        "sandbox": {"type": "workspaceWrite", "writableRoots": [], "networkAccess": false},
        "reasoningEffort": null,
    })
}

static STAMPS: Mutex<Option<std::fs::File>> = Mutex::new(None);

/// Notes that the answer to request `id` was written (see the module doc).
pub fn stamp(method: &str, id: &Value, rows: usize) {
    let Some(path) = std::env::var_os("TERN_FAKE_STAMPS") else {
        return;
    };
    let mut file = STAMPS.lock().unwrap();
    if file.is_none() {
        *file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok();
    }
    let line = json!({"method": method, "id": id, "rows": rows, "at_ns": monotonic_ns()});
    if let Some(file) = file.as_mut() {
        let _ = writeln!(file, "{line}");
    }
}

fn monotonic_ns() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the time into `now`, which lives for the call.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}
