//! The first-run walls as pure transitions: a turn refused with 401 (one line, the message back
//! in the composer, the failed turn reverted before it goes again), a codex config error (the
//! box, retry without a restart, recovery), a thread another codex writes to (retry, fork, new
//! thread), a server version not tested with (one notice), moderated answers.

use super::sign_in::{answer, requests, sign_in, signed_out, with_account};
use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, RequestTag, Resume};
use tern::model::{CellKind, NoticeLevel};
use tern::protocol::LoginKind;
use tern::session::state::health::DownCause;

fn notices(state: &AppState) -> Vec<String> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Notice { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn error_401(retry: bool, message: &str, kind: &str) -> AppEvent {
    notify(
        "error",
        json!({"error": {"message": message, "codexErrorInfo": {kind: {"httpStatusCode": 401}},
                         "additionalDetails": "unexpected status 401 Unauthorized: You didn't provide an API key., url: ws://127.0.0.1:1/v1/responses",
                         "misalignment": null},
               "willRetry": retry, "threadId": THREAD, "turnId": "turn-1"}),
    )
}

/// The recorded 401 turn (research notes a, §19.6), on a session signed in with a bad key.
fn refused_turn(now: Instant) -> AppState {
    refused_turn_with(
        json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true}),
        now,
    )
}

/// The same turn on a session whose `account/read` said `account`.
fn refused_turn_with(account: Value, now: Instant) -> AppState {
    let mut state = with_account(account, now);
    type_text(&mut state, "hello", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    for n in 1..=5 {
        let message = format!("Reconnecting... {n}/5");
        update(
            &mut state,
            error_401(true, &message, "responseStreamDisconnected"),
            now,
        );
    }
    update(
        &mut state,
        notify(
            "warning",
            json!({"threadId": THREAD, "message": "Falling back from WebSockets to HTTPS transport. unexpected status 401 Unauthorized: Unknown error, url: ws://x"}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": THREAD, "status": {"type": "systemError"}}),
        ),
        now,
    );
    update(
        &mut state,
        error_401(
            false,
            "unexpected status 401 Unauthorized: You didn't provide an API key., url: http://127.0.0.1:1/v1/responses",
            "httpConnectionFailed",
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "failed",
                   "error": {"message": "unexpected status 401 Unauthorized", "codexErrorInfo": {"httpConnectionFailed": {"httpStatusCode": 401}}}}}),
        ),
        now,
    );
    state
}

#[test]
fn a_401_turn_is_one_line_and_its_message_goes_again_after_sign_in_once_reverted() {
    let now = Instant::now();
    let mut state = refused_turn(now);
    let said = notices(&state);
    assert_eq!(
        said.len(),
        1,
        "one line for ten retries, the fallback and the failure: {said:?}"
    );
    assert!(
        said[0].starts_with("Sign-in needed: codex's requests to the model were refused (401 Unauthorized: You didn't provide an API key.)"),
        "{said:?}"
    );
    assert!(said[0].contains("/login"), "{said:?}");
    assert_eq!(state.draft(), "hello", "the message is back");
    // Enter: no turn while refused; the sign-in layer opens over the kept message.
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects, vec![]);
    assert!(sign_in(&state).is_some());
    // Sign in with a key.
    let mut later = now + Duration::from_secs(1);
    crate::pure::sign_in::press_apart(&mut state, KeyCode::Char('3'), &mut later);
    update(&mut state, AppEvent::Paste("sk-good-123456".into()), later);
    update(
        &mut state,
        key(KeyCode::Enter),
        later + Duration::from_secs(1),
    );
    answer(
        &mut state,
        RequestTag::Login(LoginKind::ApiKey),
        json!({"type": "apiKey"}),
        later,
    );
    update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": null, "success": true, "error": null}),
        ),
        later,
    );
    answer(
        &mut state,
        RequestTag::ReadAccount,
        json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true}),
        later,
    );
    assert!(sign_in(&state).is_none());
    // One key sends it again: the failed turn goes first, so the model reads it once.
    let effects = wire(update(&mut state, key(KeyCode::Enter), later));
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/revert",
            json!({"threadId": THREAD, "beforeTurnId": "turn-1"})
        )]
    );
    let effects = answer(
        &mut state,
        RequestTag::RevertFailedTurn,
        json!({"thread": {"id": THREAD, "turns": []}}),
        later,
    );
    let sent = requests(&effects);
    assert_eq!(sent[0].0, "turn/start");
    assert_eq!(sent[0].1["input"][0]["text"], "hello");
}

#[test]
fn a_401_from_a_provider_that_needs_no_sign_in_names_its_key_not_login() {
    // A custom model provider (`requiresOpenaiAuth: false`): its key is in codex's config.
    let now = Instant::now();
    let mut state = refused_turn_with(json!({"account": null, "requiresOpenaiAuth": false}), now);
    let said = notices(&state);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("Model provider refused: codex's requests got 401 Unauthorized: You didn't provide an API key. Its key is not a sign-in"),
        "{said:?}"
    );
    assert!(said[0].contains("env_key"), "{said:?}");
    assert!(!said[0].contains("/login"), "no sign-in helps: {said:?}");
    assert_eq!(state.draft(), "hello");
    // Enter sends it again, no sign-in layer: the failed turn is taken back first.
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(sign_in(&state).is_none());
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/revert",
            json!({"threadId": THREAD, "beforeTurnId": "turn-1"})
        )]
    );
}

