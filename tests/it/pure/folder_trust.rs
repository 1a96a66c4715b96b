//! Folder trust (issue 32) as pure transitions: before the first thread, codex's config is
//! read for the folder; an undecided folder is asked about and nothing starts until the person
//! answers; yes writes `projects."<root>".trust_level` (the path quoted as one key, so a dot in
//! it stays in it) down to the exact JSON, then starts the thread; no starts it and says it is
//! read-only; a folder codex already has a level for, or a config codex cannot read, is not
//! asked about. Typing and pastes that meet the question answer nothing: a key counts only
//! after a pause and alone.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::{update, AppState, Effect, Lifecycle, RequestTag, SessionConfig};
use tern::session::state::first_run::FolderTrust;

const FOLDER: &str = "/w/repo.x/sub";
const ROOT: &str = "/w/repo.x";

fn trusting_config() -> SessionConfig {
    SessionConfig {
        folder_trust: Some(FolderTrust {
            folder: FOLDER.into(),
            root: ROOT.into(),
        }),
        ..config()
    }
}

fn sent(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

/// Started and `initialize` answered: the one request out is the trust check.
fn checking(now: Instant) -> AppState {
    let mut state = AppState::new(trusting_config());
    tern::app::update::start(&mut state);
    let effects = update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    let sent = sent(&effects);
    assert!(
        sent.contains(&(
            "config/read",
            json!({"includeLayers": false, "cwd": FOLDER})
        )),
        "{sent:?}"
    );
    assert!(
        sent.iter()
            .all(|(method, _)| !method.starts_with("thread/")),
        "the trust is read before any thread starts: {sent:?}"
    );
    state
}

/// A key pressed after a pause, as a person answers: held for `guard::HOLD` to see that no
/// other key follows, then taken. What went out meanwhile.
fn press_apart(state: &mut AppState, code: KeyCode, now: &mut Instant) -> Vec<Effect> {
    *now += Duration::from_secs(1);
    let mut effects = update(state, key(code), *now);
    *now += tern::session::state::guard::HOLD;
    effects.extend(update(state, tern::app::AppEvent::Tick, *now));
    effects
}

fn config_answer(projects: Value) -> Value {
    json!({"config": {"model": "m", "projects": projects}, "origins": {}})
}

/// `checking`, with codex's config saying nothing of the folder: the question is up.
fn asked(now: Instant) -> AppState {
    let mut state = checking(now);
    let effects = update(
        &mut state,
        reply(
            RequestTag::CheckTrust,
            Ok(config_answer(
                json!({"/elsewhere": {"trust_level": "trusted"}}),
            )),
        ),
        now,
    );
    assert_eq!(sent(&effects), [], "nothing starts before the answer");
    assert!(matches!(state.lifecycle(), Lifecycle::Trusting(_)));
    assert!(screen(&mut state, 100, 30, now).contains("Trust this folder?"));
    state
}

#[test]
fn yes_writes_the_quoted_root_then_starts_the_thread() {
    let mut now = Instant::now();
    let mut state = asked(now);
    // A paste never answers.
    update(&mut state, tern::app::AppEvent::Paste("y".into()), now);
    assert!(matches!(state.lifecycle(), Lifecycle::Trusting(_)));
    let effects = press_apart(&mut state, KeyCode::Char('y'), &mut now);
    assert_eq!(
        sent(&effects),
        [(
            "config/value/write",
            json!({"keyPath": "projects.\"/w/repo.x\".trust_level", "value": "trusted",
                   "mergeStrategy": "replace"})
        )]
    );
    assert!(
        matches!(state.lifecycle(), Lifecycle::Trusting(_)),
        "the thread waits for the write"
    );
    let effects = update(
        &mut state,
        reply(
            RequestTag::TrustFolder,
            Ok(json!({"status": "ok", "version": "sha256:1", "filePath": "/h/config.toml"})),
        ),
        now,
    );
    assert_eq!(
        sent(&effects),
        [("thread/start", json!({"cwd": "/home/user/project"}))]
    );
    assert!(!screen(&mut state, 100, 30, now).contains("Trust this folder?"));
}

#[test]
fn no_starts_the_thread_read_only_and_the_welcome_and_status_say_so() {
    let mut now = Instant::now();
    let mut state = asked(now);
    let effects = press_apart(&mut state, KeyCode::Esc, &mut now);
    assert_eq!(
        sent(&effects),
        [("thread/start", json!({"cwd": "/home/user/project"}))],
        "nothing is written"
    );
    update(
        &mut state,
        reply(
            RequestTag::StartThread,
            Ok(json!({"thread": {"id": THREAD, "preview": "", "turns": []},
                      "model": "mock-model", "cwd": FOLDER, "sandbox": {"type": "readOnly"}})),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 30, now);
    assert!(shown.contains("read-only"), "{shown}");
    assert!(
        shown.contains("not trusted: read-only (tern asks again at the next start)"),
        "{shown}"
    );
    type_text(&mut state, "/status", now);
    update(&mut state, key(KeyCode::Enter), now);
    let status = screen(&mut state, 200, 40, now);
    assert!(
        status.contains("projects.\"/w/repo.x\".trust_level = \"trusted\""),
        "{status}"
    );
}

#[test]
fn a_folder_or_root_with_a_trust_level_is_not_asked_about() {
    let now = Instant::now();
    for projects in [
        json!({ROOT: {"trust_level": "trusted"}}),
        json!({FOLDER: {"trust_level": "untrusted"}}),
    ] {
        let mut state = checking(now);
        let effects = update(
            &mut state,
            reply(RequestTag::CheckTrust, Ok(config_answer(projects.clone()))),
            now,
        );
        assert_eq!(
            sent(&effects),
            [("thread/start", json!({"cwd": "/home/user/project"}))],
            "{projects}"
        );
        assert!(!screen(&mut state, 100, 30, now).contains("Trust this folder?"));
    }
}

#[test]
fn a_config_codex_cannot_read_starts_the_thread_without_asking() {
    let now = Instant::now();
    let mut state = checking(now);
    let effects = update(
        &mut state,
        reply(RequestTag::CheckTrust, Err("method not found".into())),
        now,
    );
    assert_eq!(
        sent(&effects),
        [("thread/start", json!({"cwd": "/home/user/project"}))]
    );
}

#[test]
fn a_failed_write_starts_the_thread_and_says_it_runs_read_only() {
    let mut now = Instant::now();
    let mut state = asked(now);
    let written = press_apart(&mut state, KeyCode::Enter, &mut now);
    assert_eq!(sent(&written)[0].0, "config/value/write");
    let effects = update(
        &mut state,
        reply(RequestTag::TrustFolder, Err("configValidationError".into())),
        now,
    );
    assert_eq!(sent(&effects)[0].0, "thread/start");
    assert!(last_notice(&state)
        .1
        .contains("could not save the folder's trust"));
}

#[test]
fn without_a_folder_to_ask_about_the_thread_starts_at_once() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    tern::app::update::start(&mut state);
    let effects = update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    assert!(sent(&effects).iter().any(|(m, _)| *m == "thread/start"));
    assert!(sent(&effects).iter().all(|(m, _)| *m != "config/read"));
}

/// Keys typed as the question appears (the first prompt, typed at startup) answer nothing and
/// reach nothing: a `y` at once, a burst ending in Enter after a pause, a paste. The screen
/// says so; a lone key after a pause then answers.
#[test]
fn typing_that_meets_the_question_answers_nothing() {
    let mut now = Instant::now();
    let mut state = asked(now);
    let mut effects = update(&mut state, key(KeyCode::Char('y')), now);
    now += Duration::from_secs(1);
    for (i, c) in "yes\r".chars().enumerate() {
        let code = if c == '\r' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        effects.extend(update(
            &mut state,
            key(code),
            now + Duration::from_millis(30 * i as u64),
        ));
    }
    now += Duration::from_secs(1);
    effects.extend(update(&mut state, tern::app::AppEvent::Tick, now));
    assert_eq!(sent(&effects), [], "nothing written, nothing started");
    assert!(matches!(state.lifecycle(), Lifecycle::Trusting(_)));
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains("Trust this folder?"), "{shown}");
    assert!(shown.contains("Typing refused"), "{shown}");
    assert!(
        !shown.contains("yes"),
        "the typing reached no draft: {shown}"
    );
    let effects = press_apart(&mut state, KeyCode::Char('y'), &mut now);
    assert_eq!(sent(&effects)[0].0, "config/value/write");
}
