//! The MCP servers: listing them (`mcpServerStatus/list`, every page, from the thread's own
//! connections), signing in to one (`mcpServer/oauth/login`: the URL to open comes back, the
//! outcome later), reloading codex's MCP config (`config/mcpServer/reload`), and keeping the
//! picture current from `mcpServer/startupStatus/updated` and `mcpServer/oauthLogin/completed`.
//! `/mcp` shows `state.mcp`; what changed is posted as `LayerEvent::McpChanged`.

use crate::model::NoticeLevel;
use crate::protocol::{
    ListMcpServerStatusParams, ListMcpServerStatusResponse,
    McpServerOauthLoginCompletedNotification, McpServerOauthLoginParams,
    McpServerOauthLoginResponse, McpServerStatusUpdatedNotification,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::mcp::{Login, Startup};
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;

/// The most servers kept from a list, the most pages asked for, and the most tools kept of one
/// server: a server that answers without end cannot grow tern without bound.
pub const MAX_SERVERS: usize = 200;
pub const MAX_PAGES: usize = 20;
pub const MAX_TOOLS: usize = 500;
/// The most servers whose startup is remembered.
const MAX_STARTUPS: usize = 200;

/// Asks for the list (unless it is being asked for already).
pub(crate) fn list(state: &mut Session) -> Vec<Effect> {
    if state.mcp.listing {
        return vec![];
    }
    state.mcp.listing = true;
    state.mcp.pages.clear();
    vec![page(state, None)]
}

fn page(state: &Session, cursor: Option<String>) -> Effect {
    Effect::Request(ClientRequest::ListMcpServers(ListMcpServerStatusParams {
        cursor,
        detail: Some("toolsAndAuthOnly".into()),
        thread_id: state.thread_id().map(str::to_string),
    }))
}

/// A page of the list came: the next is asked for, or the list is complete.
pub(crate) fn listed(
    state: &mut Session,
    answer: Answer<ListMcpServerStatusResponse>,
) -> Vec<Effect> {
    let parsed = shown(answer);
    let mcp = &mut state.mcp;
    match parsed {
        Ok(answer) => {
            for mut server in answer.data {
                if mcp.pages.len() >= MAX_SERVERS {
                    break;
                }
                if server.tools.len() > MAX_TOOLS {
                    server.tools = server.tools.into_iter().take(MAX_TOOLS).collect();
                }
                mcp.pages.push(server);
            }
            let more = answer.next_cursor.filter(|c| !c.is_empty());
            if let Some(cursor) = more {
                if mcp.pages.len() < MAX_SERVERS && mcp.listed_pages + 1 < MAX_PAGES {
                    mcp.listed_pages += 1;
                    return vec![page(state, Some(cursor))];
                }
            }
            mcp.servers = std::mem::take(&mut mcp.pages);
            mcp.error = None;
        }
        Err(e) => mcp.error = Some(e),
    }
    let mcp = &mut state.mcp;
    mcp.listing = false;
    mcp.listed = true;
    mcp.listed_pages = 0;
    state.layer_events.push(LayerEvent::McpChanged);
    vec![]
}

/// Sign in to the server `name`.
pub(crate) fn login(state: &mut Session, name: &str) -> Vec<Effect> {
    state.mcp.logins.insert(name.to_string(), Login::Asked);
    vec![Effect::Request(ClientRequest::McpLogin(
        McpServerOauthLoginParams {
            name: name.to_string(),
            thread_id: state.thread_id().map(str::to_string),
        },
    ))]
}

/// The server answered a sign-in: the URL to open (also said in the transcript, where it stays
/// to be clicked or copied), or why not.
pub(crate) fn login_answered(
    state: &mut Session,
    name: &str,
    answer: Answer<McpServerOauthLoginResponse>,
) {
    let parsed = shown(answer);
    let shown = sanitize_line(name);
    let login = match parsed {
        Ok(answer) if !answer.authorization_url.is_empty() => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "To sign in to the MCP server {shown}, open {}",
                    sanitize_line(&answer.authorization_url)
                ),
            );
            Login::Open {
                url: answer.authorization_url,
            }
        }
        Ok(_) => Login::Failed("the server gave no sign-in URL".into()),
        Err(e) => Login::Failed(server_error(&e)),
    };
    if let Login::Failed(why) = &login {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not sign in to the MCP server {shown}: {}",
                sanitize_line(why)
            ),
        );
    }
    state.mcp.logins.insert(name.to_string(), login);
    state.layer_events.push(LayerEvent::McpChanged);
}

