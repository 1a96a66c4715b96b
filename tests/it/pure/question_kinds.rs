//! Every kind of server request as a question, answered with the exact JSON the schema wants:
//! permissions, questions for the person (`requestUserInput`), MCP tool approvals, links and
//! forms.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState};

fn asked(method: &str, params: Value, now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(&mut state, server_request(0, method, params), now);
    state
}

fn type_in(state: &mut AppState, text: &str, mut at: Instant) -> Instant {
    for c in text.chars() {
        update(state, key(KeyCode::Char(c)), at);
        at = later(at, 150);
    }
    at
}

fn permissions() -> Value {
    json!({"threadId": THREAD, "turnId": "t", "itemId": "call_0", "environmentId": "local",
           "startedAtMs": 0, "cwd": "/home/user/proj/ws", "reason": "Need to write outside the workspace",
           "permissions": {"network": {"enabled": true}, "fileSystem": {"read": null,
               "write": ["/home/user/proj"], "entries": [{"path": {"type": "path", "path": "/home/user/proj"}, "access": "write"}]}}})
}

#[test]
fn permissions_are_shown_and_granted_for_the_turn_or_the_session_or_not_at_all() {
    let now = Instant::now();
    let requested = permissions()["permissions"].clone();
    let mut state = asked("item/permissions/requestApproval", permissions(), now);
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains("• network access") && shown.contains("• write /home/user/proj"),
        "{shown}"
    );
    assert!(shown.contains("Need to write outside the workspace"));
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), read(now)),
        answer_result(0, json!({"permissions": requested, "scope": "turn"}))
    );

    let mut state = asked("item/permissions/requestApproval", permissions(), now);
    assert!(press(&mut state, KeyCode::Char('a'), read(now)).is_empty());
    assert_eq!(
        press(&mut state, KeyCode::Enter, later(read(now), 300)),
        answer_result(0, json!({"permissions": requested, "scope": "session"}))
    );

    let mut state = asked("item/permissions/requestApproval", permissions(), now);
    assert_eq!(
        press(&mut state, KeyCode::Esc, read(now)),
        answer_result(0, json!({"permissions": {}, "scope": "turn"}))
    );
}

fn questions() -> Value {
    json!({"threadId": THREAD, "turnId": "t", "itemId": "call_0", "isBlocking": true, "autoResolutionMs": null,
    "questions": [
        {"id": "color", "header": "Color", "question": "Which color should I use?", "isOther": true, "isSecret": false,
         "options": [{"label": "Red (Recommended)", "description": "Warm and loud."}, {"label": "Blue", "description": "Calm."}]},
        {"id": "size", "header": "Size", "question": "How big?", "isOther": true, "isSecret": false,
         "options": [{"label": "Small", "description": "Tiny."}, {"label": "Large", "description": "Huge."}]},
        {"id": "token", "header": "Token", "question": "Paste the token", "isOther": false, "isSecret": true, "options": null}
    ]})
}

#[test]
fn questions_are_answered_one_at_a_time_by_number_arrow_or_typed_text() {
    let now = Instant::now();
    let mut state = asked("item/tool/requestUserInput", questions(), now);
    let at = read(now);
    let shown = screen(&mut state, 100, 30, at);
    assert!(
        shown.contains("Which color should I use?") && shown.contains("1. Red (Recommended)"),
        "{shown}"
    );
    // 2 picks Blue at once.
    assert!(press(&mut state, KeyCode::Char('2'), at).is_empty());
    // Down twice to "Other", then type.
    press(&mut state, KeyCode::Down, later(at, 200));
    press(&mut state, KeyCode::Down, later(at, 400));
    let at = type_in(&mut state, "huge", later(at, 600));
    press(&mut state, KeyCode::Enter, later(at, 200));
    // The secret is typed masked.
    let at = type_in(&mut state, "s3cret", later(at, 400));
    let shown = screen(&mut state, 100, 30, at);
    assert!(
        shown.contains("••••••") && !shown.contains("s3cret"),
        "{shown}"
    );
    let effects = press(&mut state, KeyCode::Enter, later(at, 200));
    assert_eq!(
        effects,
        answer_result(
            0,
            json!({"answers": {
            "color": {"answers": ["Blue"]},
            "size": {"answers": ["huge"]},
            "token": {"answers": ["s3cret"]}}})
        )
    );
}

