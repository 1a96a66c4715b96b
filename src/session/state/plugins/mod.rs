//! What the plugins family of commands knows (`/experimental`, `/memories`, `/apps`,
//! `/plugins`): one field of the session, each command's part in a file of its own. Data only:
//! `session::experimental`, `session::memories`, … keep it.

pub(crate) mod apps;
pub(crate) mod catalog;
pub(crate) mod features;
pub(crate) mod marketplaces;
pub(crate) mod memories;
pub(crate) mod search;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct PluginsFamily {
    /// `/experimental`'s beta features.
    pub(crate) features: features::Features,
    /// `/memories`: this thread's memory and codex's.
    pub(crate) memories: memories::Memories,
    /// `/plugins`: the marketplaces' plugins.
    pub(crate) catalog: catalog::Catalog,
    /// `/apps`: the apps (connectors).
    pub(crate) apps: apps::Apps,
    /// `/plugins`' search: the plugins it matches, the server's hits merged in.
    pub(crate) search: search::PluginSearch,
    /// `/plugins`' marketplace changes: under way, and the last one's outcome.
    pub(crate) marketplaces: marketplaces::Marketplaces,
}
