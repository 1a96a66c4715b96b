//! `/mcp`: the exact JSON of `mcpServerStatus/list` (every page), `mcpServer/oauth/login` and
//! `config/mcpServer/reload`; the answers and the startup and sign-in notifications kept in the
//! session; the list asked for again when a server settles; hostile and huge answers bounded.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::mcp::server_rows;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;
use tern::session::state::mcp::Login;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn page(servers: Value, next: Value) -> AppEvent {
    reply(
        RequestTag::ListMcpServers,
        Ok(json!({"data": servers, "nextCursor": next})),
    )
}

fn server(name: &str, runtime: &str, auth: &str) -> Value {
    json!({"name": name, "runtimeStatus": runtime, "authStatus": auth, "pluginId": null,
           "httpOrigin": null, "serverInfo": null, "tools": {}, "toolsError": null,
           "resources": [], "resourceTemplates": []})
}

fn open_mcp(state: &mut AppState, now: Instant) -> Vec<Effect> {
    state.set_draft("/mcp");
    wire(update(state, key(KeyCode::Enter), now))
}

#[test]
fn mcp_lists_every_page_from_the_threads_connections() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = open_mcp(&mut state, now);
    assert_eq!(
        requests(&effects),
        [(
            "mcpServerStatus/list",
            json!({"detail": "toolsAndAuthOnly", "threadId": THREAD})
        )]
    );
    assert!(matches!(state.person_layers().last(), Some(Layer::Mcp(_))));
    let effects = wire(update(
        &mut state,
        page(
            json!([server("a", "connected", "unsupported")]),
            json!("c2"),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "mcpServerStatus/list",
            json!({"cursor": "c2", "detail": "toolsAndAuthOnly", "threadId": THREAD})
        )]
    );
    assert!(state.mcp().servers.is_empty(), "shown once whole");
    let effects = wire(update(
        &mut state,
        page(json!([server("b", "failed", "notLoggedIn")]), Value::Null),
        now,
    ));
    assert!(requests(&effects).is_empty());
    let names: Vec<&str> = server_rows(&state.session).iter().map(|r| r.name).collect();
    assert_eq!(names, ["a", "b"]);
}

#[test]
fn a_server_that_pages_without_end_is_cut_off() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    let mut asked = 1;
    for i in 0..100 {
        let effects = wire(update(
            &mut state,
            page(
                json!([server(&format!("s{i}"), "connected", "unknown")]),
                json!("more"),
            ),
            now,
        ));
        if requests(&effects).is_empty() {
            break;
        }
        asked += 1;
    }
    assert_eq!(asked, tern::session::mcp::MAX_PAGES);
    assert!(!state.mcp().listing);
    assert_eq!(state.mcp().servers.len(), tern::session::mcp::MAX_PAGES);

    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    let many: Vec<Value> = (0..1000)
        .map(|i| server(&format!("m{i}"), "connected", "unknown"))
        .collect();
    let mut tools = serde_json::Map::new();
    for i in 0..2000 {
        tools.insert(
            format!("t{i:04}"),
            json!({"name": format!("t{i:04}"), "inputSchema": {}}),
        );
    }
    let mut first = server("big", "connected", "unknown");
    first["tools"] = Value::Object(tools);
    let mut all = vec![first];
    all.extend(many);
    update(&mut state, page(Value::Array(all), Value::Null), now);
    assert_eq!(state.mcp().servers.len(), tern::session::mcp::MAX_SERVERS);
    assert_eq!(
        state.mcp().servers[0].tools.len(),
        tern::session::mcp::MAX_TOOLS
    );
}

#[test]
fn l_signs_in_and_the_url_is_shown_and_said() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    update(
        &mut state,
        page(
            json!([
                server("local", "connected", "unsupported"),
                server("web", "authenticationRequired", "notLoggedIn")
            ]),
            Value::Null,
        ),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('l')), now));
    assert_eq!(
        requests(&effects),
        [(
            "mcpServer/oauth/login",
            json!({"name": "web", "threadId": THREAD})
        )]
    );
    assert_eq!(state.mcp().logins["web"], Login::Asked);
    update(
        &mut state,
        reply(
            RequestTag::McpLogin { name: "web".into() },
            Ok(
                json!({"authorizationUrl": "https://auth.example.com/authorize?x=1", "loginId": "L1"}),
            ),
        ),
        now,
    );
    assert_eq!(
        state.mcp().logins["web"],
        Login::Open {
            url: "https://auth.example.com/authorize?x=1".into()
        }
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "To sign in to the MCP server web, open https://auth.example.com/authorize?x=1".into()
        )
    );
    // The outcome: said, and the list asked for again.
    let effects = wire(update(
        &mut state,
        notify(
            "mcpServer/oauthLogin/completed",
            json!({"name": "web", "threadId": THREAD, "loginId": "L1", "success": true}),
        ),
        now,
    ));
    assert_eq!(state.mcp().logins["web"], Login::Done);
    assert_eq!(last_notice(&state).1, "Signed in to the MCP server web.");
    assert_eq!(requests(&effects)[0].0, "mcpServerStatus/list");
}

