//! The demo server's JSON-RPC side: answers tern's requests and starts scripted turns.

use super::player::play_turn;
use super::script::DemoScript;
use super::turn_context::{AgentThreads, Outbox, PendingAnswers, TurnContext};
use crate::protocol::{Incoming, RequestId};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

struct DemoServer {
    script: Arc<DemoScript>,
    out: Outbox,
    answers: PendingAnswers,
    threads: Vec<Value>,
    next_id: u64,
    running: Option<(String, JoinHandle<()>)>,
    /// The turns of threads started beside the shown one (the script's `background`).
    background: Vec<JoinHandle<()>>,
    /// The threads loaded this session (started, resumed, started in the background), for
    /// `thread/loaded/list`, oldest first.
    loaded: Vec<String>,
    /// Sub-agents the turns spawned.
    agent_threads: AgentThreads,
    account: super::account::DemoAccount,
    signed_in: super::mcp_skills::SignedIn,
    /// The skills turned off (`skills/config/write`), by path.
    skills_off: std::collections::HashSet<String>,
    /// The collaboration mode (`thread/settings/update`).
    mode: String,
}

pub(super) async fn serve(stream: DuplexStream, script: DemoScript) {
    let (reader, mut writer) = tokio::io::split(stream);
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        while let Some(line) = rx.recv().await {
            if writer
                .write_all(format!("{line}\n").as_bytes())
                .await
                .is_err()
            {
                break;
            }
        }
    });
    let mut server = DemoServer {
        threads: super::threads::stored_threads(&script.threads),
        script: Arc::new(script),
        out: Outbox::new(tx),
        answers: Arc::default(),
        next_id: 1,
        running: None,
        background: Vec::new(),
        loaded: Vec::new(),
        agent_threads: Default::default(),
        account: Default::default(),
        signed_in: Default::default(),
        skills_off: Default::default(),
        mode: "default".into(),
    };
    let mut lines = BufReader::new(reader).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        match Incoming::parse(&line) {
            Ok(Incoming::Request { id, method, params }) => {
                let params = serde_json::from_str(params.get()).unwrap_or_default();
                server.request(id, &method, params)
            }
            Ok(Incoming::Response {
                id: RequestId::Int(id),
                result,
            }) => {
                if let Some(waiter) = server.answers.lock().unwrap().remove(&id) {
                    let _ = waiter.send(result);
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("demo server: unreadable line: {e}"),
        }
    }
    if let Some((_, handle)) = server.running.take() {
        handle.abort();
    }
    for handle in server.background.drain(..) {
        handle.abort();
    }
}

impl DemoServer {
    fn fresh_id(&mut self, kind: &str) -> String {
        self.next_id += 1;
        format!("demo-{kind}-{}", self.next_id)
    }

    fn thread_response(&self, thread: Value) -> Value {
        let cwd = thread["cwd"].clone();
        json!({
            "thread": thread,
            "model": self.script.model,
            "modelProvider": "demo",
            "cwd": cwd,
            "approvalPolicy": "on-request",
            "sandbox": {"type": "workspaceWrite"},
        })
    }

