//! `/mcp`: the MCP servers codex runs for this thread, kept current while open: each one's state
//! (from `mcpServerStatus/list` and the startup reports), what it is, its sign-in status, and on
//! Enter its tools with what each does. `l` signs in to the selected server (its URL is shown,
//! and said in the transcript), `r` reloads codex's MCP config.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::protocol::McpServerStatus;
use crate::session::event::LayerEvent;
use crate::session::mcp;
use crate::session::state::Session;
use std::collections::BTreeSet;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpView {
    pub selected: PickList,
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
pub(crate) fn auth_label(status: Option<&str>) -> Option<(&'static str, Tone)> {
    match status? {
        "notLoggedIn" => Some(("not signed in", Tone::Warn)),
        "bearerToken" => Some(("bearer token", Tone::Good)),
        "oAuth" => Some(("signed in", Tone::Good)),
        _ => None,
    }
}

impl McpView {
    fn selected_name(&self, state: &Session) -> Option<String> {
        let rows = server_rows(state);
        rows.get(self.selected.index(rows.len())?)
            .map(|r| r.name.to_string())
    }

    fn facts(&self, state: &Session) -> McpKeys {
        McpKeys {
            any: !server_rows(state).is_empty(),
        }
    }
}

/// What the keys of `/mcp` read: whether there is a server to select.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct McpKeys {
    pub any: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum McpKey {
    Move(Move),
    Tools,
    HideTools,
    SignIn,
    Reload,
    Close,
}

fn any(s: &McpKeys) -> bool {
    s.any
}

pub(crate) static KEYS: KeyTable<McpKeys, McpKey> = KeyTable::new(
    "mcp",
    "MCP servers",
    &[
        list_rows::up_k(McpKey::Move(Move::Up), "select").when("a server is listed", any),
        list_rows::down_j(McpKey::Move(Move::Down), "select").when("a server is listed", any),
        KeyRow::new(
            "tools",
            &[Chord::ENTER, Chord::ch(' '), Chord::RIGHT],
            McpKey::Tools,
            "tools",
        )
        .explained("show or hide the selected server's tools, with what each does")
        .bar_keys(1)
        .when("a server is listed", any),
        KeyRow::new(
            "hide_tools",
            &[Chord::LEFT],
            McpKey::HideTools,
            "hide tools",
        )
        .when("a server is listed", any)
        .help(),
        KeyRow::new("sign_in", &[Chord::ch('l')], McpKey::SignIn, "sign in")
            .explained(
                "sign in to the selected server (mcpServer/oauth/login: the URL to open is shown)",
            )
            .when("a server is listed", any),
        KeyRow::new(
            "reload",
            &[Chord::ch('r')],
            McpKey::Reload,
            "reload the config",
        )
        .explained("reload codex's MCP config (config/mcpServer/reload): servers restart"),
        list_rows::close_q(McpKey::Close, "close"),
        list_rows::first(McpKey::Move(Move::First), "first/last").when("a server is listed", any),
        list_rows::last(McpKey::Move(Move::Last), "first/last").when("a server is listed", any),
    ],
    Rest::SWALLOW,
);

impl LayerView for McpView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in the composer, not lost.
            return Outcome::Ignored;
        };
        let n = server_rows(cx).len();
        let facts = self.facts(cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            match action {
                McpKey::Close => return Outcome::Close(vec![]),
                McpKey::Move(to) => {
                    self.selected.go(to, n);
                }
                McpKey::Tools | McpKey::HideTools => {
                    if let Some(name) = self.selected_name(cx) {
                        let open = action == McpKey::Tools && !self.expanded.contains(&name);
                        if open {
                            self.expanded.insert(name);
                        } else {
                            self.expanded.remove(&name);
                        }
                    }
                }
                McpKey::SignIn => {
                    if let Some(name) = self.selected_name(cx) {
                        return Outcome::Consumed(mcp::login(cx.session_mut(), &name));
                    }
                }
                McpKey::Reload => return Outcome::Consumed(mcp::reload(cx.session_mut())),
            }
            Outcome::Consumed(vec![])
        })
    }

    /// What tern knows changed: the selection stays in the list.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::McpChanged {
            return Outcome::Ignored;
        }
        self.selected.clamp(server_rows(cx).len());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "MCP servers"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