#[test]
fn tool_approvals_offer_what_the_server_lets_persist() {
    let params = json!({"threadId": THREAD, "turnId": "t", "serverName": "elic", "mode": "form",
        "_meta": {"codex_approval_kind": "mcp_tool_call", "persist": ["session", "always"],
                  "tool_name": "ask_name", "tool_description": "Ask the user for their name",
                  "tool_params": {}, "tool_params_display": []},
        "message": "Allow the elic MCP server to run tool \"ask_name\"?",
        "requestedSchema": {"type": "object", "properties": {}}});
    let now = Instant::now();
    let mut state = asked("mcpServer/elicitation/request", params.clone(), now);
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains("Let the MCP server elic run ask_name?"),
        "{shown}"
    );
    assert_eq!(
        press(&mut state, KeyCode::Char('y'), read(now)),
        answer_result(
            0,
            json!({"action": "accept", "content": null, "_meta": null})
        )
    );

    let mut state = asked("mcpServer/elicitation/request", params.clone(), now);
    press(&mut state, KeyCode::Char('p'), read(now));
    assert_eq!(
        press(&mut state, KeyCode::Char('p'), later(read(now), 300)),
        answer_result(
            0,
            json!({"action": "accept", "content": null, "_meta": {"persist": "always"}})
        )
    );

    let mut only_session = params;
    only_session["_meta"]["persist"] = json!(["session"]);
    let mut state = asked("mcpServer/elicitation/request", only_session, now);
    assert!(state
        .questions()
        .front()
        .unwrap()
        .question
        .option('p')
        .is_none());
    assert_eq!(
        press(&mut state, KeyCode::Esc, read(now)),
        answer_result(
            0,
            json!({"action": "cancel", "content": null, "_meta": null})
        )
    );
}

#[test]
fn elicitation_forms_check_and_type_their_answers() {
    let params = json!({"threadId": THREAD, "turnId": "t", "serverName": "elic", "mode": "form", "_meta": null,
        "message": "What is your name?",
        "requestedSchema": {"type": "object", "properties": {
            "color": {"type": "string", "title": "Color", "enum": ["red", "blue"]},
            "lucky": {"type": "integer", "title": "Lucky number", "minimum": 1, "maximum": 99},
            "name": {"type": "string", "title": "Name", "description": "Your name"}},
            "required": ["name"]}});
    let now = Instant::now();
    let mut state = asked("mcpServer/elicitation/request", params, now);
    let at = read(now);
    press(&mut state, KeyCode::Char('1'), at);
    let at = type_in(&mut state, "100", later(at, 300));
    press(&mut state, KeyCode::Enter, later(at, 200));
    let shown = screen(&mut state, 100, 30, at);
    assert!(shown.contains("at most 99"), "{shown}");
    for i in 0..3 {
        press(&mut state, KeyCode::Backspace, later(at, 400 + i * 100));
    }
    let at = type_in(&mut state, "7", later(at, 800));
    press(&mut state, KeyCode::Enter, later(at, 200));
    // The name is required: Enter on an empty answer says so.
    assert!(press(&mut state, KeyCode::Enter, later(at, 400)).is_empty());
    let at = type_in(&mut state, "Ann", later(at, 600));
    assert_eq!(
        press(&mut state, KeyCode::Enter, later(at, 200)),
        answer_result(
            0,
            json!({"action": "accept", "content": {"name": "Ann", "lucky": 7, "color": "red"}, "_meta": null})
        )
    );
}

#[test]
fn a_link_is_shown_as_it_is_and_answered() {
    let params = json!({"threadId": THREAD, "turnId": null, "serverName": "auth", "mode": "url", "_meta": null,
        "message": "Sign in to continue", "url": "https://example.com/login?\u{1b}]0;x\u{7}", "elicitationId": "e1"});
    let now = Instant::now();
    let mut state = asked("mcpServer/elicitation/request", params, now);
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains("https://example.com/login?␛]0;x␇"),
        "{shown}"
    );
    assert_eq!(
        press(&mut state, KeyCode::Char('n'), read(now)),
        answer_result(
            0,
            json!({"action": "decline", "content": null, "_meta": null})
        )
    );
}