#[test]
fn a_signed_out_session_that_sends_anyway_meets_the_same_line() {
    // account/read had not answered yet: the prompt went out, and the 401 path catches it.
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "hi", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects)[0].0, "turn/start");
    answer(&mut state, RequestTag::ReadAccount, signed_out(), now);
    assert!(
        sign_in(&state).is_some(),
        "the layer opens as the answer comes"
    );
}

fn config_warning() -> AppEvent {
    notify(
        "configWarning",
        json!({"summary": "Invalid configuration; using defaults.",
               "details": "/h/.codex/config.toml:3:30: invalid basic string, expected `\"`",
               "path": "/h/.codex/config.toml",
               "range": {"start": {"line": 3, "column": 30}, "end": {"line": 3, "column": 30}}}),
    )
}

const REFUSAL: &str = "thread/start failed: failed to load configuration: /h/.codex/config.toml:3:30: invalid basic string, expected `\"` (code -32600)";

fn config_broken(now: Instant) -> AppState {
    let mut state = AppState::new(config());
    update(&mut state, AppEvent::Resize(100, 30), now);
    answer(&mut state, RequestTag::Initialize, json!({}), now);
    update(&mut state, config_warning(), now);
    // codex's defaults need a sign-in: not believed while the file is broken.
    answer(&mut state, RequestTag::ReadAccount, signed_out(), now);
    update(
        &mut state,
        reply(RequestTag::StartThread, Err(REFUSAL.into())),
        now,
    );
    state
}

#[test]
fn a_broken_codex_config_shows_the_box_holds_prompts_and_recovers_without_a_restart() {
    let now = Instant::now();
    let mut state = config_broken(now);
    assert!(
        sign_in(&state).is_none(),
        "no sign-in asked on codex's defaults"
    );
    let Some(DownCause::ConfigError(problem)) = state.server_down().map(|d| &d.cause) else {
        panic!("no config box: {:?}", state.health().down)
    };
    assert_eq!(problem.path.as_deref(), Some("/h/.codex/config.toml"));
    assert_eq!(problem.at, Some((3, 30)));
    assert!(
        problem.message.starts_with("invalid basic string"),
        "{problem:?}"
    );
    assert!(state.lifecycle().failure().is_none());
    assert!(
        notices(&state).is_empty(),
        "the box says it: {:?}",
        notices(&state)
    );
    // A prompt stays, unsent and out of the history.
    type_text(&mut state, "hello", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects, vec![]);
    assert_eq!(state.draft(), "hello");
    assert_eq!(state.composer().prompt_history.entries().len(), 0);
    // Ctrl+R asks for the thread again; twice in a row asks once.
    let effects = wire(update(&mut state, ctrl('r'), now));
    assert_eq!(
        requests(&effects),
        vec![("thread/start", json!({"cwd": "/home/user/project"}))]
    );
    assert_eq!(wire(update(&mut state, ctrl('r'), now)), vec![]);
    // Still broken: the box stays, and the timer tries again by itself.
    update(
        &mut state,
        reply(RequestTag::StartThread, Err(REFUSAL.into())),
        now,
    );
    let next = state.next_tick(now).expect("a timer to try again");
    assert!(next <= now + Duration::from_secs(5));
    let effects = wire(update(&mut state, AppEvent::Tick, next));
    assert_eq!(requests(&effects)[0].0, "thread/start");
    // Fixed: the thread starts, the box goes, the account is read again, and now believed.
    let effects = answer(
        &mut state,
        RequestTag::StartThread,
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "m", "cwd": "/w"}),
        next,
    );
    assert!(state.server_down().is_none());
    assert!(requests(&effects).iter().any(|(m, _)| *m == "account/read"));
    answer(&mut state, RequestTag::ReadAccount, signed_out(), next);
    assert!(sign_in(&state).is_some());
}

#[test]
fn the_focus_coming_back_tries_the_config_again() {
    let now = Instant::now();
    let mut state = config_broken(now);
    let effects = wire(update(&mut state, AppEvent::Focus(true), now));
    assert_eq!(requests(&effects)[0].0, "thread/start");
}

#[test]
fn a_server_that_dies_before_initialize_says_its_config_may_be_why() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        AppEvent::Disconnected(
            "codex app-server stopped (exit status: 1); last stderr: Error: approval_policy = \"untrusted\" is no longer supported; remove this setting".into(),
        ),
        now,
    );
    let down = state.server_down().unwrap();
    assert_eq!(down.title(), "codex app-server stopped at startup");
    let text = down.paragraphs().join("\n");
    assert!(text.contains("approval_policy"), "{text}");
    assert!(text.contains("config.toml"), "{text}");
}

