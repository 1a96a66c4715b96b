//! Each kind of prompt drawn at 120×40, 80×24 and 40×12: the options and the key hint are on
//! screen at every size, whatever the body holds.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState};

const SIZES: [(u16, u16); 3] = [(120, 40), (80, 24), (40, 12)];

fn asked(method: &str, params: Value, now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(&mut state, server_request(0, method, params), now);
    state
}

fn command(command: &str, proposal: Value) -> Value {
    json!({"kind": "command", "threadId": THREAD, "turnId": "t", "itemId": "c",
        "reason": "Check the repository state", "command": command, "cwd": "/home/user/project",
        "proposedExecpolicyAmendment": proposal,
        "availableDecisions": ["accept",
            {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": proposal}}, "cancel"]})
}

/// Snapshots the state at every size, checking that what Esc does is always on screen.
fn snapshot_sizes(name: &str, state: &mut AppState, now: Instant) {
    for (w, h) in SIZES {
        let shown = screen(state, w, h, read(now));
        let last_rows: Vec<&str> = shown.lines().rev().take(3).collect();
        assert!(
            last_rows.iter().any(|r| r.contains("Esc")),
            "{name} {w}x{h}: what Esc does is not on screen\n{shown}"
        );
        snapshot!(&format!("prompt_{name}_{w}x{h}"), &shown);
    }
}

#[test]
fn command_prompt() {
    let now = Instant::now();
    let mut state = asked(
        "item/commandExecution/requestApproval",
        command(
            "/bin/bash -lc 'git status --short'",
            json!(["git", "status"]),
        ),
        now,
    );
    snapshot_sizes("command", &mut state, now);
}

#[test]
fn long_multi_line_command() {
    let now = Instant::now();
    let mut script: Vec<String> = (1..=80).map(|i| format!("echo step {i}")).collect();
    script.push("rm -rf ~/important".into());
    let mut state = asked(
        "item/commandExecution/requestApproval",
        command(
            &format!("/bin/bash -lc '{}'", script.join("\n")),
            json!(["echo"]),
        ),
        now,
    );
    snapshot_sizes("long_command", &mut state, now);
}

#[test]
fn file_change_with_a_tall_diff() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let diff: String = (1..=40)
        .map(|i| format!("-old line {i}\n+new line {i}\n"))
        .collect();
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "t", "item": {"type": "fileChange", "id": "f",
                "status": "inProgress", "changes": [
                    {"path": "/home/user/project/src/lib.rs", "kind": {"type": "update", "move_path": null},
                     "diff": format!("@@ -1,40 +1,40 @@\n{diff}")},
                    {"path": "/home/user/project/old.rs", "kind": {"type": "update", "move_path": "/home/user/project/new.rs"},
                     "diff": "@@ -1 +1 @@\n-a\n+b\n"}]}}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            0,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": "t", "itemId": "f", "reason": null, "grantRoot": null}),
        ),
        now,
    );
    snapshot_sizes("file_change_tall", &mut state, now);
}

#[test]
fn prefix_chooser_refused_and_exact_script() {
    let now = Instant::now();
    let mut state = asked(
        "item/commandExecution/requestApproval",
        command(
            "/bin/bash -lc 'git status --short'",
            json!(["git", "status"]),
        ),
        now,
    );
    press(&mut state, KeyCode::Char('p'), read(now));
    snapshot_sizes("prefix_chooser", &mut state, now);

    let mut state = asked(
        "item/commandExecution/requestApproval",
        command("/bin/bash -lc 'npx prettier --write .'", json!(["npx"])),
        now,
    );
    press(&mut state, KeyCode::Char('p'), read(now));
    snapshot_sizes("prefix_refused", &mut state, now);

    let wrapper = json!(["/bin/bash", "-lc", "echo x > f; cat f"]);
    let mut state = asked(
        "item/commandExecution/requestApproval",
        command("/bin/bash -lc 'echo x > f; cat f'", wrapper),
        now,
    );
    snapshot_sizes("exact_script", &mut state, now);
    press(&mut state, KeyCode::Char('p'), read(now));
    snapshot_sizes("exact_script_chooser", &mut state, now);
}

