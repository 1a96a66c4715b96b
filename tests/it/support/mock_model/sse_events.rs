//! The Responses API events the mock streams for each kind of answer (see `mock_model`'s docs
//! for what each scenario sends).

use super::split_text;
use serde_json::{json, Value};

pub(super) fn created(n: u64) -> Value {
    json!({ "type": "response.created", "response": { "id": format!("resp_{n}") } })
}

pub(super) fn completed(n: u64, output_tokens: usize) -> Value {
    json!({
        "type": "response.completed",
        "response": {
            "id": format!("resp_{n}"),
            "usage": {
                "input_tokens": 100,
                "input_tokens_details": null,
                "output_tokens": output_tokens,
                "output_tokens_details": null,
                "total_tokens": 100 + output_tokens,
            },
        },
    })
}

pub(super) fn text_events(n: u64, text: &str, deltas: usize) -> Vec<Value> {
    let id = format!("msg_{n}");
    let mut events = vec![
        created(n),
        json!({
            "type": "response.output_item.added",
            "output_index": 0,
            "item": { "type": "message", "role": "assistant", "id": id, "content": [] },
        }),
    ];
    for piece in split_text(text, deltas) {
        events.push(json!({
            "type": "response.output_text.delta",
            "item_id": id,
            "output_index": 0,
            "content_index": 0,
            "delta": piece,
        }));
    }
    events.push(json!({
        "type": "response.output_item.done",
        "output_index": 0,
        "item": {
            "type": "message",
            "role": "assistant",
            "id": id,
            "status": "completed",
            "content": [{ "type": "output_text", "text": text, "annotations": [] }],
        },
    }));
    events.push(completed(n, text.split_whitespace().count()));
    events
}

pub(super) fn messages_events(n: u64, texts: &[String]) -> Vec<Value> {
    let mut events = vec![created(n)];
    for (i, text) in texts.iter().enumerate() {
        let id = format!("msg_{n}_{i}");
        events.push(json!({
            "type": "response.output_item.added",
            "output_index": i,
            "item": { "type": "message", "role": "assistant", "id": id, "content": [] },
        }));
        events.push(json!({
            "type": "response.output_text.delta",
            "item_id": id,
            "output_index": i,
            "content_index": 0,
            "delta": text,
        }));
        events.push(json!({
            "type": "response.output_item.done",
            "output_index": i,
            "item": {
                "type": "message",
                "role": "assistant",
                "id": id,
                "status": "completed",
                "content": [{ "type": "output_text", "text": text, "annotations": [] }],
            },
        }));
    }
    let words = texts.iter().map(|t| t.split_whitespace().count()).sum();
    events.push(completed(n, words));
    events
}

pub(super) fn exec_command_events(n: u64, arguments: &Value) -> Vec<Value> {
    function_call_events(n, "exec_command", arguments)
}

/// One call of the tool `name` (codex's own, or a client tool) with `arguments`.
pub(super) fn function_call_events(n: u64, name: &str, arguments: &Value) -> Vec<Value> {
    vec![
        created(n),
        json!({
            "type": "response.output_item.done",
            "output_index": 0,
            "item": {
                "type": "function_call",
                "id": format!("fc_{n}"),
                "call_id": format!("call_{n}"),
                "name": name,
                // The API sends arguments as a JSON-encoded string, not an object.
                "arguments": arguments.to_string(),
            },
        }),
        completed(n, 5),
    ]
}
