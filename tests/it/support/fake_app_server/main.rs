//! TEST TOOL, not part of tern: a hostile fake `codex app-server` that tests run as tern's codex
//! binary (`TERN_CODEX_BIN`). It speaks the recorded protocol well enough for a session (it
//! answers `initialize`, `thread/start`, `turn/start` … by itself) and plays a script that can
//! misbehave in every way a broken or hostile server might: escape sequences in any field, raw
//! and invalid bytes, floods, odd ids, silence, a closed stdout, a signal to itself, an exit.
//!
//! Environment:
//! - `TERN_FAKE_SCRIPT`: a file of JSON lines, one step each (below). Without it the server only
//!   answers requests.
//! - `TERN_FAKE_RECORD`: a file the server appends every line tern wrote to it, verbatim.
//!
//! Steps, run in order by the main thread while a reader thread answers requests:
//! - `{"vars": {"thread": "…", "model": "…", "cwd": "…", …}}` sets template variables; every
//!   string of a sent message or reply has `{{name}}` replaced by its variable (`{{turn}}` is
//!   the id of the latest turn/start, `{{thread}}` defaults to `thr-fake`, `{{model}}` to
//!   `fake-model`, `{{cwd}}` to the cwd tern asked for).
//! - `{"on": "method", "reply": <result>}` | `{"on": …, "error": "message"}` |
//!   `{"on": …, "ignore": true}` answers that request method that way from now on (instead of
//!   the built-in answer); `{"on": …, "default": true}` restores the built-in one. A reply
//!   step may add `"sets": {"other/method": <result>, …}`: answering it first makes those methods
//!   answer so from then on, as a real server's state changes before its answer leaves (a
//!   logout's later `account/read` says signed out, whatever the script's pace).
//! - `{"send": <message>}` writes one JSON line (templated).
//! - `{"raw": "text"}` writes the text's bytes as they are (no newline added);
//!   `{"hex": "ff0a"}` writes those bytes.
//! - `{"flood": <message>, "count": N}` writes the message N times (without `count`: forever),
//!   `{{n}}` replaced by 0, 1, 2 …; `{"flood_raw": "text", "count": N}` repeats raw text.
//! - `{"flood_cycle": [<message>, …], "count": N}` writes N messages taking the list's in turn
//!   (message `n % len`), `{{n}}` replaced by n and `{{q}}` by the round `n / len`: several
//!   threads' streams interleaved, or a session of mixed items turn after turn.
//! - `{"wait": "method"}` waits until tern has sent that method once more than the earlier waits
//!   for it consumed (so two waits for `turn/start` wait for the second turn).
//! - `{"wait_response": <id>}` waits until tern answered the server request with that id.
//! - `{"stderr": "text"}` writes the text to stderr (no newline added); `{"stderr_hex": "ff0a"}`
//!   writes those bytes to stderr.
//! - `{"sleep_ms": N}` pauses the script (the reader keeps answering).
//! - `{"close_stdout": true}` closes stdout (the process goes on running).
//! - `{"signal": "STOP" | "KILL" | "TERM" | "SEGV" | N}` raises that signal on itself.
//! - `{"exit": N}` exits with that status.
//! - `{"hang": true}` stops the script here (the reader still answers).
//!
//! After the last step the server goes on answering until tern closes its stdin, then exits 0.
//! Built-in answers: see [`builtin_reply`]; unknown methods get a "method not found" error.
//! `thread/read` names the thread `{{nick}}<its id>` (a sub-agent; `nick` is empty unless set).
//! With the variable `resume_as_asked` set to `1`, `thread/resume` answers with the thread it
//! was asked for (else with `{{thread}}`), so a client can switch between threads.
//! `{"on": method, "generate": N}` answers from N generated threads or turns (`generate`).

mod generate;

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::{Arc, Condvar, Mutex};

