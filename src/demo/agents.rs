//! Sub-agents in the demo, played as codex 0.171 plays them (research §21.1): the parent's
//! `collabAgentToolCall` spawn items, then each child's own events under its own thread id with
//! no `thread/started` (its turn's `rootTurnId` is the parent's turn), the words of its answer
//! streamed while it works, then the parent's `wait` reporting every answer. The children's
//! threads are kept for `thread/read` (nickname, role), `thread/list` by source, and
//! `thread/resume` and `thread/turns/list` when the person enters one.

use super::script::DemoAgent;
use super::turn_context::{AgentThreads, TurnContext};
use serde_json::{json, Value};

/// How often the children's progress is sent while they work.
const TICK_MS: u64 = 100;

pub(super) async fn play(cx: &TurnContext, id: &str, agents: Vec<DemoAgent>) {
    let kids: Vec<String> = (0..agents.len())
        .map(|i| format!("{}-agent-{i}", cx.turn_id))
        .collect();
    for (agent, kid) in agents.iter().zip(&kids) {
        remember(cx, agent, kid);
        let spawn = |status: &str, receivers: Value, model: &str, states: Value| {
            json!({"type": "collabAgentToolCall", "id": format!("{id}-spawn-{kid}"),
                "tool": "spawnAgent", "status": status, "senderThreadId": cx.thread_id,
                "receiverThreadIds": receivers, "prompt": agent.task, "model": model,
                "reasoningEffort": "medium", "agentsStates": states})
        };
        cx.item(true, spawn("inProgress", json!([]), "", json!({})));
        cx.pause(150).await;
        let pending = json!({ kid.as_str(): {"status": "pendingInit", "message": null} });
        cx.item(
            false,
            spawn("completed", json!([kid]), "demo-model", pending),
        );
        child(
            cx,
            kid,
            "thread/status/changed",
            json!({"status": {"type": "idle"}}),
        );
        child(
            cx,
            kid,
            "turn/started",
            json!({"turn": child_turn(cx, kid, "inProgress")}),
        );
        // Its first item is its task, as the person's prompt of its own thread.
        child(
            cx,
            kid,
            "item/completed",
            json!({"turnId": format!("{kid}-turn"), "item": task_item(agent)}),
        );
    }
    let wait = |status: &str, states: Value| {
        json!({"type": "collabAgentToolCall", "id": format!("{id}-wait"), "tool": "wait",
            "status": status, "senderThreadId": cx.thread_id, "receiverThreadIds": kids,
            "prompt": null, "model": null, "reasoningEffort": null, "agentsStates": states})
    };
    cx.item(true, wait("inProgress", json!({})));
    work(cx, &agents, &kids).await;
    let states: serde_json::Map<String, Value> = agents
        .iter()
        .zip(&kids)
        .map(|(a, kid)| {
            (
                kid.clone(),
                json!({"status": "completed", "message": a.answer}),
            )
        })
        .collect();
    cx.item(false, wait("completed", Value::Object(states)));
}

/// The children at work: each streams its answer over its working time, then ends its turn.
async fn work(cx: &TurnContext, agents: &[DemoAgent], kids: &[String]) {
    let words: Vec<Vec<&str>> = agents
        .iter()
        .map(|a| a.answer.split_inclusive(' ').collect())
        .collect();
    let mut sent = vec![0usize; agents.len()];
    let mut done = vec![false; agents.len()];
    let mut elapsed = 0;
    while done.iter().any(|d| !d) {
        cx.pause(TICK_MS).await;
        elapsed += TICK_MS;
        for (i, agent) in agents.iter().enumerate() {
            if done[i] {
                continue;
            }
            let kid = &kids[i];
            let share = (elapsed as f64 / agent.work_ms.max(1) as f64).min(1.0);
            let due = (share * words[i].len() as f64).ceil() as usize;
            while sent[i] < due {
                let delta = words[i][sent[i]];
                child(
                    cx,
                    kid,
                    "item/agentMessage/delta",
                    json!({"turnId": format!("{kid}-turn"), "itemId": "answer", "delta": delta}),
                );
                sent[i] += 1;
            }
            if elapsed >= agent.work_ms {
                finish(cx, agent, kid);
                done[i] = true;
            }
        }
    }
}