    fn request(&mut self, id: RequestId, method: &str, params: Value) {
        let speed = self.script.speed;
        if let Some(reply) = self.account.request(&self.out, &id, method, &params, speed) {
            match reply {
                super::account::DemoAnswer::Answer(Ok(value)) => self.out.respond(&id, value),
                super::account::DemoAnswer::Answer(Err(message)) => self.out.error(&id, &message),
                super::account::DemoAnswer::Sent => {}
            }
            return;
        }
        let result = match method {
            "initialize" => Ok(json!({
                "userAgent": "tern/0.171.0 (the tern demo)",
                "codexHome": "/demo/.codex",
                "platformFamily": "unix",
                "platformOs": std::env::consts::OS,
            })),
            "thread/start" => {
                let thread_id = self.fresh_id("thread");
                let cwd = params["cwd"].as_str().unwrap_or("/").to_string();
                let thread = json!({
                    "id": thread_id, "preview": "", "cwd": cwd, "model": self.script.model,
                    "createdAt": 0, "updatedAt": 0, "status": {"type": "idle"}, "turns": [],
                });
                self.threads.insert(0, thread.clone());
                self.mark_loaded(&thread_id);
                self.out.notify("thread/started", json!({"thread": thread}));
                Ok(self.thread_response(thread))
            }
            "thread/resume" => {
                let wanted = params["threadId"].as_str().unwrap_or_default();
                // One of the demo's sub-agents, or a stored thread.
                let found = super::agents::find(&self.agent_threads, wanted)
                    .map(Ok)
                    .unwrap_or_else(|| super::threads::find(&self.threads, wanted).cloned());
                match found {
                    Ok(thread) => {
                        self.mark_loaded(wanted);
                        let mut thread = thread;
                        let mut response = self.thread_response(Value::Null);
                        if params["excludeTurns"].as_bool().unwrap_or(false) {
                            thread["turns"] = json!([]);
                            // The demo's cursor: none sent yet.
                            response["turnsBackwardsCursor"] = Value::Null;
                        }
                        response["cwd"] = thread["cwd"].clone();
                        response["thread"] = thread;
                        Ok(response)
                    }
                    Err(e) => Err(e),
                }
            }
            "thread/list" => match super::agents::list(&self.agent_threads, &params) {
                Some(agents) => Ok(agents),
                None => super::threads::list(&self.threads, &params),
            },
            "thread/loaded/list" => super::background::loaded_page(&self.loaded_ids(), &params),
            "thread/read" => super::agents::read(&self.agent_threads, &params)
                .ok_or_else(|| format!("thread not found: {}", params["threadId"])),
            "thread/backgroundTerminals/list" => Ok(json!({"data": [], "nextCursor": null})),
            "thread/shellCommand" => {
                let thread_id = params["threadId"].as_str().unwrap_or_default().to_string();
                let command = params["command"].as_str().unwrap_or_default().to_string();
                let turn_id = self.fresh_id("shell");
                let speed = self.script.speed;
                super::commands::shell(self.out.clone(), thread_id, turn_id, command, speed);
                Ok(json!({}))
            }
            "thread/turns/list" => match super::agents::turns(&self.agent_threads, &params) {
                Some(turns) => Ok(turns),
                None => super::threads::turns(&self.threads, &params),
            },
            "thread/name/set" => {
                super::threads::set_name(&mut self.threads, &params).map(|(thread_id, name)| {
                    self.out.notify(
                        "thread/name/updated",
                        json!({"threadId": thread_id, "threadName": name}),
                    );
                    json!({})
                })
            }
            "thread/archive" | "thread/unarchive" => {
                let archiving = method == "thread/archive";
                super::threads::set_archived(&mut self.threads, &params, archiving).map(|id| {
                    let event = if archiving {
                        "thread/archived"
                    } else {
                        "thread/unarchived"
                    };
                    self.out.notify(event, json!({"threadId": id}));
                    json!({})
                })
            }
            "thread/fork" => {
                let new_id = self.fresh_id("fork");
                super::threads::fork(&mut self.threads, &params, new_id).map(|mut fork| {
                    if params["excludeTurns"].as_bool().unwrap_or(false) {
                        fork["turns"] = json!([]);
                    }
                    self.thread_response(fork)
                })
            }
            "turn/start" => self.start_turn(params),
            "review/start" => self.start_review(params),
            "collaborationMode/list" => Ok(super::plan::modes()),
            "thread/settings/update" => Ok(super::plan::update_settings(
                &self.out,
                &params,
                &self.script.model,
                &mut self.mode,
            )),
            "thread/revert" => {
                let wanted = params["threadId"].as_str().unwrap_or_default();
                let reverted = match self.threads.iter_mut().find(|t| t["id"] == wanted) {
                    Some(thread) => super::plan::revert(thread, &params),
                    None => Err(format!("no rollout found for thread id {wanted}")),
                };
                match reverted {
                    Ok(value) => {
                        // As the real server: the answer first, then the notification.
                        self.out.respond(&id, value);
                        self.out
                            .notify("thread/reverted", json!({"threadId": wanted}));
                    }
                    Err(message) => self.out.error(&id, &message),
                }
                return;
            }
            "thread/prepareApprovedPlan" => Ok(super::plan::prepare(&params)),
            // The demo writes nothing: the attachment is only pretended.
            "fs/createDirectory" | "fs/writeFile" => Ok(json!({})),
            "thread/unsubscribe" => Ok(json!({"status": "unsubscribed"})),
            "config/read" => Ok(json!({"config": {}})),
            "model/list" => Ok(super::commands::model_list(&self.script.model)),
            "thread/compact/start" => {
                let thread_id = params["threadId"].as_str().unwrap_or_default().to_string();
                let turn_id = self.fresh_id("compaction");
                let speed = self.script.speed;
                super::commands::compact(self.out.clone(), thread_id, turn_id, speed);
                Ok(json!({}))
            }
            "turn/steer" => self.steer_turn(params),
            "fuzzyFileSearch" => Ok(super::files::search(&params)),
            "mcpServerStatus/list" => Ok(super::mcp_skills::servers(&self.signed_in)),
            "mcpServer/oauth/login" => {
                super::mcp_skills::login(self.out.clone(), self.signed_in.clone(), &params)
            }
            "config/mcpServer/reload" => Ok(json!({})),
            "skills/list" => Ok(super::mcp_skills::skills(&params, &self.skills_off)),
            "skills/config/write" => super::mcp_skills::write_skill(&params, &mut self.skills_off),
            "turn/interrupt" => {
                let wanted = params["turnId"].as_str().unwrap_or_default();
                match self.running.take() {
                    Some((turn_id, handle)) if turn_id == wanted => {
                        handle.abort();
                        let thread_id = params["threadId"].clone();
                        self.out.notify(
                            "turn/completed",
                            json!({"threadId": thread_id, "turn": {
                                "id": turn_id, "items": [], "status": "interrupted",
                                "error": null, "durationMs": null}}),
                        );
                        Ok(json!({}))
                    }
                    other => {
                        self.running = other;
                        Err(format!("no running turn {wanted}"))
                    }
                }
            }
            other => Err(format!("the demo server does not implement {other}")),
        };
        match result {
            Ok(value) => self.out.respond(&id, value),
            Err(message) => self.out.error(&id, &message),
        }
    }