/// `mcpServer/oauthLogin/completed`: said, and the list asked for again.
pub(crate) fn login_completed(
    state: &mut Session,
    n: McpServerOauthLoginCompletedNotification,
) -> Vec<Effect> {
    let shown = sanitize_line(&n.name);
    let login = if n.success {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Signed in to the MCP server {shown}."),
        );
        Login::Done
    } else {
        let why = n.error.unwrap_or_else(|| "no reason given".into());
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Signing in to the MCP server {shown} failed: {}",
                sanitize_line(&why)
            ),
        );
        Login::Failed(why)
    };
    state.mcp.logins.insert(n.name, login);
    state.layer_events.push(LayerEvent::McpChanged);
    list(state)
}

/// Reload codex's MCP config.
pub(crate) fn reload(state: &mut Session) -> Vec<Effect> {
    if state.mcp.reloading {
        return vec![];
    }
    state.mcp.reloading = true;
    vec![Effect::Request(ClientRequest::ReloadMcp)]
}

/// The reload was done (servers restart and report their startup), or refused.
pub(crate) fn reloaded(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    state.mcp.reloading = false;
    match shown(answer) {
        Ok(_) => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                "Reloaded the MCP servers from codex's config.",
            );
            list(state)
        }
        Err(e) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "Could not reload the MCP servers: {}",
                    sanitize_line(&server_error(&e))
                ),
            );
            state.layer_events.push(LayerEvent::McpChanged);
            vec![]
        }
    }
}

/// `mcpServer/startupStatus/updated` for this thread (or for none): kept, and once a server is
/// up or down, the list is asked for again if it was ever shown.
pub(crate) fn startup_updated(
    state: &mut Session,
    n: McpServerStatusUpdatedNotification,
) -> Vec<Effect> {
    if let (Some(theirs), Some(ours)) = (n.thread_id.as_deref(), state.thread_id()) {
        if theirs != ours {
            return vec![];
        }
    }
    let startup = &mut state.mcp.startup;
    if !startup.contains_key(&n.name) && startup.len() >= MAX_STARTUPS {
        return vec![];
    }
    let settled = n.status != "starting";
    startup.insert(
        n.name,
        Startup {
            status: n.status,
            error: n.error,
        },
    );
    state.layer_events.push(LayerEvent::McpChanged);
    if settled && state.mcp.listed {
        return list(state);
    }
    vec![]
}

/// What the server said, without tern's wrapping of it ("mcpServer/oauth/login failed: …
/// (code -32603)").
pub(crate) fn server_error(error: &str) -> String {
    let inner = error.split_once(" failed: ").map_or(error, |(head, rest)| {
        if head.contains('/') && !head.contains(' ') {
            rest
        } else {
            error
        }
    });
    match inner.rfind(" (code ") {
        Some(at) if inner.ends_with(')') => inner[..at].to_string(),
        _ => inner.to_string(),
    }
}

/// A long transport error's first clause ("MCP client for `x` failed to start: …" keeps its
/// head): what a person needs, not a chain of type names.
pub(crate) fn first_clause(error: &str) -> String {
    let line = error.lines().next().unwrap_or("");
    let mut parts = line.splitn(3, ": ");
    match (parts.next(), parts.next()) {
        (Some(head), Some(next)) => format!("{head}: {next}"),
        (Some(head), None) => head.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_lose_the_wrapping_and_keep_their_head() {
        assert_eq!(
            server_error("mcpServer/oauth/login failed: OAuth login is only supported for streamable HTTP servers. (code -32600)"),
            "OAuth login is only supported for streamable HTTP servers."
        );
        assert_eq!(server_error("connection closed"), "connection closed");
        assert_eq!(
            first_clause("MCP client for `broken` failed to start: MCP startup failed: handshaking: connection closed\nmore"),
            "MCP client for `broken` failed to start: MCP startup failed"
        );
    }
}
