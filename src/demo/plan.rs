//! The demo's Plan mode and rewind: the collaboration modes, a Plan-mode turn that streams a
//! proposed plan (reasoning, `item/plan/delta`, the plan item completed before the message),
//! the "clear context" requests (answered without writing anything), and `thread/revert`
//! with the turns kept per thread so the transcript reloads as the real server's does.

use super::turn_context::{Outbox, TurnContext};
use serde_json::{json, Value};
use std::time::Duration;

/// `collaborationMode/list`, as codex 0.171 answers it.
pub(super) fn modes() -> Value {
    json!({"data": [
        {"name": "Plan", "mode": "plan", "model": null, "reasoning_effort": "medium"},
        {"name": "Default", "mode": "default", "model": null, "reasoning_effort": null},
    ]})
}

/// `thread/settings/update`: the mode switch, confirmed by `thread/settings/updated`.
pub(super) fn update_settings(
    out: &Outbox,
    params: &Value,
    model: &str,
    mode: &mut String,
) -> Value {
    if let Some(wanted) = params["collaborationMode"]["mode"].as_str() {
        if wanted != mode.as_str() {
            *mode = wanted.to_string();
            let effort = params["collaborationMode"]["settings"]["reasoning_effort"].clone();
            out.notify(
                "thread/settings/updated",
                json!({"threadId": params["threadId"], "threadSettings": {
                    "model": model, "effort": effort,
                    "collaborationMode": {"mode": wanted, "settings": {
                        "model": model, "reasoning_effort": effort,
                        "developer_instructions": null}}}}),
            );
        }
    }
    json!({})
}

/// The plan the demo proposes, for the prompt it was asked.
fn plan_for(prompt: &str) -> String {
    let topic: String = prompt
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(60)
        .collect();
    format!(
        "# Plan: {topic}\n\n\
         1. Read `src/lib.rs` and `src/app/update.rs` to see where the change goes\n\
         2. Add `hello.txt` and update the README's first line\n\
         3. Move the version check into `update` and keep the old behaviour\n\
         4. Run `cargo test` and fix what breaks\n\n\
         **Risks:** the version check runs before the config is read.\n"
    )
}

/// A Plan-mode turn: think, propose a plan (streamed), say it is ready.
pub(super) async fn play_plan_turn(cx: TurnContext, prompt: String) {
    let pause = |ms: u64| {
        let ms = (ms as f64 * cx.speed) as u64;
        async move {
            if ms > 0 {
                tokio::time::sleep(Duration::from_millis(ms)).await;
            } else {
                tokio::task::yield_now().await;
            }
        }
    };
    let notify = |method: &str, mut params: Value| {
        params["threadId"] = json!(cx.thread_id);
        if !matches!(method, "turn/started" | "turn/completed") {
            params["turnId"] = json!(cx.turn_id);
        }
        cx.out.notify(method, params);
    };
    let turn = |status: &str| json!({"id": cx.turn_id, "items": [], "status": status, "error": null, "durationMs": null});
    notify("turn/started", json!({"turn": turn("inProgress")}));
    let user = json!({"type": "userMessage", "id": format!("{}-user", cx.turn_id),
        "content": [{"type": "text", "text": prompt, "text_elements": []}]});
    notify("item/started", json!({"item": user}));
    notify("item/completed", json!({"item": user}));
    let reasoning = format!("{}-rs", cx.turn_id);
    notify(
        "item/started",
        json!({"item": {"type": "reasoning", "id": reasoning, "summary": [], "content": []}}),
    );
    let thought =
        "**Planning the change**\n\nI read the layout first and change nothing in Plan mode.";
    for word in thought.split_inclusive(' ') {
        notify(
            "item/reasoning/summaryTextDelta",
            json!({"itemId": reasoning, "delta": word, "summaryIndex": 0}),
        );
        pause(20).await;
    }
    notify(
        "item/completed",
        json!({"item": {"type": "reasoning", "id": reasoning, "summary": [thought], "content": []}}),
    );
    let message = format!("{}-msg", cx.turn_id);
    notify(
        "item/started",
        json!({"item": {"type": "agentMessage", "id": message, "text": ""}}),
    );
    notify(
        "item/agentMessage/delta",
        json!({"itemId": message, "delta": "Here is my plan.\n\n"}),
    );
    let plan = plan_for(&prompt);
    let plan_id = format!("{}-plan", cx.turn_id);
    notify(
        "item/started",
        json!({"item": {"type": "plan", "id": plan_id, "text": ""}}),
    );
    for line in plan.split_inclusive('\n') {
        notify("item/plan/delta", json!({"itemId": plan_id, "delta": line}));
        pause(120).await;
    }
    notify(
        "item/completed",
        json!({"item": {"type": "plan", "id": plan_id, "text": plan}}),
    );
    let text = PLAN_ANSWER;
    notify(
        "item/agentMessage/delta",
        json!({"itemId": message, "delta": "Say what to change, or choose how to go on."}),
    );
    notify(
        "item/completed",
        json!({"item": {"type": "agentMessage", "id": message, "text": text}}),
    );
    notify("turn/completed", json!({"turn": turn("completed")}));
}

/// The turns the demo keeps of a thread it played, as `thread/turns/list` returns them: the
/// person's message and what the answer said.
pub(super) fn stored_turn(turn_id: &str, prompt: &str, answer: &str, plan: bool) -> Value {
    let mut items = vec![
        json!({"type": "userMessage", "id": format!("{turn_id}-user"),
        "content": [{"type": "text", "text": prompt, "text_elements": []}]}),
    ];
    if plan {
        items.push(
            json!({"type": "plan", "id": format!("{turn_id}-plan"), "text": plan_for(prompt)}),
        );
    }
    items.push(json!({"type": "agentMessage", "id": format!("{turn_id}-msg"), "text": answer}));
    json!({"id": turn_id, "status": "completed", "error": null, "durationMs": null, "items": items})
}

/// What a planning turn's message says.
pub(super) const PLAN_ANSWER: &str =
    "Here is my plan.\n\nSay what to change, or choose how to go on.";

/// `thread/revert`: the thread's turns from `beforeTurnId` on are dropped.
pub(super) fn revert(thread: &mut Value, params: &Value) -> Result<Value, String> {
    let before = params["beforeTurnId"].as_str().unwrap_or_default();
    let turns = thread["turns"].as_array_mut().ok_or("no turns")?;
    let at = turns
        .iter()
        .position(|t| t["id"] == before)
        .ok_or_else(|| format!("turn not found: {before}"))?;
    turns.truncate(at);
    let mut shown = thread.clone();
    shown["turns"] = json!([]);
    Ok(json!({"thread": shown, "turnsBackwardsCursor": null, "itemsBackwardsCursor": null}))
}

/// `thread/prepareApprovedPlan`: the prompt the real server returns.
pub(super) fn prepare(params: &Value) -> Value {
    match params["attachmentPath"].as_str() {
        Some(path) => {
            json!({"prompt": format!("Read the approved plan at {path} and implement it.")})
        }
        None => json!({"prompt": "Implement the plan."}),
    }
}
