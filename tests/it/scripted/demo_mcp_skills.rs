//! The demo server answers `/mcp` and `/skills` in codex's shapes (decoded here into tern's own
//! protocol types): its servers, a sign-in that completes and shows the server connected, a
//! reload, and its skills with a file that did not load.

use serde_json::json;
use std::time::Duration;
use tern::protocol::{
    ListMcpServerStatusResponse, McpServerOauthLoginResponse, SkillsListResponse,
};
use tern::rpc::{Connection, Inbound};

const DEADLINE: Duration = Duration::from_secs(20);

#[tokio::test]
async fn the_demo_lists_mcp_servers_signs_in_and_lists_skills() {
    let (connection, mut inbound) = Connection::start(Box::new(tern::demo::start()));
    connection
        .request(
            "initialize",
            json!({"clientInfo": {"name": "t", "version": "0"}}),
        )
        .await
        .unwrap();
    let list = || {
        connection.request(
            "mcpServerStatus/list",
            json!({"detail": "toolsAndAuthOnly"}),
        )
    };
    let servers: ListMcpServerStatusResponse =
        serde_json::from_value(list().await.unwrap()).unwrap();
    let status = |list: &ListMcpServerStatusResponse, name: &str| {
        let server = list.data.iter().find(|s| s.name == name).expect(name);
        (server.runtime_status.clone(), server.tools.len())
    };
    assert_eq!(status(&servers, "docs"), (Some("connected".into()), 3));
    assert_eq!(
        status(&servers, "tracker"),
        (Some("authenticationRequired".into()), 0)
    );
    assert_eq!(status(&servers, "broken").0.as_deref(), Some("failed"));

    let refused = connection
        .request("mcpServer/oauth/login", json!({"name": "docs"}))
        .await
        .unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("only supported for streamable HTTP"),
        "{refused}"
    );
    let login: McpServerOauthLoginResponse = serde_json::from_value(
        connection
            .request("mcpServer/oauth/login", json!({"name": "tracker"}))
            .await
            .unwrap(),
    )
    .unwrap();
    assert!(login.authorization_url.starts_with("https://"));
    tokio::time::timeout(DEADLINE, async {
        loop {
            if let Some(Inbound::Notification { method, params }) = inbound.recv().await {
                if method == "mcpServer/oauthLogin/completed" {
                    let params: serde_json::Value = serde_json::from_str(params.get()).unwrap();
                    assert_eq!(params["success"], true);
                    return;
                }
            }
        }
    })
    .await
    .expect("the sign-in completes");
    let after: ListMcpServerStatusResponse = serde_json::from_value(list().await.unwrap()).unwrap();
    assert_eq!(status(&after, "tracker"), (Some("connected".into()), 1));
    connection
        .request("config/mcpServer/reload", json!(null))
        .await
        .unwrap();

    let skills: SkillsListResponse = serde_json::from_value(
        connection
            .request("skills/list", json!({"cwds": ["/work/project"]}))
            .await
            .unwrap(),
    )
    .unwrap();
    let entry = &skills.data[0];
    let names: Vec<&str> = entry.skills.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["release-notes", "lint", "skill-creator"]);
    assert!(entry.skills[0].path.starts_with("/work/project/"));
    assert_eq!(entry.errors.len(), 1);
}
