//! A scripted, offline stand-in for the OpenAI Responses API, for end-to-end tests that run the
//! real `codex app-server` (codex-cli 0.169.0) against it. See `codex_env.rs` for the config that
//! points codex here.
//!
//! How a request is answered (one HTTP request = one model "sampling" step):
//! - If the request's `input` carries a `function_call_output` for a call this mock made, the
//!   mock answers with that call's follow-up text (`then`). So a tool call never consumes a
//!   script entry of its own, and an extra request codex might make cannot steal a follow-up.
//! - Otherwise the next `MockTurn` of the script is popped. When the script is empty the mock
//!   streams [`SCRIPT_EXHAUSTED`] so a test sees a clear message instead of hanging.
//!
//! What each scenario streams (SSE, `event: <type>` + `data: <json>` per event):
//! - `Text`: `response.created`, `response.output_item.added` (an empty assistant `message`),
//!   N × `response.output_text.delta`, `response.output_item.done` (the full message),
//!   `response.completed` (with `usage`). The app-server turns each delta into one
//!   `item/agentMessage/delta` whose `itemId` is the message id (`msg_<n>`).
//! - `Stream`: the same events as `Text`, with the deltas spaced `pace` apart (none: as fast as
//!   the socket takes them). When the last delta left is recorded (`last_stream_timing`), so a
//!   benchmark can tell how long a screen lagged behind the stream.
//! - `Messages`: many assistant messages in one answer (added, one delta, done for each, ids
//!   `msg_<n>_<i>`): the server makes each one an item, so a client gets that many cells.
//! - `ExecCommand`: `response.created`, `response.output_item.done` with a `function_call` named
//!   `exec_command` (ids `call_<n>`), `response.completed`. With `sandbox_permissions:
//!   "require_escalated"` and a `prefix_rule` in the arguments, the server asks
//!   `item/commandExecution/requestApproval` with `proposedExecpolicyAmendment` = the prefix
//!   rule. The server runs `exec_command` through unified exec (`/bin/bash -lc '<cmd>'`).
//! - `ApplyPatch`: the same `exec_command` call whose `cmd` is an `apply_patch <<'EOF' ...`
//!   heredoc. codex recognises it as a patch and applies it itself: under
//!   `sandbox_mode = "read-only"` this yields `item/started` with a `fileChange` item and then
//!   `item/fileChange/requestApproval` naming it by `itemId` (= the call id).
//!
//! Facts observed with codex-cli 0.169.0 and the config from `codex_env.rs`:
//! - Only `POST /v1/responses` is requested (no `/models`, no websocket upgrade). The body is
//!   plain JSON with `content-length` (no zstd, no chunking; chunked is decoded anyway). Headers
//!   carry `originator` = the client's `clientInfo.name`, `session-id`, `thread-id` and
//!   `x-codex-turn-metadata`. No `authorization` header: the provider has no `env_key`.
//! - The body has `model`, `instructions`, `stream: true`, `store: false`, `input` (developer
//!   messages, an `<environment_context>` user message, then the user's text) and `tools`:
//!   `exec_command`, `write_stdin`, `request_user_input`, `view_image`, goals, `web_search`, but
//!   no `apply_patch` tool for an unknown model, hence the `exec_command` heredoc above.
//! - The follow-up request carries `{"type":"function_call_output","call_id":"call_<n>",
//!   "output":"Chunk ID: …\nProcess exited with code …\nOutput:\n…"}`.
//! - `usage` in `response.completed` is optional, but with it the server emits
//!   `thread/tokenUsage/updated`. Each delta becomes one `item/agentMessage/delta`.
//! - `connection: close` plus the end of the stream after `response.completed` is all the
//!   server needs; no keep-alive. Unknown paths would get an empty 404 (see `other_requests`).

use std::collections::{HashMap, VecDeque};
use std::io;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

mod http;
mod sse_events;