#[test]
fn questions_form() {
    let now = Instant::now();
    let mut state = asked(
        "item/tool/requestUserInput",
        json!({"threadId": THREAD, "turnId": "t", "itemId": "i", "isBlocking": true,
            "questions": [{"id": "color", "header": "Color", "question": "Which color should I use?",
                "isOther": true, "isSecret": false,
                "options": [{"label": "Red (Recommended)", "description": "Warm and loud."},
                            {"label": "Blue", "description": "Calm."}]}]}),
        now,
    );
    snapshot_sizes("questions", &mut state, now);
}

#[test]
fn permissions_tool_approval_and_link() {
    let now = Instant::now();
    let mut state = asked(
        "item/permissions/requestApproval",
        json!({"threadId": THREAD, "turnId": "t", "itemId": "i", "cwd": "/home/user/project",
            "reason": "Need to write outside the workspace",
            "permissions": {"network": {"enabled": true},
                "fileSystem": {"read": null, "write": ["/home/user/other"]}}}),
        now,
    );
    snapshot_sizes("permissions", &mut state, now);

    let mut state = asked(
        "mcpServer/elicitation/request",
        json!({"threadId": THREAD, "turnId": "t", "serverName": "elic", "mode": "form",
            "_meta": {"codex_approval_kind": "mcp_tool_call", "persist": ["session", "always"],
                "tool_name": "ask_name", "tool_params": {"who": "me"}},
            "message": "Allow the elic MCP server to run tool \"ask_name\"?",
            "requestedSchema": {"type": "object", "properties": {}}}),
        now,
    );
    snapshot_sizes("mcp_tool", &mut state, now);

    let mut state = asked(
        "mcpServer/elicitation/request",
        json!({"threadId": THREAD, "turnId": null, "serverName": "auth", "mode": "url",
            "_meta": null, "message": "Sign in to continue",
            "url": "https://example.com/login", "elicitationId": "e"}),
        now,
    );
    snapshot_sizes("link", &mut state, now);
}

/// `r` on a file change: the review, with hostile paths, hunk lines and a pasted comment,
/// a hunk reverted. Nothing of the escapes reaches the screen.
#[test]
fn hunk_review_with_hostile_names_hunks_and_comments() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let hostile_path = "/home/user/project/src/\u{1b}]0;pwned\u{7}evil\r.rs";
    let diff = "@@ -1,3 +1,3 @@\n fn main() {\n-    let x = 1;\n+    let x = \"\u{1b}[31mred\u{202e}gnp.exe\";\n }\n@@ -10,2 +10,3 @@\n a\n-b\n+B\n+\u{1b}[2Jcleared\n";
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "t", "item": {"type": "fileChange", "id": "f",
                "status": "inProgress", "changes": [
                    {"path": hostile_path, "kind": {"type": "update", "move_path": null}, "diff": diff},
                    {"path": "/home/user/project/new.txt", "kind": {"type": "add"}, "diff": "brand\nnew\n"}]}}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            0,
            "item/fileChange/requestApproval",
            json!({"threadId": THREAD, "turnId": "t", "itemId": "f", "reason": null, "grantRoot": null}),
        ),
        now,
    );
    let at = read(now);
    press(&mut state, KeyCode::Char('r'), at);
    // The first hunk reverted (n: its row); a comment pasted on its added line.
    for c in "nxjjj".chars() {
        press(&mut state, KeyCode::Char(c), at);
    }
    press(&mut state, KeyCode::Char('c'), at);
    update(
        &mut state,
        tern::app::AppEvent::Paste("why \u{1b}[8mhidden\u{7}\nthis?".into()),
        at,
    );
    press(&mut state, KeyCode::Enter, at);
    for (w, h) in [(120, 40), (80, 24)] {
        let shown = screen(&mut state, w, h, at);
        assert!(
            !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
            "{shown}"
        );
        assert!(
            shown.contains("[revert]") && shown.contains("[keep]"),
            "{shown}"
        );
        assert!(shown.contains("Esc back to the question"), "{shown}");
        snapshot!(&format!("hunk_review_hostile_{w}x{h}"), &shown);
    }
}