#[derive(Clone)]
enum Responder {
    /// The result, and the methods whose answers change when this one is sent (`sets`).
    Reply(Value, Vec<(String, Value)>),
    Error(String),
    Ignore,
    /// Answers from N generated threads or turns (`generate`).
    Generate(u64),
}

#[derive(Default)]
struct State {
    vars: HashMap<String, String>,
    responders: HashMap<String, Responder>,
    /// Every message tern sent, parsed (lines that were not JSON are kept as strings).
    received: Vec<Value>,
    /// How many of each method's messages earlier `wait` steps consumed.
    waits: HashMap<String, usize>,
    stdin_closed: bool,
    turns: u64,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    out: Mutex<Option<std::io::Stdout>>,
}

impl Shared {
    fn write(&self, bytes: &[u8]) {
        let mut out = self.out.lock().unwrap();
        if let Some(stdout) = out.as_mut() {
            // A closed pipe means tern is gone: nothing more to say.
            if stdout
                .write_all(bytes)
                .and_then(|_| stdout.flush())
                .is_err()
            {
                std::process::exit(0);
            }
        }
    }

    fn send(&self, message: &Value) {
        let templated = {
            let state = self.state.lock().unwrap();
            substitute(message, &state.vars)
        };
        let mut line = templated.to_string();
        line.push('\n');
        self.write(line.as_bytes());
    }
}

fn main() {
    let shared = Arc::new(Shared {
        state: Mutex::new(State::default()),
        changed: Condvar::new(),
        out: Mutex::new(Some(std::io::stdout())),
    });
    {
        let mut state = shared.state.lock().unwrap();
        state.vars.insert("thread".into(), "thr-fake".into());
        state.vars.insert("model".into(), "fake-model".into());
        state.vars.insert("turn".into(), "turn-0".into());
        state.vars.insert("nick".into(), String::new());
        state.vars.insert("task".into(), "a task".into());
    }
    let record = std::env::var_os("TERN_FAKE_RECORD").map(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("open TERN_FAKE_RECORD")
    });
    let script = match std::env::var_os("TERN_FAKE_SCRIPT") {
        Some(path) => std::fs::read_to_string(&path).expect("read TERN_FAKE_SCRIPT"),
        None => String::new(),
    };
    let steps: Vec<Value> = script
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a script step is one JSON object"))
        .collect();
    // The leading `vars` and `on` steps hold before the first request is read (an `initialize`
    // that must go unanswered, say).
    let setup = steps
        .iter()
        .take_while(|s| s.get("vars").is_some() || s.get("on").is_some())
        .count();
    for step in &steps[..setup] {
        run_step(&shared, step);
    }
    let reader_shared = shared.clone();
    let reader = std::thread::spawn(move || read_requests(&reader_shared, record));
    for step in &steps[setup..] {
        if !run_step(&shared, step) {
            break;
        }
    }
    let _ = reader.join();
}

