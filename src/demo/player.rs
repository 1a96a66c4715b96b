//! Plays one scripted turn as the real server would: the same notifications, in the same order.

use super::script::{CommandApproval, Step};
use super::turn_context::TurnContext;
use crate::protocol;
use serde_json::{json, Value};

/// Where the script's made-up project lives; its files are shown under the session's cwd.
const SCRIPT_PROJECT: &str = "/demo/project";

fn turn(id: &str, status: &str) -> Value {
    json!({"id": id, "items": [], "status": status, "error": null, "durationMs": null})
}

/// What the turn does after a step: go on, play the person's answer's branch first, or stop
/// because the person cancelled the turn (as the real server does on `cancel`).
enum Flow {
    Next,
    Then(Vec<Step>),
    Stop,
}

/// How the person answered an approval.
fn flow_after(answer: &Value, on_decline: Vec<Step>) -> Option<Flow> {
    match protocol::Decision::from_value(&answer["decision"]) {
        d if d.is_accept() => None,
        protocol::Decision::Decline => Some(Flow::Then(on_decline)),
        _ => Some(Flow::Stop),
    }
}

pub(super) async fn play_turn(cx: TurnContext, prompt: String, steps: Vec<Step>) {
    let started = std::time::Instant::now();
    cx.notify(
        "turn/started",
        json!({"turn": turn(&cx.turn_id, "inProgress")}),
    );
    let user = json!({"type": "userMessage", "id": format!("{}-user", cx.turn_id),
        "clientId": null, "content": [{"type": "text", "text": prompt, "text_elements": []}]});
    cx.item(true, user.clone());
    cx.item(false, user);
    let mut queue: std::collections::VecDeque<Step> = steps.into();
    let mut n = 0;
    let mut status = "completed";
    while let Some(step) = queue.pop_front() {
        let item_id = format!("item_{n}");
        n += 1;
        match play_step(&cx, &item_id, step).await {
            Flow::Next => {}
            Flow::Then(branch) => {
                for step in branch.into_iter().rev() {
                    queue.push_front(step);
                }
            }
            Flow::Stop => {
                status = "interrupted";
                break;
            }
        }
    }
    let mut done = turn(&cx.turn_id, status);
    done["durationMs"] = json!(started.elapsed().as_millis() as i64);
    cx.notify("turn/completed", json!({"turn": done}));
}

async fn play_step(cx: &TurnContext, id: &str, step: Step) -> Flow {
    match step {
        Step::Message {
            text,
            chunk,
            delay_ms,
        } => {
            let item = |text: &str| json!({"type": "agentMessage", "id": id, "text": text});
            cx.item(true, item(""));
            let chars: Vec<char> = text.chars().collect();
            for piece in chars.chunks(chunk.max(1)) {
                let delta: String = piece.iter().collect();
                cx.notify(
                    "item/agentMessage/delta",
                    json!({"itemId": id, "delta": delta}),
                );
                cx.pause(delay_ms).await;
            }
            cx.item(false, item(&text));
        }
        Step::Reasoning { text } => {
            cx.item(
                true,
                json!({"type": "reasoning", "id": id, "summary": [], "content": []}),
            );
            for word in text.split_inclusive(' ') {
                cx.notify(
                    "item/reasoning/summaryTextDelta",
                    json!({"itemId": id, "delta": word, "summaryIndex": 0}),
                );
                cx.pause(15).await;
            }
            cx.item(
                false,
                json!({"type": "reasoning", "id": id, "summary": [text], "content": []}),
            );
        }
        Step::Plan { explanation, plan } => {
            cx.notify(
                "turn/plan/updated",
                json!({"explanation": explanation, "plan": plan}),
            );
            cx.pause(300).await;
        }
        Step::Command {
            command,
            actions,
            output,
            exit_code,
            line_delay_ms,
            approval,
        } => {
            return play_command(
                cx,
                id,
                command,
                actions,
                output,
                exit_code,
                line_delay_ms,
                approval,
            )
            .await
        }
        Step::FileChange {
            changes,
            approval,
            on_decline,
        } => {
            let changes: Vec<Value> = changes.iter().map(|c| at_cwd(c, &cx.cwd)).collect();
            let item = |status: &str| json!({"type": "fileChange", "id": id, "changes": changes, "status": status});
            cx.item(true, item("inProgress"));
            if approval {
                let answer = cx
                    .ask(
                        "item/fileChange/requestApproval",
                        json!({"itemId": id, "startedAtMs": 0,
                        "reason": null, "grantRoot": null}),
                    )
                    .await;
                if let Some(flow) = flow_after(&answer, on_decline) {
                    cx.item(false, item("declined"));
                    return flow;
                }
            }
            cx.item(false, item("completed"));
        }
        Step::TurnDiff { diff } => cx.notify("turn/diff/updated", json!({ "diff": diff })),
        Step::Tokens {
            input,
            output,
            window,
        } => {
            let usage = json!({"totalTokens": input + output, "inputTokens": input,
                "cachedInputTokens": 0, "cacheWriteInputTokens": 0, "outputTokens": output,
                "reasoningOutputTokens": 0});
            cx.notify(
                "thread/tokenUsage/updated",
                json!({"tokenUsage": {"total": usage, "last": usage, "modelContextWindow": window}}),
            );
        }
        Step::Sleep { ms } => cx.pause(ms).await,
        Step::Item { mut item } => {
            if item.get("id").is_none() {
                item["id"] = json!(id);
            }
            cx.item(true, item.clone());
            cx.pause(120).await;
            cx.item(false, item);
        }
        Step::Notify { method, params } => cx.notify(&method, params),
        Step::Agents { agents } => super::agents::play(cx, id, agents).await,
    }
    Flow::Next
}