use http::read_request;
use sse_events::{exec_command_events, messages_events, text_events};

/// Streamed when a request arrives after the script ran out.
pub const SCRIPT_EXHAUSTED: &str = "mock model: script exhausted";

/// A connection that sends nothing for this long is dropped, so a stuck peer never pins a task.
const IO_TIMEOUT: Duration = Duration::from_secs(20);

/// One scripted model answer to a user turn.
#[derive(Debug, Clone)]
pub enum MockTurn {
    /// Streams `text` as one assistant message split into `deltas` pieces.
    Text { text: String, deltas: usize },
    /// Streams `text` as one assistant message in `deltas` pieces, one every `pace`.
    Stream {
        text: String,
        deltas: usize,
        pace: Option<Duration>,
    },
    /// Answers with one assistant message per text.
    #[allow(dead_code)] // used by the bench binary (tests/bench/)
    Messages { texts: Vec<String> },
    /// Says nothing at all for `wait` (not even the HTTP status line), then streams `text` as
    /// `Text` does: a model thinking long before its first byte.
    Quiet { wait: Duration, text: String },
    /// Calls `exec_command` with `arguments` (a JSON object, sent as a JSON string as the API
    /// does); once codex returns the tool output, answers with the message `then`.
    ExecCommand { arguments: Value, then: String },
    /// Calls `exec_command` with an `apply_patch` heredoc around `patch` (a full
    /// `*** Begin Patch` … `*** End Patch` text); then answers with the message `then`.
    ApplyPatch { patch: String, then: String },
    /// Calls the tool `name` (a client tool such as tern's `request_review`) with `arguments`;
    /// once codex returns the tool output, answers with the message `then`.
    #[allow(dead_code)] // used by the e2e tests only
    Call {
        name: String,
        arguments: Value,
        then: String,
    },
    /// Spawns a sub-agent and waits for it (`multi_agent_v1`; see `mock_agents`).
    #[allow(dead_code)] // not used by the bench binary
    SpawnAndWait(super::mock_agents::SpawnAndWait),
    /// Streams these SSE events as they are (built by `mock_plan`: reasoning and the like);
    /// `{n}` in a string is the answer's number.
    #[allow(dead_code)] // used by the e2e tests only
    Events(fn(u64) -> Vec<Value>),
}

impl MockTurn {
    /// A plain answer streamed in 4 deltas.
    pub fn text(text: &str) -> Self {
        MockTurn::Text {
            text: text.to_owned(),
            deltas: 4,
        }
    }

    /// `git status --short` with escalated permissions and the prefix rule `["git","status"]`:
    /// makes the server ask `item/commandExecution/requestApproval` with a proposed amendment.
    pub fn git_status_needing_approval(then: &str) -> Self {
        MockTurn::ExecCommand {
            arguments: json!({
                "cmd": "git status --short",
                "sandbox_permissions": "require_escalated",
                "justification": "Check the repository state",
                "prefix_rule": ["git", "status"],
            }),
            then: then.to_owned(),
        }
    }

    /// A patch adding `hello.txt` with the line `hello`.
    pub fn add_hello_file(then: &str) -> Self {
        MockTurn::ApplyPatch {
            patch: "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n".to_owned(),
            then: then.to_owned(),
        }
    }
}

/// When a streamed answer's first and last deltas were written to the socket.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StreamTiming {
    pub first_delta: Instant,
    pub last_delta: Instant,
}

#[derive(Default)]
struct State {
    last_stream: Option<StreamTiming>,
    script: VecDeque<MockTurn>,
    /// call id -> text to answer once that call's output comes back.
    follow_ups: HashMap<String, String>,
    requests: Vec<Value>,
    other_requests: Vec<String>,
    /// The `Authorization` header of each POST, in arrival order.
    authorizations: Vec<Option<String>>,
    next_id: u64,
    /// A sub-agent flow under way: it answers its own requests first.
    agents: Option<super::mock_agents::SpawnAndWait>,
    /// Answers every thread-title request with this title (see `mock_plan`), outside the
    /// script.
    title: Option<String>,
}