    fn start_turn(&mut self, params: Value) -> Result<Value, String> {
        if let Some((_, handle)) = &self.running {
            if !handle.is_finished() {
                return Err("a turn is already running".into());
            }
        }
        let thread_id = params["threadId"].as_str().unwrap_or_default().to_string();
        let Some(thread) = self.threads.iter().find(|t| t["id"] == thread_id.as_str()) else {
            return Err(format!("no thread with id {thread_id}"));
        };
        let cwd = thread["cwd"].as_str().unwrap_or("/").to_string();
        let prompt = prompt_of(&params);
        let turn_id = self.fresh_id("turn");
        let planning = params["collaborationMode"]["mode"]
            .as_str()
            .unwrap_or(&self.mode)
            == "plan";
        let scripted = self.script.turn_for(&prompt);
        let steps = scripted.map(|t| t.steps.clone()).unwrap_or_default();
        let background = match scripted {
            Some(turn) if !planning => turn.background.clone(),
            _ => Vec::new(),
        };
        // Kept, so a rewind reloads what is left of the thread.
        let answer = if planning {
            super::plan::PLAN_ANSWER.to_string()
        } else {
            answer_of(&steps)
        };
        let stored = super::plan::stored_turn(&turn_id, &prompt, &answer, planning);
        if let Some(turns) = self
            .threads
            .iter_mut()
            .find(|t| t["id"] == thread_id.as_str())
            .and_then(|t| t["turns"].as_array_mut())
        {
            turns.push(stored);
        }
        let context = self.turn_context(thread_id, turn_id.clone(), cwd.clone());
        let handle = if planning {
            tokio::spawn(super::plan::play_plan_turn(context, prompt))
        } else {
            tokio::spawn(play_turn(context, prompt, steps))
        };
        self.running = Some((turn_id.clone(), handle));
        for spec in background {
            self.start_background(spec, &cwd);
        }
        Ok(
            json!({"turn": {"id": turn_id, "items": [], "status": "inProgress",
            "error": null, "durationMs": null}}),
        )
    }

    /// A thread of the script's `background`: stored, loaded, its turn played beside.
    fn start_background(&mut self, spec: super::script::BackgroundThread, cwd: &str) {
        let thread_id = self.fresh_id("thread");
        let turn_id = self.fresh_id("turn");
        let kept = super::plan::stored_turn(&turn_id, &spec.prompt, &answer_of(&spec.steps), false);
        let model = self.script.model.clone();
        let thread = super::background::stored(&thread_id, &spec, cwd, &model, kept);
        self.threads.insert(0, thread);
        self.mark_loaded(&thread_id);
        let context = self.turn_context(thread_id, turn_id, cwd.to_string());
        self.background.push(super::background::play(context, spec));
    }

    fn mark_loaded(&mut self, thread_id: &str) {
        if !self.loaded.iter().any(|id| id == thread_id) {
            self.loaded.push(thread_id.to_string());
        }
    }

