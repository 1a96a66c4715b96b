//! Counts, widths and offsets from the server never reach a formatting width, a `u16` cast or
//! an index unchecked: huge names and long lists draw (clipped, scrolled), never panic.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, RequestTag};

fn model(name: &str) -> Value {
    json!({"id": name, "model": name, "displayName": name, "description": "d",
           "hidden": false, "isDefault": false, "supportedReasoningEfforts": [],
           "defaultReasoningEffort": "low"})
}

fn models_answer(models: Vec<Value>) -> AppEvent {
    reply(
        RequestTag::ListModels,
        Ok(json!({"data": models, "nextCursor": null})),
    )
}

#[test]
fn a_model_name_past_any_format_width_draws_clipped() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/model", now);
    update(&mut state, key(KeyCode::Enter), now);
    let huge = "m".repeat(70_000);
    update(
        &mut state,
        models_answer(vec![model(&huge), model("small")]),
        now,
    );
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("small"), "{shown}");
    assert!(shown.contains("mmmmmmmmmm"), "{shown}");
}

#[test]
fn the_model_list_scrolls_to_its_selection_past_65535_entries() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/model", now);
    update(&mut state, key(KeyCode::Enter), now);
    let models = (0..70_000)
        .map(|i| model(&format!("model-{i:05}")))
        .collect();
    update(&mut state, models_answer(models), now);
    // End selects the last (lists stop at their ends rather than wrap: `controls::pick_list`).
    update(&mut state, key(KeyCode::End), now);
    let shown = screen(&mut state, 100, 30, now);
    let selected = shown
        .lines()
        .find(|l| l.contains('›'))
        .unwrap_or_else(|| panic!("no selected row on screen:\n{shown}"));
    assert!(selected.contains("model-69999"), "{shown}");
}

/// Token counts and durations from the server saturate, and nonsense shows as unknown: never
/// "-100% used" or "in -9223372036854775808ms".
#[test]
fn nonsense_numbers_show_as_unknown_and_never_wrap() {
    let now = Instant::now();
    let mut state = running_state(now);
    let usage = |input: i64| {
        json!({"threadId": THREAD, "turnId": "turn-1", "tokenUsage": {
            "total": {"totalTokens": -5, "inputTokens": i64::MAX, "cachedInputTokens": 0,
                      "outputTokens": 1, "reasoningOutputTokens": 0},
            "last": {"totalTokens": -128000, "inputTokens": input, "cachedInputTokens": 0,
                     "outputTokens": 400, "reasoningOutputTokens": 0},
            "modelContextWindow": 128000}})
    };
    // Two calls whose sum overflows an i64.
    update(
        &mut state,
        notify("thread/tokenUsage/updated", usage(i64::MAX)),
        now,
    );
    update(
        &mut state,
        notify("thread/tokenUsage/updated", usage(i64::MAX)),
        now,
    );
    update(
        &mut state,
        notify(
            "account/rateLimits/updated",
            json!({"rateLimits": {"limitId": null, "limitName": null,
                "primary": {"usedPercent": -250.0, "windowDurationMins": -5,
                            "resetsAt": i64::MIN},
                "secondary": null, "credits": null, "planType": null}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {
                "type": "commandExecution", "id": "cmd-1", "command": "true", "cwd": "/w",
                "processId": null, "source": "agent", "status": "completed",
                "commandActions": [], "aggregatedOutput": "", "exitCode": 0,
                "durationMs": i64::MIN}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [],
                   "status": "completed", "durationMs": i64::MIN}}),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(!shown.contains("-9223372036854775808"), "{shown}");
    assert!(
        !shown.contains("-100%") && !shown.contains("-250"),
        "{shown}"
    );
    assert!(shown.contains("turn completed in ?"), "{shown}");
    assert!(
        shown.contains("· ?"),
        "the command's duration is unknown:\n{shown}"
    );
    // The status line's context share: a negative count is not a percentage.
    assert!(shown.contains("ctx ?"), "{shown}");
    type_text(&mut state, "/status", now);
    update(&mut state, key(KeyCode::Enter), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("? tokens (window unknown)"), "{shown}");
    assert!(shown.contains("?% of the primary limit used"), "{shown}");
    assert!(!shown.contains("-5-minute"), "{shown}");
}