/// A running mock. Dropping it stops the server and every open connection.
pub struct MockModel {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    server: JoinHandle<()>,
}

impl MockModel {
    /// Binds 127.0.0.1 on an ephemeral port and serves `script` in order.
    pub async fn start(script: Vec<MockTurn>) -> MockModel {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind mock model");
        let addr = listener.local_addr().expect("mock model address");
        let state = Arc::new(Mutex::new(State {
            script: script.into(),
            ..State::default()
        }));
        let server = tokio::spawn(serve(listener, state.clone()));
        MockModel {
            addr,
            state,
            server,
        }
    }

    /// The provider `base_url` to put in config.toml (codex appends `/responses`).
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// Every JSON body POSTed to `/v1/responses`, in arrival order.
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Adds answers to the end of the script (for a test that learns what to answer only after
    /// the mock started, e.g. a path in its workspace).
    pub fn push_script(&self, more: Vec<MockTurn>) {
        self.state.lock().unwrap().script.extend(more);
    }

    /// Answers the title requests codex makes for tern with `title`, without using the script.
    #[allow(dead_code)] // used by the e2e tests only
    pub fn answer_titles(&self, title: &str) {
        self.state.lock().unwrap().title = Some(title.to_owned());
    }

    /// `METHOD /path` of every other request (answered 404, or 426 for a websocket upgrade).
    pub fn other_requests(&self) -> Vec<String> {
        self.state.lock().unwrap().other_requests.clone()
    }

    /// The `Authorization` header of each POST to `/v1/responses` (none: `None`).
    #[allow(dead_code)] // not every binary that includes this file uses it
    pub fn authorizations(&self) -> Vec<Option<String>> {
        self.state.lock().unwrap().authorizations.clone()
    }

    /// When the deltas of the last answer streamed so far were written.
    #[allow(dead_code)] // used by the bench binary (tests/bench/)
    pub fn last_stream_timing(&self) -> Option<StreamTiming> {
        self.state.lock().unwrap().last_stream
    }
}

impl Drop for MockModel {
    fn drop(&mut self) {
        // Aborting the accept loop drops its JoinSet, which aborts every connection task.
        self.server.abort();
    }
}

async fn serve(listener: TcpListener, state: Arc<Mutex<State>>) {
    let mut connections = JoinSet::new();
    loop {
        // accept only fails here if the process is out of descriptors: stop serving, so codex
        // sees refused connections and the test fails loudly instead of spinning.
        let Ok((stream, _)) = listener.accept().await else {
            break;
        };
        let state = state.clone();
        connections.spawn(async move {
            // Errors only mean the client went away; the test sees that through codex.
            let _ = handle_connection(stream, state).await;
        });
        // Reap finished connections so the set does not grow for the life of the test.
        while connections.try_join_next().is_some() {}
    }
}

async fn handle_connection(stream: TcpStream, state: Arc<Mutex<State>>) -> io::Result<()> {
    let mut stream = BufReader::new(stream);
    let Some(request) = tokio::time::timeout(IO_TIMEOUT, read_request(&mut stream))
        .await
        .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "request read timed out"))??
    else {
        return Ok(());
    };
    let stream = stream.get_mut();

    // The built-in OpenAI provider (`openai_base_url`, no `model_provider`) first asks for a
    // websocket; 426 makes it fall back to HTTP at once (404 would cost ~6.5 s of retries).
    let upgrade = request
        .headers
        .get("upgrade")
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    if upgrade && request.path.ends_with("/responses") {
        state.lock().unwrap().other_requests.push(format!(
            "{} {} (websocket upgrade, answered 426)",
            request.method, request.path
        ));
        let head =
            "HTTP/1.1 426 Upgrade Required\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
        stream.write_all(head.as_bytes()).await?;
        return stream.shutdown().await;
    }
    if request.method != "POST" || !request.path.ends_with("/responses") {
        state
            .lock()
            .unwrap()
            .other_requests
            .push(format!("{} {}", request.method, request.path));
        let head = "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
        stream.write_all(head.as_bytes()).await?;
        return stream.shutdown().await;
    }

    let body: Value = match request.headers.get("content-encoding").map(String::as_str) {
        None | Some("identity") => serde_json::from_slice(&request.body)
            .unwrap_or_else(|e| json!({ "mock_error": format!("body is not JSON: {e}") })),
        Some(other) => json!({ "mock_error": format!("unsupported content-encoding {other}") }),
    };
    state
        .lock()
        .unwrap()
        .authorizations
        .push(request.headers.get("authorization").cloned());
    let (events, pace, quiet) = answer(&mut state.lock().unwrap(), body);
    if let Some(wait) = quiet {
        tokio::time::sleep(wait).await;
    }

    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n\
                connection: close\r\n\r\n";
    stream.write_all(head.as_bytes()).await?;
    let start = tokio::time::Instant::now();
    let mut deltas = 0u32;
    let mut timing: Option<StreamTiming> = None;
    for event in events {
        let kind = event["type"].as_str().unwrap_or_default().to_owned();
        let is_delta = kind == "response.output_text.delta";
        if let (true, Some(pace)) = (is_delta, pace) {
            // Paced against the start, so timer slack does not add up over thousands of deltas.
            tokio::time::sleep_until(start + pace * deltas).await;
        }
        // Flushed one by one so codex really sees a stream, not one blob.
        stream
            .write_all(format!("event: {kind}\ndata: {event}\n\n").as_bytes())
            .await?;
        stream.flush().await?;
        if is_delta {
            deltas += 1;
            let now = Instant::now();
            let first_delta = timing.map_or(now, |t| t.first_delta);
            timing = Some(StreamTiming {
                first_delta,
                last_delta: now,
            });
        }
    }
    if timing.is_some() {
        state.lock().unwrap().last_stream = timing;
    }
    stream.shutdown().await
}

