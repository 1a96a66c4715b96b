//! `/hooks`: the hooks are listed once at startup, and each one codex holds back (new, or
//! changed since trusted) gets one line naming it and `/hooks`; nothing is trusted for the
//! person. In `/hooks`, `t` then `y` writes `hooks.state."<key>".trusted_hash` with the hook's
//! current hash through `config/batchWrite` with `reloadUserConfig` (the exact JSON), `u` then
//! `y` removes it, any other key after `t` writes nothing.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::{CellKind, NoticeLevel};

const KEY_NEW: &str = "/h/.codex/config.toml:user_prompt_submit:0:0";
const KEY_OK: &str = "/h/.codex/config.toml:stop:0:0";
const KEY_CHANGED: &str = "/p/.codex/hooks.json:pre_tool_use:0:0";

fn hook(key: &str, event: &str, command: &str, trust: &str) -> Value {
    json!({"key": key, "eventName": event, "handlerType": "command", "command": command,
           "async": false, "matcher": null, "timeoutSec": 600, "statusMessage": null,
           "sourcePath": "/h/.codex/config.toml", "source": "user", "pluginId": null,
           "environmentId": null, "displayOrder": 0, "enabled": true, "isManaged": false,
           "currentHash": format!("sha256:{}", event), "trustStatus": trust,
           "someFieldOfTomorrow": {"x": 1}})
}

fn hooks_answer() -> Value {
    json!({"data": [{"cwd": "/home/user/project", "hooks": [
        hook(KEY_NEW, "userPromptSubmit", "touch /tmp/marker", "untrusted"),
        hook(KEY_OK, "stop", "notify-send done", "trusted"),
        hook(KEY_CHANGED, "preToolUse", "./check.sh", "modified"),
    ], "warnings": [], "errors": []}]})
}

fn listed(startup: bool) -> AppEvent {
    reply(RequestTag::ListHooks { startup }, Ok(hooks_answer()))
}

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn notices(state: &AppState) -> Vec<(NoticeLevel, String)> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Notice { level, text } => Some((*level, text.clone())),
            _ => None,
        })
        .collect()
}

/// A started session whose startup list has come, with `/hooks` open.
fn hooks_open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(&mut state, listed(true), now);
    state.set_draft("/hooks");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        [("hooks/list", json!({"cwds": ["/home/user/project"]}))],
        "/hooks asks again"
    );
    update(&mut state, listed(false), now);
    state
}

#[test]
fn the_first_thread_asks_for_the_hooks_once() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    let thread = json!({"thread": {"id": THREAD, "preview": "", "turns": []},
        "model": "mock-model", "cwd": "/home/user/project"});
    let effects = wire(update(
        &mut state,
        reply(RequestTag::StartThread, Ok(thread.clone())),
        now,
    ));
    assert!(
        requests(&effects).contains(&("hooks/list", json!({"cwds": ["/home/user/project"]}))),
        "{effects:?}"
    );
    // A second thread (/new) does not ask again.
    let effects = wire(update(
        &mut state,
        reply(RequestTag::StartThread, Ok(thread)),
        now,
    ));
    assert!(
        !requests(&effects).iter().any(|(m, _)| *m == "hooks/list"),
        "{effects:?}"
    );
}

#[test]
fn each_hook_held_back_gets_one_line_at_startup_and_none_is_trusted() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = wire(update(&mut state, listed(true), now));
    assert!(
        requests(&effects).is_empty(),
        "nothing written: {effects:?}"
    );
    let said = notices(&state);
    assert_eq!(
        said,
        [
            (
                NoticeLevel::Warning,
                "Hook changed since you trusted it: preToolUse `./check.sh` (user) will not run until you trust it. /hooks to review.".to_string()
            ),
            (
                NoticeLevel::Warning,
                "Hook new: userPromptSubmit `touch /tmp/marker` (user) will not run until you trust it. /hooks to review.".to_string()
            ),
        ],
        "the trusted one is not named"
    );
    // The list /hooks opens later says nothing again.
    state.set_draft("/hooks");
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, listed(false), now);
    assert_eq!(notices(&state).len(), 2);
}

#[test]
fn t_then_y_trusts_the_selected_hook_with_its_current_hash() {
    let now = Instant::now();
    let mut state = hooks_open(now);
    // Sorted by event: preToolUse, stop, userPromptSubmit. The last one is the new hook.
    update(&mut state, key(KeyCode::End), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('t')), now));
    assert!(requests(&effects).is_empty(), "t only asks: {effects:?}");
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [(
            "config/batchWrite",
            json!({"edits": [{
                "keyPath": format!("hooks.state.\"{KEY_NEW}\".trusted_hash"),
                "value": "sha256:userPromptSubmit",
                "mergeStrategy": "replace"
            }], "reloadUserConfig": true})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::TrustHook {
                key: KEY_NEW.into(),
                trust: true,
            },
            Ok(
                json!({"status": "ok", "version": "sha256:v", "filePath": "/h/.codex/config.toml", "overriddenMetadata": null}),
            ),
        ),
        now,
    ));
    assert_eq!(
        notices(&state).last().unwrap().1,
        "Hook trusted: `touch /tmp/marker` runs from the next prompt."
    );
    assert_eq!(
        requests(&effects),
        [("hooks/list", json!({"cwds": ["/home/user/project"]}))],
        "the list is read again"
    );
}

#[test]
fn u_then_y_removes_the_trust_and_another_key_writes_nothing() {
    let now = Instant::now();
    let mut state = hooks_open(now);
    // The trusted one: second.
    update(&mut state, key(KeyCode::Down), now);
    // `t` is not offered on a trusted hook.
    let effects = wire(update(&mut state, key(KeyCode::Char('t')), now));
    assert!(requests(&effects).is_empty());
    update(&mut state, key(KeyCode::Char('u')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('n')), now));
    assert!(requests(&effects).is_empty(), "n leaves it: {effects:?}");
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert!(requests(&effects).is_empty(), "y alone asks nothing");
    update(&mut state, key(KeyCode::Char('u')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        requests(&effects),
        [(
            "config/batchWrite",
            json!({"edits": [{
                "keyPath": format!("hooks.state.\"{KEY_OK}\".trusted_hash"),
                "value": null,
                "mergeStrategy": "replace"
            }], "reloadUserConfig": true})
        )]
    );
    update(
        &mut state,
        reply(
            RequestTag::TrustHook {
                key: KEY_OK.into(),
                trust: false,
            },
            Err("config is locked".into()),
        ),
        now,
    );
    assert_eq!(
        notices(&state).last().unwrap(),
        &(
            NoticeLevel::Warning,
            "Could not untrust the hook `notify-send done`: config is locked".to_string()
        )
    );
}