fn finish(cx: &TurnContext, agent: &DemoAgent, kid: &str) {
    let turn_id = format!("{kid}-turn");
    child(
        cx,
        kid,
        "item/completed",
        json!({"turnId": turn_id, "item": {"type": "agentMessage", "id": "answer", "text": agent.answer}}),
    );
    let tokens = 800 + 40 * agent.answer.split_whitespace().count() as i64;
    let usage = json!({"totalTokens": tokens, "inputTokens": tokens - 120, "cachedInputTokens": 0,
        "outputTokens": 120, "reasoningOutputTokens": 0});
    child(
        cx,
        kid,
        "thread/tokenUsage/updated",
        json!({"turnId": turn_id, "tokenUsage": {"total": usage, "last": usage}}),
    );
    child(
        cx,
        kid,
        "turn/completed",
        json!({"turn": child_turn(cx, kid, "completed")}),
    );
    // Its history, for when the person enters it (`thread/turns/list`).
    let turn = json!({"id": turn_id, "rootTurnId": cx.turn_id, "status": "completed",
        "error": null, "durationMs": agent.work_ms, "items": [task_item(agent),
        {"type": "agentMessage", "id": "answer", "text": agent.answer}]});
    let mut threads = cx.agent_threads.lock().unwrap();
    if let Some(thread) = threads.iter_mut().find(|t| t["id"] == kid) {
        thread["turns"] = json!([turn]);
    }
}

/// The child's first item: its task.
fn task_item(agent: &DemoAgent) -> Value {
    json!({"type": "userMessage", "id": "task", "content": [{"type": "text", "text": agent.task}]})
}

fn child_turn(cx: &TurnContext, kid: &str, status: &str) -> Value {
    json!({"id": format!("{kid}-turn"), "rootTurnId": cx.turn_id, "items": [],
        "status": status, "error": null, "durationMs": null})
}

/// A notification of the child's own thread.
fn child(cx: &TurnContext, kid: &str, method: &str, mut params: Value) {
    params["threadId"] = json!(kid);
    cx.out.notify(method, params);
}

fn remember(cx: &TurnContext, agent: &DemoAgent, kid: &str) {
    let thread = json!({
        "id": kid, "preview": agent.task, "cwd": cx.cwd, "model": "demo-model",
        "createdAt": 0, "updatedAt": 0, "status": {"type": "idle"}, "turns": [],
        "parentThreadId": cx.thread_id, "agentNickname": agent.nickname,
        "agentRole": agent.role, "canAcceptDirectInput": true,
    });
    cx.agent_threads.lock().unwrap().push(thread);
}

/// One of the demo's agents' threads, turns and all (for `thread/resume`).
pub(super) fn find(threads: &AgentThreads, id: &str) -> Option<Value> {
    let threads = threads.lock().unwrap();
    threads.iter().find(|t| t["id"] == id).cloned()
}

/// `thread/turns/list` of one of the demo's agents (one page, newest first); `None` for any
/// other thread.
pub(super) fn turns(threads: &AgentThreads, params: &Value) -> Option<Value> {
    let thread = find(threads, params["threadId"].as_str()?)?;
    let mut turns: Vec<Value> = thread["turns"].as_array().cloned().unwrap_or_default();
    turns.reverse();
    Some(json!({"data": turns, "nextCursor": null}))
}

/// `thread/read` of one of the demo's agents.
pub(super) fn read(threads: &AgentThreads, params: &Value) -> Option<Value> {
    let mut thread = find(threads, params["threadId"].as_str()?)?;
    thread["turns"] = json!([]);
    Some(json!({"thread": thread, "readState": null}))
}

/// `thread/list` of a thread's sub-agents (`sourceKinds: ["subAgentThreadSpawn"]`); `None`
/// when the list asks for something else.
pub(super) fn list(threads: &AgentThreads, params: &Value) -> Option<Value> {
    let kinds = params["sourceKinds"].as_array()?;
    if !kinds.iter().any(|k| k == "subAgentThreadSpawn") {
        return None;
    }
    let archived = params["archived"].as_bool().unwrap_or(false);
    let parent = params["ancestorThreadId"].as_str();
    let data: Vec<Value> = if archived {
        Vec::new()
    } else {
        threads
            .lock()
            .unwrap()
            .iter()
            .filter(|t| parent.is_none_or(|p| t["parentThreadId"] == p))
            .cloned()
            .collect()
    };
    Some(json!({"data": data, "nextCursor": null}))
}
