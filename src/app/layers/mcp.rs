//! `/mcp`: the MCP servers codex runs for this thread, kept current while open: each one's state
//! (from `mcpServerStatus/list` and the startup reports), what it is, its sign-in status, and on
//! Enter its tools with what each does. `l` signs in to the selected server (its URL is shown,
//! and said in the transcript), `r` reloads codex's MCP config.

use super::{Ctx, LayerView, Outcome};
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::mcp;
use crate::app::state::Session;
use crate::protocol::McpServerStatus;
use crossterm::event::KeyCode;
use std::collections::BTreeSet;
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpView {
    pub selected: usize,
    /// Servers whose tools are shown, by name.
    pub expanded: BTreeSet<String>,
}

/// How a state reads at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    Busy,
    Warn,
    Bad,
    Quiet,
}

/// A server as `/mcp` shows it: from the list when it is listed, else from its startup report.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerRow<'a> {
    pub name: &'a str,
    pub status: (String, Tone),
    pub listed: Option<&'a McpServerStatus>,
    /// Why it failed to start or list its tools, whole.
    pub error: Option<String>,
}

/// `/mcp`: opens at once and asks for the list.
pub fn open(state: &mut Session) -> Outcome {
    let effects = mcp::list(state);
    Outcome::Open(super::Layer::Mcp(McpView::default()), effects)
}

/// The servers in the order the server listed them, then those only heard of starting.
pub fn server_rows(state: &Session) -> Vec<ServerRow<'_>> {
    let mcp = &state.mcp;
    let mut rows: Vec<ServerRow<'_>> = mcp
        .servers
        .iter()
        .map(|server| {
            let startup = mcp.startup.get(&server.name);
            // A server restarting (after a reload) says so before the list catches up.
            let status = match (startup, &server.runtime_status) {
                (Some(s), _) if s.status == "starting" => startup_status(&s.status),
                (_, Some(runtime)) => runtime_status(runtime),
                (Some(s), None) => startup_status(&s.status),
                (None, None) => ("listed".into(), Tone::Quiet),
            };
            let error = server
                .tools_error
                .clone()
                .or_else(|| startup.and_then(|s| s.error.clone()))
                .filter(|_| status.1 == Tone::Bad || server.tools.is_empty());
            ServerRow {
                name: &server.name,
                status,
                listed: Some(server),
                error,
            }
        })
        .collect();
    for (name, startup) in &mcp.startup {
        if !rows.iter().any(|r| r.name == name) {
            rows.push(ServerRow {
                name,
                status: startup_status(&startup.status),
                listed: None,
                error: startup.error.clone(),
            });
        }
    }
    rows
}

fn runtime_status(status: &str) -> (String, Tone) {
    let (label, tone) = match status {
        "connected" => ("connected", Tone::Good),
        "starting" => ("starting…", Tone::Busy),
        "notStarted" => ("not started", Tone::Quiet),
        "authenticationRequired" => ("sign-in needed", Tone::Warn),
        "failed" => ("failed", Tone::Bad),
        "cancelled" => ("cancelled", Tone::Quiet),
        "disabled" => ("disabled", Tone::Quiet),
        other => return (other.to_string(), Tone::Quiet),
    };
    (label.to_string(), tone)
}

fn startup_status(status: &str) -> (String, Tone) {
    let (label, tone) = match status {
        "ready" => ("ready", Tone::Good),
        "starting" => ("starting…", Tone::Busy),
        "failed" => ("failed", Tone::Bad),
        "cancelled" => ("cancelled", Tone::Quiet),
        other => return (other.to_string(), Tone::Quiet),
    };
    (label.to_string(), tone)
}

/// What the sign-in status means to a person (nothing when the server has no sign-in).
pub fn auth_label(status: Option<&str>) -> Option<(&'static str, Tone)> {
    match status? {
        "notLoggedIn" => Some(("not signed in", Tone::Warn)),
        "bearerToken" => Some(("bearer token", Tone::Good)),
        "oAuth" => Some(("signed in", Tone::Good)),
        _ => None,
    }
}

impl McpView {
    fn selected_name(&self, state: &Session) -> Option<String> {
        server_rows(state)
            .get(self.selected)
            .map(|r| r.name.to_string())
    }
}

impl LayerView for McpView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = server_rows(cx).len();
        let done = Outcome::Consumed(vec![]);
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => Outcome::Close(vec![]),
            KeyCode::Up if n > 0 => {
                self.selected = (self.selected + n - 1) % n;
                done
            }
            KeyCode::Down if n > 0 => {
                self.selected = (self.selected + 1) % n;
                done
            }
            KeyCode::Home => {
                self.selected = 0;
                done
            }
            KeyCode::End => {
                self.selected = n.saturating_sub(1);
                done
            }
            KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Right | KeyCode::Left => {
                if let Some(name) = self.selected_name(cx) {
                    let open = key.code != KeyCode::Left && !self.expanded.contains(&name);
                    if open {
                        self.expanded.insert(name);
                    } else {
                        self.expanded.remove(&name);
                    }
                }
                done
            }
            KeyCode::Char('l') => match self.selected_name(cx) {
                Some(name) => Outcome::Consumed(mcp::login(cx, &name)),
                None => done,
            },
            KeyCode::Char('r') => Outcome::Consumed(mcp::reload(cx)),
            _ => done,
        }
    }

    /// What tern knows changed: the selection stays in the list.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::McpChanged {
            return Outcome::Ignored;
        }
        self.selected = self.selected.min(server_rows(cx).len().saturating_sub(1));
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "MCP servers"
    }

    fn hints(&self, session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = vec![];
        if !server_rows(session).is_empty() {
            hints.push(Hint::new("↑/↓", "select"));
            hints.push(Hint::new("Enter", "tools"));
            hints.push(Hint::new("l", "sign in"));
        }
        hints.push(Hint::new("r", "reload the config"));
        hints.push(Hint::new("Esc", "close"));
        hints
    }
}