/// Runs one step; false stops the script.
fn run_step(shared: &Shared, step: &Value) -> bool {
    if let Some(vars) = step.get("vars").and_then(Value::as_object) {
        let mut state = shared.state.lock().unwrap();
        for (key, value) in vars {
            let text = value
                .as_str()
                .map(str::to_string)
                .unwrap_or(value.to_string());
            state.vars.insert(key.clone(), text);
        }
    } else if let Some(method) = step.get("on").and_then(Value::as_str) {
        let mut state = shared.state.lock().unwrap();
        if step.get("default").is_some() {
            state.responders.remove(method);
        } else {
            let responder = if let Some(result) = step.get("reply") {
                let sets = step.get("sets").and_then(Value::as_object).map(|sets| {
                    sets.iter()
                        .map(|(method, result)| (method.clone(), result.clone()))
                        .collect()
                });
                Responder::Reply(result.clone(), sets.unwrap_or_default())
            } else if let Some(count) = step.get("generate").and_then(Value::as_u64) {
                Responder::Generate(count)
            } else if let Some(message) = step.get("error") {
                Responder::Error(message.as_str().unwrap_or_default().to_string())
            } else {
                Responder::Ignore
            };
            state.responders.insert(method.to_string(), responder);
        }
    } else if let Some(message) = step.get("send") {
        shared.send(message);
    } else if let Some(text) = step.get("raw").and_then(Value::as_str) {
        shared.write(text.as_bytes());
    } else if let Some(hex) = step.get("hex").and_then(Value::as_str) {
        shared.write(&decode_hex(hex));
    } else if let Some(message) = step.get("flood") {
        let line = {
            let state = shared.state.lock().unwrap();
            format!("{}\n", substitute(message, &state.vars))
        };
        flood(shared, step, |n| line.replace("{{n}}", &n.to_string()));
    } else if let Some(messages) = step.get("flood_cycle").and_then(Value::as_array) {
        flood_cycle(shared, step, messages);
    } else if let Some(text) = step.get("flood_raw").and_then(Value::as_str) {
        flood(shared, step, |_| text.to_string());
    } else if let Some(method) = step.get("wait").and_then(Value::as_str) {
        return wait_for_method(shared, method);
    } else if let Some(id) = step.get("wait_response") {
        return wait_for(shared, |m| {
            m.get("method").is_none() && m.get("id") == Some(id) && m.as_object().is_some()
        });
    } else if let Some(text) = step.get("stderr").and_then(Value::as_str) {
        let mut stderr = std::io::stderr();
        let _ = stderr.write_all(text.as_bytes());
        let _ = stderr.flush();
    } else if let Some(hex) = step.get("stderr_hex").and_then(Value::as_str) {
        let mut stderr = std::io::stderr();
        let _ = stderr.write_all(&decode_hex(hex));
        let _ = stderr.flush();
    } else if let Some(ms) = step.get("sleep_ms").and_then(Value::as_u64) {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    } else if step.get("close_stdout").is_some() {
        shared.out.lock().unwrap().take();
        // SAFETY: closing our own stdout descriptor; nothing else writes to it after `take`.
        unsafe { libc::close(1) };
    } else if let Some(signal) = step.get("signal") {
        raise(signal);
    } else if let Some(code) = step.get("exit").and_then(Value::as_i64) {
        std::process::exit(code as i32);
    } else if step.get("hang").is_some() {
        return false;
    } else {
        panic!("unknown script step: {step}");
    }
    true
}

fn flood(shared: &Shared, step: &Value, line: impl Fn(u64) -> String) {
    let count = step
        .get("count")
        .and_then(Value::as_u64)
        .unwrap_or(u64::MAX);
    for n in 0..count {
        shared.write(line(n).as_bytes());
    }
}

fn flood_cycle(shared: &Shared, step: &Value, messages: &[Value]) {
    let lines: Vec<String> = {
        let state = shared.state.lock().unwrap();
        messages
            .iter()
            .map(|m| format!("{}\n", substitute(m, &state.vars)))
            .collect()
    };
    if lines.is_empty() {
        return;
    }
    flood(shared, step, |n| {
        let len = lines.len() as u64;
        lines[(n % len) as usize]
            .replace("{{n}}", &n.to_string())
            .replace("{{q}}", &(n / len).to_string())
    });
}

/// `thread/resume` of another thread than `{{thread}}`, answered as that thread (see the
/// module docs: only with `resume_as_asked`).
fn resume_as_asked(method: &str, params: &Value, result: &mut Value, then: &mut [Value]) {
    let Some(asked) = params.get("threadId").filter(|_| method == "thread/resume") else {
        return;
    };
    result["thread"]["id"] = asked.clone();
    for notification in then {
        notification["params"]["thread"]["id"] = asked.clone();
    }
}

