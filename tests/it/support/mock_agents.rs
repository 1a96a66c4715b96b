//! The mock model's side of a sub-agent turn (`MockTurn::SpawnAndWait`), as research §21.1
//! found codex 0.171 needs it: the parent's model calls `multi_agent_v1.spawn_agent` with the
//! task, the server starts a child thread whose own request carries the task as a user message
//! (answered here with the child's text), the parent's follow-up (the spawn's output,
//! `{"agent_id", "nickname"}`) is answered with `wait_agent` on that id, and the follow-up of
//! the wait with the parent's final text. Requests are told apart by which of this flow's call
//! ids already have outputs (never by the last input item: the server appends
//! `<subagent_notification>` messages after them).

use serde_json::{json, Value};

#[derive(Debug, Clone)]
pub struct SpawnAndWait {
    /// What the parent asks the agent (its first line shows as the agent's task).
    pub task: String,
    /// What the child answers.
    pub child_answer: String,
    /// The parent's final message once the wait returned.
    pub then: String,
    spawn_call: Option<String>,
    wait_call: Option<String>,
}

impl SpawnAndWait {
    pub fn new(task: &str, child_answer: &str, then: &str) -> Self {
        SpawnAndWait {
            task: task.into(),
            child_answer: child_answer.into(),
            then: then.into(),
            spawn_call: None,
            wait_call: None,
        }
    }

    /// The parent's first answer: the spawn call (`call_<n>`).
    pub fn start(&mut self, n: u64) -> Vec<Value> {
        let call = format!("call_{n}");
        self.spawn_call = Some(call.clone());
        function_call(n, &call, "spawn_agent", json!({"message": self.task}))
    }

    /// This flow's answer to a request, or `None` when the request is not one of its.
    /// `text` makes an assistant message's events.
    pub fn answer(
        &mut self,
        body: &Value,
        n: u64,
        text: impl Fn(&str) -> Vec<Value>,
    ) -> Option<Vec<Value>> {
        let spawn = self.spawn_call.clone()?;
        let input = body["input"].as_array()?;
        let output_of = |call: &str| {
            input
                .iter()
                .find(|i| i["type"] == "function_call_output" && i["call_id"] == call)
                .map(|i| output_text(&i["output"]))
        };
        if let Some(wait) = self.wait_call.clone() {
            if output_of(&wait).is_some() {
                self.spawn_call = None;
                return Some(text(&self.then));
            }
        }
        if self.wait_call.is_none() {
            if let Some(output) = output_of(&spawn) {
                let agent: Value = serde_json::from_str(&output).unwrap_or(Value::Null);
                let id = agent["agent_id"].as_str().unwrap_or_default().to_string();
                let call = format!("call_{n}");
                self.wait_call = Some(call.clone());
                return Some(function_call(
                    n,
                    &call,
                    "wait_agent",
                    json!({"targets": [id], "timeout_ms": 30000}),
                ));
            }
        }
        // The child's request: its task arrives as a user message, and it has no outputs of
        // this flow's calls.
        let is_child = output_of(&spawn).is_none()
            && input.iter().any(|i| {
                i["type"] == "message"
                    && i["role"] == "user"
                    && i["content"]
                        .as_array()
                        .is_some_and(|c| c.iter().any(|part| part["text"] == self.task.as_str()))
            });
        is_child.then(|| text(&self.child_answer))
    }
}

/// A tool output's text (a string, or content parts).
fn output_text(output: &Value) -> String {
    match output {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        other => other.to_string(),
    }
}

fn function_call(n: u64, call: &str, name: &str, arguments: Value) -> Vec<Value> {
    vec![
        json!({ "type": "response.created", "response": { "id": format!("resp_{n}") } }),
        json!({
            "type": "response.output_item.done",
            "output_index": 0,
            "item": {
                "type": "function_call",
                "id": format!("fc_{n}"),
                "call_id": call,
                "name": name,
                "namespace": "multi_agent_v1",
                "arguments": arguments.to_string(),
            },
        }),
        json!({
            "type": "response.completed",
            "response": {
                "id": format!("resp_{n}"),
                "usage": {"input_tokens": 100, "input_tokens_details": null, "output_tokens": 5,
                          "output_tokens_details": null, "total_tokens": 105},
            },
        }),
    ]
}
