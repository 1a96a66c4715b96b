//! `/plugins`: the plugins of every marketplace codex lists for this directory (`plugin/list`
//! with the work folder, so a repository's `.agents/plugins/marketplace.json` counts), one
//! read for what it holds (`plugin/read`: skills, MCP servers, hooks, apps — what would run),
//! and its install or uninstall, each only after a confirming key; the list is read again after.

use crate::model::NoticeLevel;
use crate::protocol::{PluginListParams, PluginListResponse, PluginReadResponse, PluginRef};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::plugins::catalog::CatalogEntry;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;

/// The most plugins kept, and the most marketplace errors.
const MAX_PLUGINS: usize = 1000;
const MAX_ERRORS: usize = 20;

/// `/plugins`: asks for the list (again: marketplaces change).
pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    if state.plugins.catalog.loading {
        return vec![];
    }
    state.plugins.catalog.loading = true;
    let cwds = state.work_folder().into_iter().collect();
    vec![Effect::Request(ClientRequest::ListPlugins(
        PluginListParams { cwds },
    ))]
}

pub(crate) fn listed(state: &mut Session, answer: Answer<PluginListResponse>) {
    let catalog = &mut state.plugins.catalog;
    catalog.loading = false;
    match shown(answer) {
        Ok(list) => {
            catalog.plugins.clear();
            for market in list.marketplaces {
                for plugin in market.plugins {
                    if catalog.plugins.len() < MAX_PLUGINS {
                        catalog.plugins.push(CatalogEntry {
                            marketplace: market.name.clone(),
                            marketplace_path: market.path.clone(),
                            plugin,
                        });
                    }
                }
            }
            catalog.load_errors = list
                .marketplace_load_errors
                .into_iter()
                .take(MAX_ERRORS)
                .map(|e| format!("{}: {}", e.marketplace_path, e.message))
                .collect();
            catalog.loaded = true;
            catalog.error = None;
        }
        Err(e) => catalog.error = Some(e),
    }
    state.plugins.search.relist(&state.plugins.catalog);
    state.layer_events.push(LayerEvent::PluginsChanged);
}

/// Which plugin of which marketplace `entry` is, as read and install name it.
fn plugin_ref(entry: &CatalogEntry) -> PluginRef {
    PluginRef {
        remote_marketplace_name: entry
            .marketplace_path
            .is_none()
            .then(|| entry.marketplace.clone()),
        marketplace_path: entry.marketplace_path.clone(),
        plugin_name: entry.plugin.name.clone(),
    }
}

/// The plugin `id`, listed or found only by the search.
pub(crate) fn entry<'a>(state: &'a Session, id: &str) -> Option<&'a CatalogEntry> {
    let plugins = &state.plugins;
    let mut all = plugins.catalog.plugins.iter().chain(&plugins.search.hits);
    all.find(|e| e.plugin.id == id)
}

/// Enter: what the plugin `id` holds.
pub(crate) fn read(state: &mut Session, id: &str) -> Vec<Effect> {
    let Some(params) = entry(state, id).map(plugin_ref) else {
        return vec![];
    };
    let catalog = &mut state.plugins.catalog;
    if catalog.detail.as_ref().is_some_and(|d| d.summary.id != id) {
        catalog.detail = None;
    }
    catalog.reading = Some(id.to_string());
    vec![Effect::Request(ClientRequest::ReadPlugin(params))]
}

pub(crate) fn read_answered(state: &mut Session, answer: Answer<PluginReadResponse>) {
    let catalog = &mut state.plugins.catalog;
    catalog.reading = None;
    match shown(answer) {
        Ok(read) => catalog.detail = Some(read.plugin),
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("Could not read the plugin: {}", visible_line(&e)),
        ),
    }
    state.layer_events.push(LayerEvent::PluginsChanged);
}

/// `i` then `y`: the plugin `id` installed.
pub(crate) fn install(state: &mut Session, id: &str) -> Vec<Effect> {
    let Some(params) = entry(state, id).map(plugin_ref) else {
        return vec![];
    };
    state.plugins.catalog.changing = Some(id.to_string());
    vec![Effect::Request(ClientRequest::InstallPlugin {
        params,
        id: id.to_string(),
    })]
}

/// `u` then `y`: the plugin `id` uninstalled.
pub(crate) fn uninstall(state: &mut Session, id: &str) -> Vec<Effect> {
    state.plugins.catalog.changing = Some(id.to_string());
    vec![Effect::Request(ClientRequest::UninstallPlugin {
        id: id.to_string(),
    })]
}

/// An install or uninstall answered: said, the list and the details read again.
pub(crate) fn changed(
    state: &mut Session,
    id: &str,
    installed: bool,
    answer: Answer<()>,
) -> Vec<Effect> {
    state.plugins.catalog.changing = None;
    let name = entry(state, id)
        .map(|e| visible_line(e.plugin.shown_name()))
        .unwrap_or_else(|| visible_line(id));
    let (level, text) = match (shown(answer), installed) {
        (Ok(()), true) => (
            NoticeLevel::Info,
            format!("Plugin installed: {name}. Its skills, MCP servers and hooks take effect in a new thread."),
        ),
        (Ok(()), false) => (NoticeLevel::Info, format!("Plugin uninstalled: {name}.")),
        (Err(e), _) => (
            NoticeLevel::Warning,
            format!(
                "Could not {} the plugin {name}: {}",
                if installed { "install" } else { "uninstall" },
                visible_line(&e)
            ),
        ),
    };
    state.shown.transcript.notice(level, text);
    let mut effects = refresh(state);
    if state
        .plugins
        .catalog
        .detail
        .as_ref()
        .is_some_and(|d| d.summary.id == id)
    {
        effects.extend(read(state, id));
    }
    effects
}
