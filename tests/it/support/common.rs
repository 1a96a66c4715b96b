//! Shared helpers for driving the app without a terminal, and the `snapshot!` macro.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, Effect, RequestTag, SessionConfig};
use tern::protocol::{RequestId, ServerNotification, ServerRequest, ThreadSettings};

pub fn config() -> SessionConfig {
    SessionConfig {
        settings: ThreadSettings {
            cwd: Some("/home/user/project".into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

pub fn key(code: KeyCode) -> AppEvent {
    AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ctrl(c: char) -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

pub fn type_text(state: &mut AppState, text: &str, now: Instant) {
    for c in text.chars() {
        update(state, key(KeyCode::Char(c)), now);
    }
}

pub fn notify(method: &str, params: Value) -> AppEvent {
    AppEvent::Notification(ServerNotification::from_parts(method, params).expect("valid params"))
}

/// The server's answer to the request tagged `tag`, decoded as the runtime decodes it (an
/// `Err` is the server refusing).
pub fn reply(tag: RequestTag, result: Result<Value, String>) -> AppEvent {
    tern::runtime::replies::reply_event(tag, result)
}

pub const THREAD: &str = "thread-1";

/// A state whose thread is started and idle.
pub fn ready_state(now: Instant) -> AppState {
    ready_with(config(), now)
}

/// `ready_state` with this session config (a keymap, a prompt history, …).
pub fn ready_with(config: tern::app::SessionConfig, now: Instant) -> AppState {
    started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "mock-model",
            "cwd": "/home/user/project",
        }),
        now,
    )
}

/// A started thread whose turn `turn-1` is running after the prompt "hi".
pub fn running_state(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    state
}

/// `state` after the server answered `initialize` and `thread/start` with these results.
pub fn started(mut state: AppState, initialize: Value, thread: Value, now: Instant) -> AppState {
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(initialize)),
        now,
    );
    update(&mut state, reply(RequestTag::StartThread, Ok(thread)), now);
    state
}

/// A request effect as it goes on the wire: method and params.
pub fn request_json(effect: &Effect) -> Option<(&'static str, Value)> {
    match effect {
        Effect::Request(request) => Some((request.method(), request.params().unwrap())),
        _ => None,
    }
}

/// Only the effects that reach the server.
pub fn wire(effects: Vec<Effect>) -> Vec<Effect> {
    effects
        .into_iter()
        .filter(|e| !matches!(e, Effect::Redraw))
        .collect()
}

pub fn later(now: Instant, ms: u64) -> Instant {
    now + Duration::from_millis(ms)
}

/// Long enough after a prompt appeared (with no typing) for it to take keys.
pub fn read(now: Instant) -> Instant {
    now + tern::session::state::guard::QUIET + Duration::from_millis(300)
}

/// A key pressed at `at` and not followed by another: what it does once the hold has passed.
pub fn press_key(state: &mut AppState, event: AppEvent, at: Instant) -> Vec<Effect> {
    let mut effects = wire(update(state, event, at));
    effects.extend(wire(update(
        state,
        AppEvent::Tick,
        at + tern::session::state::guard::HOLD,
    )));
    effects
}

pub fn press(state: &mut AppState, code: KeyCode, at: Instant) -> Vec<Effect> {
    press_key(state, key(code), at)
}

/// Plays the server's side of a recorded conversation's notifications (not requests) with
/// the recorded thread id replaced by ours.
pub fn recorded_notifications(name: &str) -> Vec<(String, Value)> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let msg = &v["msg"];
            (v["dir"] == "s2c" && msg.get("id").is_none()).then(|| {
                let text = msg["params"].to_string();
                (
                    msg["method"].as_str().unwrap().to_string(),
                    serde_json::from_str(&text).unwrap(),
                )
            })
        })
        .collect()
}

pub fn server_request(id: i64, method: &str, params: Value) -> AppEvent {
    AppEvent::ServerRequest {
        id: RequestId::Int(id),
        request: ServerRequest::from_parts(method, params).expect("valid params"),
    }
}

/// The one effect an answered approval must produce.
pub fn answer(id: i64, decision: Value) -> [Effect; 1] {
    [Effect::Respond {
        id: RequestId::Int(id),
        result: json!({ "decision": decision }),
    }]
}

/// The one effect an answered prompt must produce, with its whole result.
pub fn answer_result(id: i64, result: Value) -> Vec<Effect> {
    vec![Effect::Respond {
        id: RequestId::Int(id),
        result,
    }]
}

/// The screen as text, one trimmed line per row, on a terminal of `width`×`height`: the app is
/// told the size first, as a real terminal's resize event would.
pub fn screen(state: &mut AppState, width: u16, height: u16, now: Instant) -> String {
    if (state.screen().width, state.screen().height) != (width, height) {
        update(state, AppEvent::Resize(width, height), now);
    }
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| tern::ui::draw(frame, state, now))
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            // A wide character covers the next cell too: skip it, as a terminal shows it.
            let mut row = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += unicode_width::UnicodeWidthStr::width(symbol).max(1) as u16;
            }
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where the snapshots of the test file `source` (its `file!()`) live: `snapshots/<its name>/`
/// in the top-level folder the design fixes, one folder per owning file.
pub fn snapshot_dir(source: &str) -> std::path::PathBuf {
    let name = std::path::Path::new(source)
        .file_stem()
        .expect("a test file name");
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(name)
}

/// An insta snapshot, asserted by a macro so that insta records the calling test file as its
/// `source:` and stores it in that file's folder ([`snapshot_dir`]).
macro_rules! snapshot {
    ($name:expr, $text:expr $(,)?) => {{
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path($crate::support::common::snapshot_dir(file!()));
        settings.set_prepend_module_to_snapshot(false);
        let (name, text): (&str, &str) = ($name, $text);
        settings.bind(|| insta::assert_snapshot!(name, text));
    }};
}

/// The newest notice in the transcript, with its level.
pub fn last_notice(state: &AppState) -> (tern::model::NoticeLevel, String) {
    state
        .transcript()
        .cells()
        .iter()
        .rev()
        .find_map(|cell| match cell.kind() {
            tern::model::CellKind::Notice { level, text } => Some((*level, text.clone())),
            _ => None,
        })
        .expect("a notice")
}

/// The question of the confirm box on top, if that is what is on top (`layers::confirm`).
pub fn asked(state: &AppState) -> Option<String> {
    match state.person_layers().last() {
        Some(tern::app::layers::Layer::Confirm(confirm)) => Some(confirm.question()),
        _ => None,
    }
}
