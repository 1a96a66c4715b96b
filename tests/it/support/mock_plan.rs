#![allow(dead_code)] // the e2e tests use it; the bench binary includes `support` too
//! The mock model's answers for Plan mode, reasoning and thread titles (issue 20), beside
//! `mock_model`'s: SSE events for a reasoning item with summary parts and raw text, and the
//! answer to the official TUI's title request (`{"title": …}`), recognised by its prompt so it
//! never takes a turn of the script. See research/a/NOTES.md §20.2, §20.4, §20.6.

use serde_json::{json, Value};

/// The start of the title request's prompt (the official TUI's, which tern sends too).
const TITLE_REQUEST: &str = "Generate a concise, single-line task title";

/// A plan as a model writes it in Plan mode: the server lifts the block out as a plan item.
pub fn plan_answer(plan: &str, after: &str) -> String {
    format!("Here is my plan.\n\n<proposed_plan>\n{plan}</proposed_plan>\n\n{after}")
}

/// Whether `body` (a `/v1/responses` request) asks for a thread title.
pub fn is_title_request(body: &Value) -> bool {
    body["input"].as_array().is_some_and(|items| {
        items.iter().any(|item| {
            item["role"] == "user"
                && item["content"].as_array().is_some_and(|parts| {
                    parts.iter().any(|p| {
                        p["text"]
                            .as_str()
                            .is_some_and(|t| t.starts_with(TITLE_REQUEST))
                    })
                })
        })
    })
}

/// The title's answer: one assistant message holding the JSON the schema asks for.
pub fn title_text(title: &str) -> String {
    json!({ "title": title }).to_string()
}

/// A reasoning item with two summary parts and raw text, then the assistant message `text`:
/// what `item/reasoning/summaryPartAdded`, `summaryTextDelta` and `textDelta` come from.
pub fn reasoning_events(n: u64, summaries: &[&str], raw: &str, text: &str) -> Vec<Value> {
    let rs = format!("rs_{n}");
    let msg = format!("msg_{n}");
    let mut events = vec![
        json!({"type": "response.created", "response": {"id": format!("resp_{n}")}}),
        json!({"type": "response.output_item.added", "output_index": 0,
               "item": {"type": "reasoning", "id": rs, "summary": []}}),
    ];
    for (i, summary) in summaries.iter().enumerate() {
        events.push(
            json!({"type": "response.reasoning_summary_part.added", "item_id": rs,
            "output_index": 0, "summary_index": i, "part": {"type": "summary_text", "text": ""}}),
        );
        for piece in summary.split_inclusive(' ') {
            events.push(
                json!({"type": "response.reasoning_summary_text.delta", "item_id": rs,
                "output_index": 0, "summary_index": i, "delta": piece}),
            );
        }
    }
    events.push(
        json!({"type": "response.reasoning_text.delta", "item_id": rs,
        "output_index": 0, "content_index": 0, "delta": raw}),
    );
    events.push(json!({"type": "response.output_item.done", "output_index": 0, "item": {
        "type": "reasoning", "id": rs,
        "summary": summaries.iter().map(|s| json!({"type": "summary_text", "text": s})).collect::<Vec<_>>(),
        "content": [{"type": "reasoning_text", "text": raw}]}}));
    events.push(
        json!({"type": "response.output_item.added", "output_index": 1,
        "item": {"type": "message", "role": "assistant", "id": msg, "content": []}}),
    );
    events.push(
        json!({"type": "response.output_text.delta", "item_id": msg, "output_index": 1,
        "content_index": 0, "delta": text}),
    );
    events.push(
        json!({"type": "response.output_item.done", "output_index": 1, "item": {
        "type": "message", "role": "assistant", "id": msg, "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": []}]}}),
    );
    events.push(
        json!({"type": "response.completed", "response": {"id": format!("resp_{n}"),
        "usage": {"input_tokens": 100, "input_tokens_details": null, "output_tokens": 20,
                  "output_tokens_details": null, "total_tokens": 120}}}),
    );
    events
}

/// The text of every message of a request's input, to see what the model was given.
pub fn input_text(body: &Value) -> String {
    body["input"].to_string()
}
