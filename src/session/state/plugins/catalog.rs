//! What `/plugins` shows: the plugins of every marketplace codex lists for this directory, the
//! marketplaces that did not load, and the details of the plugin last read.

use crate::protocol::{PluginDetail, PluginSummary};

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Catalog {
    /// Each plugin with its marketplace's name and file (none for a remote one).
    pub(crate) plugins: Vec<CatalogEntry>,
    /// `path: message` of each marketplace that did not load.
    pub(crate) load_errors: Vec<String>,
    pub(crate) loading: bool,
    pub(crate) loaded: bool,
    pub(crate) error: Option<String>,
    /// The plugin read last (`plugin/read`), and the id of one being read.
    pub(crate) detail: Option<PluginDetail>,
    pub(crate) reading: Option<String>,
    /// An install or uninstall out, of this plugin id.
    pub(crate) changing: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct CatalogEntry {
    pub(crate) marketplace: String,
    pub(crate) marketplace_path: Option<String>,
    pub(crate) plugin: PluginSummary,
}
