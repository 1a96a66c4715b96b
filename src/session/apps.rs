//! `/apps`: the apps (connectors) codex offers, with whether each is connected and turned on
//! (`app/list`, first page; codex answers every app on it today).

use crate::protocol::AppsListResponse;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;

const MAX_APPS: usize = 500;

pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    if state.plugins.apps.loading {
        return vec![];
    }
    state.plugins.apps.loading = true;
    let thread_id = state.thread_id().map(str::to_string);
    vec![Effect::Request(ClientRequest::ListApps { thread_id })]
}

pub(crate) fn listed(state: &mut Session, answer: Answer<AppsListResponse>) {
    let apps = &mut state.plugins.apps;
    apps.loading = false;
    match shown(answer) {
        Ok(list) => {
            apps.list = list.data.into_iter().take(MAX_APPS).collect();
            apps.loaded = true;
            apps.error = None;
        }
        Err(e) => apps.error = Some(e),
    }
    state.layer_events.push(LayerEvent::AppsChanged);
}
