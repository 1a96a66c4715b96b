//! `plugin/search` and the marketplaces themselves (`marketplace/add`, `marketplace/remove`,
//! `marketplace/upgrade`), spelled as the pinned codex 0.171's `generate-ts --experimental`
//! prints them (`v2/PluginSearch*.ts`, `v2/Marketplace*.ts`). Verified against 0.171 offline:
//! search matches a plugin's name, display name and keywords (any case; not its descriptions,
//! not its marketplace's name); `add` takes `owner/repo`, a git URL or a local folder (not a
//! file), `remove` forgets an added one, `upgrade` pulls the added git ones.

use super::plugins::PluginSummary;
use serde::{Deserialize, Serialize};

pub(crate) const PLUGIN_SEARCH: &str = "plugin/search";
pub(crate) const MARKETPLACE_ADD: &str = "marketplace/add";
pub(crate) const MARKETPLACE_REMOVE: &str = "marketplace/remove";
pub(crate) const MARKETPLACE_UPGRADE: &str = "marketplace/upgrade";

/// `PluginSearchParams`: the term, and the directories whose marketplaces count too (as
/// `plugin/list` is asked).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginSearchParams {
    pub(crate) search_term: String,
    pub(crate) cwds: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginSearchResponse {
    #[serde(default)]
    pub(crate) data: Vec<PluginSearchResult>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginSearchResult {
    pub plugin: PluginSummary,
    #[serde(default)]
    pub marketplace_name: String,
    /// The marketplace file, for a local one (null for a remote one).
    #[serde(default)]
    pub marketplace_path: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketplaceAddResponse {
    #[serde(default)]
    pub(crate) marketplace_name: String,
    #[serde(default)]
    pub(crate) installed_root: String,
    #[serde(default)]
    pub(crate) already_added: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketplaceUpgradeResponse {
    #[serde(default)]
    pub(crate) selected_marketplaces: Vec<String>,
    #[serde(default)]
    pub(crate) upgraded_roots: Vec<String>,
    #[serde(default)]
    pub(crate) errors: Vec<MarketplaceUpgradeErrorInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MarketplaceUpgradeErrorInfo {
    #[serde(default)]
    pub marketplace_name: String,
    #[serde(default)]
    pub message: String,
}
