//! Thread names (issue 20) down to the exact JSON sent: a new thread's first prompt asks an
//! ephemeral side thread for a title and names the thread once its first turn ended; titles
//! are off unless configured; a fork is named "fork of …"; a rewound thread listed once per
//! rollout generation shows once in the picker.

use crate::support::common::*;
use crate::support::plan_fixtures::answered;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, Effect, RequestTag, SessionConfig};
use tern::session::request::NewThreadPurpose;
use tern::session::titles::TITLE_PROMPT;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn ready(config: SessionConfig, now: Instant) -> AppState {
    started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []},
               "model": "mock-model", "cwd": "/home/user/project"}),
        now,
    )
}

fn titled(now: Instant) -> AppState {
    ready(
        SessionConfig {
            thread_titles: true,
            ..config()
        },
        now,
    )
}

#[test]
fn the_first_prompt_asks_a_side_thread_for_a_title_then_names_the_thread() {
    let now = Instant::now();
    let mut state = titled(now);
    type_text(&mut state, "fix the login bug", now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = answered(
        &mut state,
        RequestTag::StartTurn {
            prompt: "fix the login bug".into(),
        },
        json!({"turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        now,
    );
    let sent = requests(&effects);
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (method, params) = &sent[0];
    assert_eq!(*method, "thread/start");
    assert_eq!(params["ephemeral"], true);
    assert_eq!(params["threadSource"], "thread_title");
    assert_eq!(params["approvalPolicy"], "never");
    assert_eq!(params["sandbox"], "read-only");
    assert_eq!(params["config"]["features.shell_tool"], false);
    let effects = answered(
        &mut state,
        RequestTag::StartThreadFor(NewThreadPurpose::Title {
            main_thread: THREAD.into(),
            prompt: "fix the login bug".into(),
        }),
        json!({"thread": {"id": "side-1", "ephemeral": true, "turns": []}, "model": "mock-model"}),
        now,
    );
    assert_eq!(
        requests(&effects),
        [(
            "turn/start",
            json!({"threadId": "side-1",
                   "input": [{"type": "text", "text": format!("{TITLE_PROMPT}fix the login bug"), "text_elements": []}],
                   "outputSchema": {"type": "object", "properties": {"title": {"type": "string",
                       "minLength": 1, "maxLength": 36}}, "required": ["title"],
                       "additionalProperties": false}})
        )]
    );
    let cells = state.transcript().len();
    let side = |method: &str, params: Value| {
        let mut params = params;
        params["threadId"] = json!("side-1");
        notify(method, params)
    };
    update(
        &mut state,
        side(
            "item/completed",
            json!({"turnId": "s1", "item": {"type": "agentMessage",
        "id": "msg_1", "text": "{\"title\": \"Fix login \\u001b]0;pwned\\u0007bug\"}"}}),
        ),
        now,
    );
    let effects = wire(update(
        &mut state,
        side(
            "turn/completed",
            json!({"turn": {"id": "s1", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [("thread/unsubscribe", json!({"threadId": "side-1"}))]
    );
    assert_eq!(
        state.transcript().len(),
        cells,
        "the side thread never shows"
    );
    // Named once the main thread's first turn has ended (before, it has no history).
    let effects = wire(update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD,
            "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "thread/name/set",
            json!({"threadId": THREAD, "name": "Fix login bug"})
        )]
    );
    answered(
        &mut state,
        RequestTag::AutoName {
            thread_id: THREAD.into(),
            name: "Fix login bug".into(),
        },
        json!({}),
        now,
    );
    let text = screen(&mut state, 120, 24, now);
    assert!(text.contains("Fix login bug"), "{text}");
    // Once per thread.
    type_text(&mut state, "and the logout", now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = answered(
        &mut state,
        RequestTag::StartTurn {
            prompt: "and the logout".into(),
        },
        json!({"turn": {"id": "turn-2", "items": [], "status": "inProgress"}}),
        now,
    );
    assert!(requests(&effects).is_empty());
}

#[test]
fn titles_are_off_unless_configured() {
    let now = Instant::now();
    let mut state = ready(config(), now);
    type_text(&mut state, "fix it", now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = answered(
        &mut state,
        RequestTag::StartTurn {
            prompt: "fix it".into(),
        },
        json!({"turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        now,
    );
    assert!(requests(&effects).is_empty());
}

#[test]
fn a_fork_is_named_fork_of_its_parent() {
    let now = Instant::now();
    let mut state = ready(config(), now);
    let effects = answered(
        &mut state,
        RequestTag::ForkThread,
        json!({"thread": {"id": "fork-1", "name": "Fix login bug", "preview": "fix", "turns": []},
               "model": "mock-model", "cwd": "/home/user/project"}),
        now,
    );
    assert!(
        requests(&effects).contains(&(
            "thread/name/set",
            json!({"threadId": "fork-1", "name": "fork of Fix login bug"})
        )),
        "{effects:?}"
    );
    assert!(screen(&mut state, 120, 24, now).contains("fork of Fix login bug"));
}

#[test]
fn a_reverted_thread_listed_twice_shows_once() {
    let now = Instant::now();
    let mut state = ready(config(), now);
    type_text(&mut state, "/resume", now);
    update(&mut state, key(KeyCode::Enter), now);
    let Some(Layer::ThreadPicker(picker)) = state.person_layers().last() else {
        panic!("the picker");
    };
    let generation = picker.generation;
    let page = json!({"data": [
        {"id": "t1", "preview": "first", "updatedAt": 10},
        {"id": "t1", "preview": "third", "updatedAt": 20},
        {"id": "t2", "preview": "other", "updatedAt": 5}], "nextCursor": null});
    for fast in [true, false] {
        answered(
            &mut state,
            RequestTag::ListThreads(tern::app::ListPurpose::Page { generation, fast }),
            page.clone(),
            now,
        );
    }
    let Some(Layer::ThreadPicker(picker)) = state.person_layers().last() else {
        panic!("the picker");
    };
    let rows: Vec<(&str, &str)> = picker
        .rows
        .iter()
        .map(|r| (r.id.as_str(), r.preview.as_str()))
        .collect();
    assert_eq!(rows, [("t1", "third"), ("t2", "other")]);
}
