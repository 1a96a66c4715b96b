//! Threads a demo turn starts beside its own (the script's `background`), so `--demo` shows
//! the inbox and the board: each thread is named (`thread/name/updated`), active on the server
//! (`thread/status/changed`), plays its own turn — whose questions reach tern as any other
//! thread's do, and wait in the inbox — and goes idle when the turn ends. They are stored
//! threads too, so `/resume` and the board open them, and `thread/loaded/list` names them.

use super::player::play_turn;
use super::script::BackgroundThread;
use super::turn_context::{Outbox, TurnContext};
use serde_json::{json, Value};
use tokio::task::JoinHandle;

/// The stored thread of a background thread, its turn already kept (for `/resume`).
pub(super) fn stored(
    id: &str,
    spec: &BackgroundThread,
    cwd: &str,
    model: &str,
    turn: Value,
) -> Value {
    json!({
        "id": id, "name": spec.name, "preview": spec.prompt, "cwd": cwd, "model": model,
        "createdAt": 0, "updatedAt": 0, "status": {"type": "idle"}, "turns": [turn],
    })
}

/// Plays `spec`'s turn in thread `cx.thread_id`: named, active, the turn, then idle.
pub(super) fn play(cx: TurnContext, spec: BackgroundThread) -> JoinHandle<()> {
    tokio::spawn(async move {
        let out = cx.out.clone();
        let id = cx.thread_id.clone();
        out.notify(
            "thread/name/updated",
            json!({"threadId": id, "threadName": spec.name}),
        );
        status(&out, &id, json!({"type": "active", "activeFlags": []}));
        play_turn(cx, spec.prompt, spec.steps).await;
        status(&out, &id, json!({"type": "idle"}));
    })
}

fn status(out: &Outbox, thread_id: &str, status: Value) {
    out.notify(
        "thread/status/changed",
        json!({"threadId": thread_id, "status": status}),
    );
}

/// `thread/loaded/list`: a page of `ids` (the cursor is the offset, as the demo's other lists).
pub(super) fn loaded_page(ids: &[String], params: &Value) -> Result<Value, String> {
    let start: usize = match params["cursor"].as_str() {
        Some(cursor) => cursor
            .parse()
            .map_err(|_| format!("invalid cursor: {cursor}"))?,
        None => 0,
    };
    let limit = params["limit"]
        .as_u64()
        .map_or(usize::MAX, |l| l.max(1) as usize);
    let page: Vec<&String> = ids.iter().skip(start).take(limit).collect();
    let end = start + page.len();
    let next = (end < ids.len()).then(|| end.to_string());
    Ok(json!({"data": page, "nextCursor": next}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaded_pages_follow_the_cursor() {
        let ids: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let first = loaded_page(&ids, &json!({"limit": 2})).unwrap();
        assert_eq!(first, json!({"data": ["a", "b"], "nextCursor": "2"}));
        let rest = loaded_page(&ids, &json!({"cursor": "2", "limit": 2})).unwrap();
        assert_eq!(rest, json!({"data": ["c"], "nextCursor": null}));
        let all = loaded_page(&ids, &json!({})).unwrap();
        assert_eq!(all["data"].as_array().unwrap().len(), 3);
    }
}