fn raise(signal: &Value) {
    let number = match signal.as_str() {
        Some("STOP") => libc::SIGSTOP,
        Some("KILL") => libc::SIGKILL,
        Some("TERM") => libc::SIGTERM,
        Some("SEGV") => libc::SIGSEGV,
        Some("ABRT") => libc::SIGABRT,
        Some(other) => panic!("unknown signal {other}"),
        None => signal.as_i64().expect("a signal name or number") as i32,
    };
    // SAFETY: raising a signal on this process is what the script asked for.
    unsafe { libc::raise(number) };
}

fn decode_hex(hex: &str) -> Vec<u8> {
    let digits: Vec<u8> = hex.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).expect("hex"))
        .collect()
}

fn wait_for_method(shared: &Shared, method: &str) -> bool {
    let consumed = {
        let mut state = shared.state.lock().unwrap();
        let waits = state.waits.entry(method.to_string()).or_default();
        *waits += 1;
        *waits
    };
    wait_for_count(shared, consumed, |m| {
        m.get("method").and_then(Value::as_str) == Some(method)
    })
}

fn wait_for(shared: &Shared, matches: impl Fn(&Value) -> bool) -> bool {
    wait_for_count(shared, 1, matches)
}

/// Waits until `count` received messages match; false if tern closed stdin first.
fn wait_for_count(shared: &Shared, count: usize, matches: impl Fn(&Value) -> bool) -> bool {
    let mut state = shared.state.lock().unwrap();
    loop {
        if state.received.iter().filter(|m| matches(m)).count() >= count {
            return true;
        }
        if state.stdin_closed {
            return false;
        }
        state = shared.changed.wait(state).unwrap();
    }
}

fn read_requests(shared: &Shared, mut record: Option<std::fs::File>) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if let Some(file) = record.as_mut() {
            let _ = file.write_all(&line);
            if !line.ends_with(b"\n") {
                let _ = file.write_all(b"\n");
            }
            let _ = file.flush();
        }
        let text = String::from_utf8_lossy(&line);
        let message: Value =
            serde_json::from_str(text.trim()).unwrap_or(Value::String(text.to_string()));
        answer(shared, &message);
        shared.state.lock().unwrap().received.push(message);
        shared.changed.notify_all();
    }
    shared.state.lock().unwrap().stdin_closed = true;
    shared.changed.notify_all();
    // Like the real server: tern closing stdin ends the session.
    std::process::exit(0);
}

fn answer(shared: &Shared, message: &Value) {
    let (Some(id), Some(method)) = (message.get("id"), message.get("method")) else {
        return;
    };
    let method = method.as_str().unwrap_or_default();
    let params = message.get("params").cloned().unwrap_or(Value::Null);
    let responder = {
        let mut state = shared.state.lock().unwrap();
        if method == "thread/start" && !state.vars.contains_key("cwd") {
            let cwd = params["cwd"].as_str().unwrap_or("/").to_string();
            state.vars.insert("cwd".into(), cwd);
        }
        if method == "turn/start" {
            state.turns += 1;
            let turn = format!("turn-{}", state.turns);
            state.vars.insert("turn".into(), turn);
        }
        let responder = state.responders.get(method).cloned();
        if let Some(Responder::Reply(_, sets)) = &responder {
            for (other, result) in sets {
                let changed = Responder::Reply(result.clone(), Vec::new());
                state.responders.insert(other.clone(), changed);
            }
        }
        responder
    };
    match responder {
        Some(Responder::Ignore) => {}
        Some(Responder::Reply(result, _)) => shared.send(&json!({"id": id, "result": result})),
        Some(Responder::Error(text)) => shared.send(&error(id, -32000, &text)),
        Some(Responder::Generate(count)) => {
            let result = generate::answer(method, &params, count);
            let rows = generate::rows(&result);
            shared.send(&json!({"id": id, "result": result}));
            generate::stamp(method, id, rows);
        }
        None => match builtin_reply(method, &params) {
            Some((mut result, mut then)) => {
                let as_asked = shared.state.lock().unwrap().vars.get("resume_as_asked")
                    == Some(&"1".to_string());
                if as_asked {
                    resume_as_asked(method, &params, &mut result, &mut then);
                }
                shared.send(&json!({"id": id, "result": result}));
                for notification in then {
                    shared.send(&notification);
                }
            }
            None => shared.send(&error(id, -32601, &format!("fake server: no {method}"))),
        },
    }
}

fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({"id": id, "error": {"code": code, "message": message}})
}

fn thread_object(params: &Value) -> Value {
    json!({
        "id": "{{thread}}", "preview": "", "cwd": "{{cwd}}", "model": "{{model}}",
        "modelProvider": "fake", "createdAt": 1795962301, "updatedAt": 1795962301,
        "status": {"type": "idle"}, "turns": [], "name": params.get("name").cloned(),
    })
}

/// The built-in answer to a request (templated when sent), and notifications to send after it,
/// shaped like the recordings in /work/shared/protocol-samples.
fn builtin_reply(method: &str, params: &Value) -> Option<(Value, Vec<Value>)> {
    let session = |thread: Value| {
        json!({
            "thread": thread, "model": "{{model}}", "modelProvider": "fake", "cwd": "{{cwd}}",
            "approvalPolicy": "on-request", "approvalsReviewer": "user",
            "sandbox": {"type": "workspaceWrite", "writableRoots": [], "networkAccess": false},
            "reasoningEffort": null,
        })
    };
    let reply = match method {
        "initialize" => json!({
            "userAgent": "fake-app-server/0.0.0", "codexHome": "/fake/.codex",
            "platformFamily": "unix", "platformOs": "linux",
        }),
        "thread/start" | "thread/resume" | "thread/fork" => {
            let thread = thread_object(params);
            let started = json!({"method": "thread/started", "params": {"thread": thread}});
            return Some((session(thread), vec![started]));
        }
        "turn/start" => {
            let turn = json!({"id": "{{turn}}", "items": [], "status": "inProgress",
                              "error": null, "startedAt": null, "completedAt": null,
                              "durationMs": null});
            let started = json!({"method": "turn/started",
                                 "params": {"threadId": "{{thread}}", "turn": turn}});
            return Some((json!({"turn": turn}), vec![started]));
        }
        "turn/interrupt" => {
            let completed = json!({"method": "turn/completed", "params": {
                "threadId": "{{thread}}",
                "turn": {"id": params["turnId"], "items": [], "status": "interrupted",
                         "error": null, "durationMs": null}}});
            return Some((json!({}), vec![completed]));
        }
        "thread/list" | "thread/turns/list" => {
            json!({"data": [], "nextCursor": null, "backwardsCursor": null})
        }
        "thread/name/set" | "thread/archive" | "thread/unarchive" => json!({}),
        // A sub-agent named `{{nick}}` followed by its id (set `nick` to a payload), its
        // task `{{task}}`.
        "thread/read" => json!({"thread": {
            "id": params["threadId"], "preview": "{{task}}", "cwd": "{{cwd}}",
            "model": "{{model}}", "status": {"type": "idle"}, "turns": [],
            "parentThreadId": "{{thread}}", "canAcceptDirectInput": true,
            "agentNickname": format!("{{{{nick}}}}{}", params["threadId"].as_str().unwrap_or("")),
            "agentRole": null}}),
        "thread/backgroundTerminals/list" => json!({"data": [], "nextCursor": null}),
        "thread/shellCommand" => json!({}),
        _ => return None,
    };
    Some((reply, Vec::new()))
}

fn substitute(value: &Value, vars: &HashMap<String, String>) -> Value {
    match value {
        Value::String(s) if s.contains("{{") => {
            let mut text = s.clone();
            for (key, replacement) in vars {
                text = text.replace(&format!("{{{{{key}}}}}"), replacement);
            }
            Value::String(text)
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| substitute(v, vars)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), substitute(v, vars)))
                .collect(),
        ),
        other => other.clone(),
    }
}