/// A change of the script with its paths moved from [`SCRIPT_PROJECT`] to `cwd`.
fn at_cwd(change: &Value, cwd: &str) -> Value {
    let mut change = change.clone();
    let moved = |path: &Value| -> Option<Value> {
        let rest = path.as_str()?.strip_prefix(SCRIPT_PROJECT)?;
        Some(json!(format!("{}{rest}", cwd.trim_end_matches('/'))))
    };
    if let Some(path) = moved(&change["path"]) {
        change["path"] = path;
    }
    if let Some(path) = moved(&change["kind"]["move_path"]) {
        change["kind"]["move_path"] = path;
    }
    change
}

#[allow(clippy::too_many_arguments)]
async fn play_command(
    cx: &TurnContext,
    id: &str,
    command: String,
    actions: Vec<Value>,
    output: String,
    exit_code: i64,
    line_delay_ms: u64,
    approval: Option<CommandApproval>,
) -> Flow {
    let shell = format!("/bin/bash -lc '{}'", command.replace('\'', "'\\''"));
    let actions = if actions.is_empty() {
        json!([{"type": "unknown", "command": command}])
    } else {
        json!(actions)
    };
    let item = |status: &str, output: Option<&str>, exit: Option<i64>| {
        json!({"type": "commandExecution", "id": id, "command": shell, "cwd": Value::Null,
            "processId": null, "source": "agent", "status": status, "commandActions": actions,
            "aggregatedOutput": output, "exitCode": exit, "durationMs": exit.map(|_| 120)})
    };
    cx.item(true, item("inProgress", None, None));
    if let Some(approval) = approval {
        let mut decisions = vec![json!("accept")];
        if let Some(prefix) = &approval.prefix {
            decisions
                .push(json!({"acceptWithExecpolicyAmendment": {"execpolicy_amendment": prefix}}));
        }
        decisions.push(json!("cancel"));
        let answer = cx
            .ask(
                "item/commandExecution/requestApproval",
                json!({"kind": "command", "itemId": id, "startedAtMs": 0,
                    "environmentId": "local", "reason": approval.reason, "command": shell,
                    "cwd": null, "commandActions": actions,
                    "proposedExecpolicyAmendment": approval.prefix,
                    "availableDecisions": decisions}),
            )
            .await;
        if let Some(flow) = flow_after(&answer, approval.on_decline) {
            cx.item(false, item("declined", None, None));
            return flow;
        }
    }
    for line in output.split_inclusive('\n') {
        cx.notify(
            "item/commandExecution/outputDelta",
            json!({"itemId": id, "delta": line}),
        );
        cx.pause(line_delay_ms).await;
    }
    cx.item(false, item("completed", Some(&output), Some(exit_code)));
    Flow::Next
}

/// The rest of a turn after a steer: the steered message as a user item of the same turn,
/// then a short answer to it, then the end of the turn.
pub(super) async fn play_steered(cx: TurnContext, prompt: String, n: u64) {
    let user = json!({"type": "userMessage", "id": format!("{}-steer-{n}", cx.turn_id),
        "clientId": null, "content": [{"type": "text", "text": prompt, "text_elements": []}]});
    cx.item(true, user.clone());
    cx.item(false, user);
    let text = format!(
        "Steered. I stopped the answer I was writing (codex does not keep a cut-off answer) \
         and took your message into this turn: *{}*",
        prompt.replace('*', "")
    );
    let step = Step::Message {
        text,
        chunk: 6,
        delay_ms: 20,
    };
    play_step(&cx, &format!("steer_{n}"), step).await;
    cx.notify(
        "turn/completed",
        json!({"turn": turn(&cx.turn_id, "completed")}),
    );
}