#[test]
fn a_refused_sign_in_says_the_servers_reason() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    update(
        &mut state,
        page(
            json!([server("tiny", "connected", "unsupported")]),
            Value::Null,
        ),
        now,
    );
    update(&mut state, key(KeyCode::Char('l')), now);
    update(
        &mut state,
        reply(RequestTag::McpLogin { name: "tiny".into() }, Err("mcpServer/oauth/login failed: OAuth login is only supported for streamable HTTP servers. (code -32600)".into())),
        now,
    );
    assert_eq!(
        state.mcp().logins["tiny"],
        Login::Failed("OAuth login is only supported for streamable HTTP servers.".into())
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Warning);
    assert_eq!(
        text,
        "Could not sign in to the MCP server tiny: OAuth login is only supported for streamable HTTP servers."
    );
}

#[test]
fn r_reloads_the_config_and_lists_again() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    update(&mut state, page(json!([]), Value::Null), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('r')), now));
    assert_eq!(
        requests(&effects),
        [("config/mcpServer/reload", Value::Null)]
    );
    let twice = wire(update(&mut state, key(KeyCode::Char('r')), now));
    assert!(requests(&twice).is_empty(), "one reload at a time");
    let effects = wire(update(
        &mut state,
        reply(RequestTag::ReloadMcp, Ok(json!({}))),
        now,
    ));
    assert_eq!(requests(&effects)[0].0, "mcpServerStatus/list");
    assert_eq!(
        last_notice(&state).1,
        "Reloaded the MCP servers from codex's config."
    );
}

#[test]
fn startup_reports_keep_the_picture_current() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let status = |name: &str, status: &str, thread: Value| {
        notify(
            "mcpServer/startupStatus/updated",
            json!({"threadId": thread, "name": name, "environmentId": null, "status": status,
                   "error": if status == "failed" { json!("MCP client for `x` failed to start: MCP startup failed: handshaking: closed") } else { Value::Null },
                   "failureReason": null}),
        )
    };
    // Before /mcp was ever opened: kept, no list asked for.
    let effects = wire(update(
        &mut state,
        status("tiny", "starting", json!(THREAD)),
        now,
    ));
    assert!(requests(&effects).is_empty());
    update(&mut state, status("broken", "failed", json!(THREAD)), now);
    update(
        &mut state,
        status("other-thread", "ready", json!("thread-2")),
        now,
    );
    let rows = server_rows(&state.session);
    let names: Vec<(&str, &str)> = rows.iter().map(|r| (r.name, r.status.0.as_str())).collect();
    assert_eq!(names, [("broken", "failed"), ("tiny", "starting…")]);
    assert!(rows[0]
        .error
        .as_deref()
        .unwrap()
        .contains("MCP startup failed"));
    // Once listed, a server settling asks for the list again.
    open_mcp(&mut state, now);
    update(
        &mut state,
        page(
            json!([server("tiny", "starting", "unsupported")]),
            Value::Null,
        ),
        now,
    );
    let effects = wire(update(
        &mut state,
        status("tiny", "ready", json!(THREAD)),
        now,
    ));
    assert_eq!(requests(&effects)[0].0, "mcpServerStatus/list");
}

#[test]
fn enter_opens_a_servers_tools() {
    let now = Instant::now();
    let mut state = ready_state(now);
    open_mcp(&mut state, now);
    update(
        &mut state,
        page(
            json!([server("a", "connected", "unsupported")]),
            Value::Null,
        ),
        now,
    );
    update(&mut state, key(KeyCode::Enter), now);
    let Some(Layer::Mcp(view)) = state.person_layers().last() else {
        panic!("the view is open");
    };
    assert!(view.expanded.contains("a"));
    update(&mut state, key(KeyCode::Enter), now);
    let Some(Layer::Mcp(view)) = state.person_layers().last() else {
        panic!("the view is open");
    };
    assert!(view.expanded.is_empty());
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
}
