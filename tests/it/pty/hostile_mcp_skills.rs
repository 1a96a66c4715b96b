//! The real tern against the hostile fake app-server answering `/mcp` and `/skills`: escape
//! payloads in every field of `mcpServerStatus/list`, the sign-in URL, the startup reports and
//! `skills/list` never reach the terminal (the raw bytes tern wrote are scanned), on screen or
//! in what is printed after exit; the requests tern sends are the ones the schema spells.

use crate::support::fake_server::{leaked, payload, step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const SIZE: (u16, u16) = (120, 40);

fn assert_clean(tern: &PtySession) {
    let raw = tern.raw_output();
    let found = leaked(&raw);
    assert!(
        found.is_empty(),
        "payload bytes reached the terminal: {found:?}\nscreen:\n{}",
        tern.screen_text()
    );
}

fn quit(tern: &mut PtySession) {
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
}

/// Types a command as a person does; Enter runs it.
fn run(tern: &PtySession, command: &str) {
    tern.send(command.as_bytes());
    tern.wait_for_text(&format!("│{command}"), WAIT);
    tern.send(b"\r");
}

#[test]
fn mcp_answers_with_payloads_in_every_field() {
    let servers = json!({"data": [
        {"name": payload("NAME"), "runtimeStatus": payload("STATE"), "authStatus": payload("AUTH"),
         "serverInfo": {"name": payload("INFO"), "title": payload("TITLE"), "version": payload("VERSION")},
         "tools": {payload("TOOLKEY"): {"name": payload("TOOL"), "title": payload("TTITLE"),
                                        "description": payload("DESC"), "inputSchema": {}}},
         "toolsError": null, "httpOrigin": payload("ORIGIN"), "pluginId": null,
         "resources": [], "resourceTemplates": []},
        {"name": "web", "runtimeStatus": "failed", "authStatus": "notLoggedIn", "serverInfo": null,
         "tools": {}, "toolsError": payload("TOOLSERR"), "httpOrigin": null}
    ], "nextCursor": null});
    let fake = FakeServer::new(&[
        json!({"on": "mcpServerStatus/list", "reply": servers}),
        json!({"on": "mcpServer/oauth/login", "reply": {"authorizationUrl": format!("https://x.example/{}", payload("URL"))}}),
        step::wait("mcpServerStatus/list"),
        step::notify(
            "mcpServer/startupStatus/updated",
            json!({"threadId": "{{thread}}", "name": payload("LATE"), "environmentId": null,
                   "status": "failed", "error": payload("STARTERR"), "failureReason": null}),
        ),
    ]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    run(&tern, "/mcp");
    tern.wait_for_text("<NAME", WAIT);
    tern.wait_for_text("<LATE", WAIT);
    let asked = fake.wait_method("mcpServerStatus/list", WAIT);
    assert_eq!(
        asked["params"],
        json!({"detail": "toolsAndAuthOnly", "threadId": "thr-fake"})
    );
    // The tools open; the failing server opens its whole error; signing in shows the URL.
    tern.send(b"\r");
    tern.wait_for_text("<DESC", WAIT);
    tern.send(b"\x1b[B");
    tern.send(b"\r");
    tern.wait_for_text("<TOOLSERR", WAIT);
    tern.send(b"l");
    let login = fake.wait_method("mcpServer/oauth/login", WAIT);
    assert_eq!(
        login["params"],
        json!({"name": "web", "threadId": "thr-fake"})
    );
    tern.wait_for_text("<URL", WAIT);
    tern.send(b"r");
    let reload: Value = fake.wait_method("config/mcpServer/reload", WAIT);
    assert_eq!(reload["params"], Value::Null);
    assert_clean(&tern);
    tern.send(b"\x1b");
    tern.wait_for_text("To sign in to the MCP server web", WAIT);
    assert_clean(&tern);
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn skills_answers_with_payloads_in_every_field() {
    let skills = json!({"data": [{"cwd": payload("CWD"), "skills": [
        {"name": "fine", "description": payload("DESC"), "shortDescription": payload("SHORT"),
         "path": payload("PATH"), "scope": payload("SCOPE"), "enabled": true},
        {"name": payload("NAME"), "description": "named badly", "path": "/p/SKILL.md", "scope": "user", "enabled": true}
    ], "errors": [{"path": payload("ERRPATH"), "message": payload("ERRMSG")}]}]});
    let fake = FakeServer::new(&[json!({"on": "skills/list", "reply": skills})]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"try $f");
    tern.wait_for_text("$fine", WAIT);
    tern.wait_for_text("<SHORT", WAIT);
    assert_clean(&tern);
    tern.send(b"\t");
    tern.wait_for_text("try $fine", WAIT);
    tern.send(b"\x15");
    run(&tern, "/skills");
    tern.wait_for_text("<ERRMSG", WAIT);
    tern.wait_for_text("<SCOPE", WAIT);
    assert_clean(&tern);
    tern.send(b"\r");
    tern.wait_for_text("│$fine", WAIT);
    tern.send(b"go\r");
    let turn = fake.wait_method("turn/start", WAIT);
    assert_eq!(
        turn["params"]["input"],
        json!([
            {"type": "text", "text": "$fine go", "text_elements": []},
            {"type": "skill", "name": "fine", "path": payload("PATH")}
        ])
    );
    quit(&mut tern);
    assert_clean(&tern);
}
