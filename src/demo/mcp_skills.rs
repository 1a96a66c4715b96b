//! The demo server's MCP servers and skills, so `/mcp` and `/skills` (and `$` in the composer)
//! show what they do without codex: three made-up servers (one up with tools, one that wants a
//! sign-in, one that failed to start) and a few skills, in the shapes of codex 0.171's answers
//! (`mcpServerStatus/list`, `mcpServer/oauth/login`, `config/mcpServer/reload`, `skills/list`).

use super::turn_context::Outbox;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Whether the person signed in to the demo's `tracker` server.
pub(super) type SignedIn = Arc<AtomicBool>;

fn tool(name: &str, description: &str, read_only: bool) -> (String, Value) {
    (
        name.to_string(),
        json!({
            "name": name, "description": description, "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": read_only},
        }),
    )
}

/// `mcpServerStatus/list`: every server on one page.
pub(super) fn servers(signed_in: &SignedIn) -> Value {
    let tracker = if signed_in.load(Ordering::Relaxed) {
        let tools: serde_json::Map<String, Value> =
            [tool("list_issues", "List the open issues", true)]
                .into_iter()
                .collect();
        json!({
            "name": "tracker", "runtimeStatus": "connected",
            "serverInfo": {"name": "tracker", "title": "Issue tracker", "version": "3.0.1"},
            "tools": tools, "toolsError": null, "authStatus": "oAuth",
            "httpOrigin": "https://tracker.example.com",
        })
    } else {
        json!({
            "name": "tracker", "runtimeStatus": "authenticationRequired",
            "serverInfo": null, "tools": {}, "toolsError": null,
            "authStatus": "notLoggedIn", "httpOrigin": "https://tracker.example.com",
        })
    };
    let docs: serde_json::Map<String, Value> = [
        tool("search_docs", "Search the project's documentation", true),
        tool("read_page", "Read one documentation page as markdown", true),
        tool("open_issue", "File an issue in the tracker", false),
    ]
    .into_iter()
    .collect();
    json!({
        "data": [
            {
                "name": "docs", "runtimeStatus": "connected",
                "serverInfo": {"name": "docs", "title": "Project docs", "version": "1.2.0"},
                "tools": docs, "toolsError": null, "authStatus": "unsupported",
                "resources": [
                    {"uri": "docs://index", "name": "index"},
                    {"uri": "docs://changelog", "name": "changelog"},
                ],
                "resourceTemplates": [{"uriTemplate": "docs://page/{slug}", "name": "page"}],
            },
            tracker,
            {
                "name": "broken", "runtimeStatus": "failed", "serverInfo": null, "tools": {},
                "toolsError": "MCP startup failed: handshaking with MCP server failed: connection closed",
                "authStatus": "unsupported",
            },
        ],
        "nextCursor": null,
    })
}

/// `mcpServer/oauth/login`: the URL to open, then (as if the person signed in in the browser)
/// `mcpServer/oauthLogin/completed` a moment later.
pub(super) fn login(out: Outbox, signed_in: SignedIn, params: &Value) -> Result<Value, String> {
    let name = params["name"].as_str().unwrap_or_default().to_string();
    if name != "tracker" {
        return Err(format!(
            "OAuth login is only supported for streamable HTTP servers ({name} is not one)."
        ));
    }
    let thread_id = params["threadId"].clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        signed_in.store(true, Ordering::Relaxed);
        out.notify(
            "mcpServer/oauthLogin/completed",
            json!({"name": name, "threadId": thread_id, "loginId": "demo-login", "success": true}),
        );
    });
    Ok(json!({
        "authorizationUrl": "https://tracker.example.com/oauth/authorize?client_id=demo",
        "loginId": "demo-login",
    }))
}

/// `skills/config/write`: the skill at `path` on or off.
pub(super) fn write_skill(params: &Value, off: &mut HashSet<String>) -> Result<Value, String> {
    let path = params["path"].as_str().ok_or("no path")?.to_string();
    let enabled = params["enabled"].as_bool().ok_or("no enabled")?;
    if enabled {
        off.remove(&path);
    } else {
        off.insert(path);
    }
    Ok(json!({ "effectiveEnabled": enabled }))
}

/// `skills/list` for the directories asked about (`off`: the skills turned off).
pub(super) fn skills(params: &Value, off: &HashSet<String>) -> Value {
    let cwd = params["cwds"][0].as_str().unwrap_or("/demo").to_string();
    let skill = |name: &str, description: &str, scope: &str, path: String| {
        let enabled = !off.contains(&path);
        json!({
            "name": name, "description": description, "path": path, "scope": scope,
            "enabled": enabled,
        })
    };
    json!({
        "data": [{
            "cwd": cwd,
            "skills": [
                skill("release-notes", "Write release notes from the commits since the last tag",
                    "repo", format!("{cwd}/.codex/skills/release-notes/SKILL.md")),
                skill("lint", "Run the linters and fix what they find", "user",
                    "/demo/.codex/skills/lint/SKILL.md".into()),
                skill("skill-creator", "Create or update a skill", "system",
                    "/demo/.codex/skills/.system/skill-creator/SKILL.md".into()),
            ],
            "errors": [{
                "path": "/demo/.codex/skills/draft/SKILL.md",
                "message": "missing YAML frontmatter delimited by ---",
            }],
        }],
    })
}