    /// Every loaded thread: this session's, then the sub-agents'.
    fn loaded_ids(&self) -> Vec<String> {
        let agents = self.agent_threads.lock().unwrap();
        let agent_ids = agents.iter().filter_map(|t| t["id"].as_str());
        let mut ids = self.loaded.clone();
        for id in agent_ids {
            if !ids.iter().any(|known| known == id) {
                ids.push(id.to_string());
            }
        }
        ids
    }
}

impl DemoServer {
    /// `review/start`: as codex does, `enteredReviewMode` names the target, then the review's
    /// turn plays (the script's `<review>` turn, ending in `exitedReviewMode`).
    fn start_review(&mut self, params: Value) -> Result<Value, String> {
        if let Some((_, handle)) = &self.running {
            if !handle.is_finished() {
                return Err("a turn is already running".into());
            }
        }
        let thread_id = params["threadId"].as_str().unwrap_or_default().to_string();
        let Some(thread) = self.threads.iter().find(|t| t["id"] == thread_id.as_str()) else {
            return Err(format!("no thread with id {thread_id}"));
        };
        let cwd = thread["cwd"].as_str().unwrap_or("/").to_string();
        let target = &params["target"];
        let label = match target["type"].as_str() {
            Some("baseBranch") => format!(
                "changes against '{}'",
                target["branch"].as_str().unwrap_or("")
            ),
            Some("commit") => format!(
                "commit {}: {}",
                target["sha"]
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(7)
                    .collect::<String>(),
                target["title"].as_str().unwrap_or("")
            ),
            Some("custom") => target["instructions"].as_str().unwrap_or("").to_string(),
            _ => "current changes".to_string(),
        };
        let turn_id = self.fresh_id("turn");
        let entered = json!({"type": "enteredReviewMode", "id": format!("{turn_id}-review"), "review": label});
        for method in ["item/started", "item/completed"] {
            self.out.notify(
                method,
                json!({"threadId": thread_id, "turnId": turn_id, "item": entered}),
            );
        }
        let steps = self
            .script
            .turn_for(super::script::REVIEW_TURN)
            .map(|t| t.steps.clone())
            .unwrap_or_default();
        let context = self.turn_context(thread_id, turn_id.clone(), cwd);
        let handle = tokio::spawn(play_turn(context, label, steps));
        self.running = Some((turn_id.clone(), handle));
        Ok(
            json!({"turn": {"id": turn_id, "items": [], "status": "inProgress", "error": null,
            "durationMs": null}, "reviewThreadId": params["threadId"]}),
        )
    }

    /// What a playing turn needs: where to write, the answers it waits on, its ids and pace.
    fn turn_context(&self, thread_id: String, turn_id: String, cwd: String) -> TurnContext {
        TurnContext {
            out: self.out.clone(),
            answers: self.answers.clone(),
            thread_id,
            turn_id,
            speed: self.script.speed,
            cwd,
            agent_threads: self.agent_threads.clone(),
        }
    }

    /// `turn/steer`: as codex does, the answer being streamed is dropped (no `item/completed`)
    /// and the turn goes on with the steered message.
    fn steer_turn(&mut self, params: Value) -> Result<Value, String> {
        let expected = params["expectedTurnId"].as_str().unwrap_or_default();
        let Some((turn_id, handle)) = self.running.take() else {
            return Err("no active turn to steer".into());
        };
        if handle.is_finished() {
            return Err("no active turn to steer".into());
        }
        if turn_id != expected {
            let found = format!("expected active turn id `{expected}` but found `{turn_id}`");
            self.running = Some((turn_id, handle));
            return Err(found);
        }
        handle.abort();
        let thread_id = params["threadId"].as_str().unwrap_or_default().to_string();
        let cwd = self
            .threads
            .iter()
            .find(|t| t["id"] == thread_id.as_str())
            .and_then(|t| t["cwd"].as_str())
            .unwrap_or("/")
            .to_string();
        let context = self.turn_context(thread_id, turn_id.clone(), cwd);
        self.next_id += 1;
        let handle = tokio::spawn(super::player::play_steered(
            context,
            prompt_of(&params),
            self.next_id,
        ));
        self.running = Some((turn_id.clone(), handle));
        Ok(json!({ "turnId": turn_id }))
    }
}

/// What a scripted turn's messages say, for the turns kept of a thread.
fn answer_of(steps: &[super::script::Step]) -> String {
    steps
        .iter()
        .filter_map(|s| match s {
            super::script::Step::Message { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The text of a request's `input` items.
fn prompt_of(params: &Value) -> String {
    params["input"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}