/// Records `body` and picks the SSE events that answer it (see the module doc), with the pace
/// of their deltas and how long to say nothing first.
fn answer(state: &mut State, body: Value) -> (Vec<Value>, Option<Duration>, Option<Duration>) {
    let answered_call = body["input"].as_array().and_then(|items| {
        items
            .iter()
            .filter(|item| item["type"] == "function_call_output")
            .filter_map(|item| item["call_id"].as_str())
            .find(|id| state.follow_ups.contains_key(*id))
            .map(str::to_owned)
    });
    state.requests.push(body);
    state.next_id += 1;
    let n = state.next_id;

    if let Some(flow) = state.agents.as_mut() {
        if let Some(events) =
            flow.answer(state.requests.last().unwrap(), n, |t| text_events(n, t, 2))
        {
            return (events, None, None);
        }
    }
    // An empty `then` hands the call's output on to the script's next turn (a patch, then a
    // call of another tool, in one turn).
    if let Some(call_id) = answered_call {
        let then = state.follow_ups.remove(&call_id).unwrap_or_default();
        if !then.is_empty() {
            return (text_events(n, &then, 4), None, None);
        }
    }
    if let Some(title) = &state.title {
        if super::mock_plan::is_title_request(state.requests.last().unwrap_or(&Value::Null)) {
            return (
                text_events(n, &super::mock_plan::title_text(title), 1),
                None,
                None,
            );
        }
    }
    let events = match state.script.pop_front() {
        None => text_events(n, SCRIPT_EXHAUSTED, 1),
        Some(MockTurn::Text { text, deltas }) => text_events(n, &text, deltas),
        Some(MockTurn::Stream { text, deltas, pace }) => {
            return (text_events(n, &text, deltas), pace, None)
        }
        Some(MockTurn::Quiet { wait, text }) => {
            return (text_events(n, &text, 4), None, Some(wait))
        }
        Some(MockTurn::Messages { texts }) => messages_events(n, &texts),
        Some(MockTurn::ExecCommand { arguments, then }) => {
            state.follow_ups.insert(format!("call_{n}"), then);
            exec_command_events(n, &arguments)
        }
        Some(MockTurn::SpawnAndWait(mut flow)) => {
            let events = flow.start(n);
            state.agents = Some(flow);
            events
        }
        Some(MockTurn::Events(events)) => events(n),
        Some(MockTurn::Call {
            name,
            arguments,
            then,
        }) => {
            state.follow_ups.insert(format!("call_{n}"), then);
            sse_events::function_call_events(n, &name, &arguments)
        }
        Some(MockTurn::ApplyPatch { patch, then }) => {
            state.follow_ups.insert(format!("call_{n}"), then);
            let cmd = format!("apply_patch <<'EOF'\n{patch}EOF\n");
            exec_command_events(n, &json!({ "cmd": cmd }))
        }
    };
    (events, None, None)
}