fn locked(now: Instant) -> AppState {
    let mut config = config();
    config.resume = Resume::Thread("t-locked".into());
    let mut state = AppState::new(config);
    update(&mut state, AppEvent::Resize(100, 30), now);
    answer(&mut state, RequestTag::Initialize, json!({}), now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err(
                "thread/resume failed: thread t-locked already has an active writer (code -32600)"
                    .into(),
            ),
        ),
        now,
    );
    state
}

#[test]
fn a_thread_open_elsewhere_offers_retry_fork_and_new_thread() {
    let now = Instant::now();
    let mut state = locked(now);
    let Some(Layer::LockedThread(box_)) = state.person_layers().last() else {
        panic!("no locked box: {:?}", state.person_layers())
    };
    assert_eq!(box_.thread_id.as_deref(), Some("t-locked"));
    assert!(state.lifecycle().failure().is_none(), "not a dead session");
    let effects = wire(update(&mut state, key(KeyCode::Char('r')), now));
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/resume",
            json!({"threadId": "t-locked", "excludeTurns": true})
        )]
    );
    // Still locked: the box stays, saying so again.
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err(
                "thread/resume failed: thread t-locked already has an active writer (code -32600)"
                    .into(),
            ),
        ),
        now,
    );
    assert_eq!(state.person_layers().len(), 1);
    let effects = wire(update(&mut state, key(KeyCode::Char('f')), now));
    assert_eq!(
        requests(&effects),
        vec![(
            "thread/fork",
            json!({"threadId": "t-locked", "excludeTurns": true})
        )]
    );
    answer(
        &mut state,
        RequestTag::ForkThread,
        json!({"thread": {"id": "t-fork", "preview": "", "turns": []}, "model": "m", "cwd": "/w"}),
        now,
    );
    assert!(
        state.person_layers().is_empty(),
        "the fork opened: the box is gone"
    );
    assert_eq!(state.thread_id(), Some("t-fork"));
    // n: a new thread.
    let mut fresh = locked(now);
    let effects = wire(update(&mut fresh, key(KeyCode::Char('n')), now));
    assert_eq!(requests(&effects)[0].0, "thread/start");
    assert!(fresh.person_layers().is_empty());
}

#[test]
fn a_server_version_not_tested_with_is_said_once() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    answer(
        &mut state,
        RequestTag::Initialize,
        json!({"userAgent": "tern/0.180.2 (Debian 12; x86_64) xterm (tern; 0.3.0)"}),
        now,
    );
    answer(
        &mut state,
        RequestTag::Initialize,
        json!({"userAgent": "tern/0.180.2 (Debian 12; x86_64) xterm (tern; 0.3.0)"}),
        now,
    );
    let said = notices(&state);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].contains("0.180.2") && said[0].contains("0.171.0"),
        "{said:?}"
    );
    assert_eq!(last_notice(&state).0, NoticeLevel::Warning);
    let mut tested = AppState::new(config());
    answer(
        &mut tested,
        RequestTag::Initialize,
        json!({"userAgent": "tern/0.171.0 (Debian 12; x86_64) xterm (tern; 0.3.0)"}),
        now,
    );
    assert!(notices(&tested).is_empty());
}

#[test]
fn a_hidden_or_blocked_answer_is_never_shown() {
    let now = Instant::now();
    let mut state = running_state(now);
    let item = |id: &str, display: Value| {
        json!({"type": "agentMessage", "id": id, "text": "SECRET ANSWER",
               "moderation": {"moderated": true, "display": display}})
    };
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m1", "delta": "SECRET ANSWER"}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": item("m1",
                json!({"mode": "hide", "version": 1, "replacement": {"kind": "wellbeingPromptHelpline"}}))}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": item("m2",
                json!({"mode": "block", "version": 1, "reason": {"kind": "cyber"}}))}),
        ),
        now,
    );
    let answers: Vec<String> = state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers.iter().all(|a| !a.contains("SECRET")), "{answers:?}");
    assert!(answers[0].contains("hidden"), "{answers:?}");
    assert!(answers[1].contains("cybersecurity"), "{answers:?}");
}

#[test]
fn a_locked_thread_picked_in_the_picker_opens_the_box_over_it_and_esc_goes_back() {
    let now = Instant::now();
    let mut config = config();
    config.resume = Resume::Pick;
    let mut state = AppState::new(config);
    update(&mut state, AppEvent::Resize(100, 30), now);
    answer(&mut state, RequestTag::Initialize, json!({}), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::ThreadPicker(_))
    ));
    let Some(Layer::ThreadPicker(picker)) = state.person_layers_mut().last_mut() else {
        unreachable!()
    };
    picker.opening = Some("t-locked".into());
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err(
                "thread/resume failed: thread t-locked already has an active writer (code -32600)"
                    .into(),
            ),
        ),
        now,
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::LockedThread(_))
    ));
    let Some(Layer::ThreadPicker(picker)) = state.person_layers().first() else {
        panic!("the picker is under it")
    };
    assert_eq!(picker.opening, None, "the picker no longer waits");
    // Esc: back to the picker, nothing sent.
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert_eq!(effects, vec![]);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::ThreadPicker(_))
    ));
}
