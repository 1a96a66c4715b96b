//! `/rc`: remote control of this app-server from a paired phone or browser (`remoteControl/*`).
//! Its status is read when `/rc` opens (and kept from `remoteControl/status/changed`); once it
//! has an environment, the paired clients are listed. `e` turns it on or off, `p` starts a
//! pairing (the code a new client enters), `x` revokes the selected client — each change after
//! `y`. codex 0.171 wants a ChatGPT sign-in to turn it on, and says so; a codex without these
//! methods is said to lack them.

use crate::model::NoticeLevel;
use crate::protocol::{PairingStartResponse, RemoteClientsResponse, RemoteControlStatus};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::account_tools::Asked;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;

/// `/rc` opened: the status asked for (the clients follow once it names an environment).
pub(crate) fn read(state: &mut Session) -> Vec<Effect> {
    let rc = &mut state.account_tools.rc;
    rc.status = Asked::Waiting;
    rc.refused = None;
    vec![Effect::Request(ClientRequest::ReadRemoteControl)]
}

/// The status came (read, or after an enable or disable): kept, and the clients listed.
pub(crate) fn status_answered(
    state: &mut Session,
    answer: Answer<RemoteControlStatus>,
    change: Option<bool>,
) -> Vec<Effect> {
    let rc = &mut state.account_tools.rc;
    let effects = match shown(answer) {
        Ok(status) => {
            if let Some(on) = change {
                state.shown.transcript.notice(
                    NoticeLevel::Info,
                    format!(
                        "Remote control {}: {}.",
                        if on { "on" } else { "off" },
                        visible_line(&status.status)
                    ),
                );
            }
            let effects = clients(&status);
            rc.status = Asked::Came(status);
            effects
        }
        Err(e) if change.is_some() => {
            rc.refused = Some(e);
            vec![]
        }
        Err(e) => {
            rc.status = Asked::Failed(e);
            vec![]
        }
    };
    state.layer_events.push(LayerEvent::AccountToolsChanged);
    effects
}

fn clients(status: &RemoteControlStatus) -> Vec<Effect> {
    match &status.environment_id {
        Some(environment_id) if !environment_id.is_empty() => {
            vec![Effect::Request(ClientRequest::ListRemoteClients {
                environment_id: environment_id.clone(),
            })]
        }
        _ => vec![],
    }
}

/// `remoteControl/status/changed`: kept (the view shows it as it changes).
pub(crate) fn changed(state: &mut Session, status: RemoteControlStatus) {
    state.account_tools.rc.status = Asked::Came(status);
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

/// Whether remote control is on (connecting, connected or errored), as last told.
pub(crate) fn is_on(state: &Session) -> bool {
    state
        .account_tools
        .rc
        .status
        .came()
        .is_some_and(|s| s.status != "disabled")
}

/// `e` then `y`: remote control turned on (`true`) or off, as the question said.
pub(crate) fn turn(state: &mut Session, on: bool) -> Vec<Effect> {
    state.account_tools.rc.refused = None;
    let request = if on {
        ClientRequest::EnableRemoteControl
    } else {
        ClientRequest::DisableRemoteControl
    };
    vec![Effect::Request(request)]
}

/// `p`: a pairing started.
pub(crate) fn pair(state: &mut Session) -> Vec<Effect> {
    state.account_tools.rc.pairing = Asked::Waiting;
    state.account_tools.rc.refused = None;
    vec![Effect::Request(ClientRequest::StartPairing)]
}

pub(crate) fn pairing_answered(state: &mut Session, answer: Answer<PairingStartResponse>) {
    state.account_tools.rc.pairing = match shown(answer) {
        Ok(pairing) => Asked::Came(pairing),
        Err(e) => Asked::Failed(e),
    };
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

pub(crate) fn clients_answered(state: &mut Session, answer: Answer<RemoteClientsResponse>) {
    state.account_tools.rc.clients = match shown(answer) {
        Ok(list) => Asked::Came(list),
        Err(e) => Asked::Failed(e),
    };
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

/// The paired clients as last listed.
pub(crate) fn client_ids(state: &Session) -> Vec<String> {
    state
        .account_tools
        .rc
        .clients
        .came()
        .map(|c| c.data.iter().map(|c| c.client_id.clone()).collect())
        .unwrap_or_default()
}

/// `x` then `y`: the client revoked.
pub(crate) fn revoke(state: &mut Session, client_id: &str) -> Vec<Effect> {
    let Some(environment_id) = state
        .account_tools
        .rc
        .status
        .came()
        .and_then(|s| s.environment_id.clone())
    else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::RevokeRemoteClient {
        environment_id,
        client_id: client_id.to_string(),
    })]
}

/// The revoke answered: said, and the clients listed again.
pub(crate) fn revoked(state: &mut Session, client_id: &str, answer: Answer<()>) -> Vec<Effect> {
    let client = visible_line(client_id);
    match shown(answer) {
        Ok(()) => state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Remote client {client} revoked: it can no longer connect."),
        ),
        Err(e) => {
            state.account_tools.rc.refused = Some(e);
        }
    }
    state.layer_events.push(LayerEvent::AccountToolsChanged);
    state
        .account_tools
        .rc
        .status
        .came()
        .map(clients)
        .unwrap_or_default()
}