/// A long markdown answer of about `lines` lines for streaming benchmarks: headings, wrapped
/// paragraphs with inline styles and links, nested lists, tables, and code in several languages
/// (each highlighted with its own grammar). Ends with a line `END-OF-ANSWER <lines>` to watch
/// for on screen.
#[allow(dead_code)] // used by the bench binary (tests/bench/)
pub fn long_markdown_answer(lines: usize) -> String {
    const CODE: [(&str, &str); 5] = [
        ("rust", "fn section_N(input: &[u8]) -> usize {\n    let mut total = 0;\n    for (i, b) in input.iter().enumerate() {\n        total += (*b as usize) * i; // weigh by position\n    }\n    total\n}\n"),
        ("python", "def section_N(items):\n    \"\"\"Doubles the odd items.\"\"\"\n    return [x * 2 for x in items if x % 2]\n\nprint(section_N(range(10)))\n"),
        ("toml", "[package]\nname = \"section-N\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = { version = \"1\", features = [\"derive\"] }\n"),
        ("bash", "for f in src/*.rs; do\n  wc -l \"$f\" | awk '{ print $1 }' >> /tmp/section-N.txt\ndone\ncargo test --release -- --nocapture\n"),
        ("typescript", "export async function sectionN(url: string): Promise<number> {\n  const res = await fetch(url);\n  return (await res.json()).length ?? 0;\n}\n"),
    ];
    let mut out = String::from("# A long answer\n\n");
    let mut n = 0;
    while out.lines().count() + 2 < lines {
        n += 1;
        let (lang, code) = CODE[n % CODE.len()];
        out.push_str(&format!(
            "## Section {n}: rendering notes\n\n\
             Paragraph {n} talks about `render_frame()`, *incremental layout* and **cached \
             blocks**, with [a link](https://example.com/s{n}) so that inline styling is exercised \
             on a line that wraps past the width of the terminal. Every section repeats the \
             same shapes, so what a delta costs can be compared at the start and the end.\n\n\
             - Point {n}.1: keep the hot path free of allocations\n\
             - Point {n}.2: measure `frame_{n}` twice\n  - nested point with `code`\n\n\
             ```{lang}\n{}```\n\n\
             | step | cost | note |\n|---|---:|---|\n| parse | {n} µs | fine |\n\
             | layout | {} µs | cached |\n| draw | 3 µs | only what is visible |\n\n",
            code.replace('N', &n.to_string()),
            n * 2,
        ));
    }
    out.push_str(&format!("END-OF-ANSWER {lines}\n"));
    out
}

/// Splits `text` into `parts` pieces of about equal length, on char boundaries; no empty pieces.
pub fn split_text(text: &str, parts: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let size = chars.len().div_ceil(parts.max(1)).max(1);
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}
