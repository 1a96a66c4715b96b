//! Plugins (`plugin/list`, `plugin/read`, `plugin/install`, `plugin/uninstall`), spelled as the
//! pinned codex 0.171's `generate-ts --experimental` prints them (`v2/Plugin*.ts`). Only what
//! tern shows or sends back is read. Verified against 0.171 offline: a marketplace declared in
//! `<cwd>/.agents/plugins/marketplace.json` (plugins with `{"source": "local", "path": …}`)
//! is listed for `cwds: [cwd]`, read, installed (into `CODEX_HOME/plugins/cache`, on in
//! `config.toml`) and uninstalled (`pluginId` `name@marketplace`, answers `{}`).

use serde::{Deserialize, Serialize};

pub(crate) const PLUGIN_LIST: &str = "plugin/list";
pub(crate) const PLUGIN_READ: &str = "plugin/read";
pub(crate) const PLUGIN_INSTALL: &str = "plugin/install";
pub(crate) const PLUGIN_UNINSTALL: &str = "plugin/uninstall";

/// `PluginListParams`: the directories whose marketplaces are listed too.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginListParams {
    pub(crate) cwds: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginListResponse {
    #[serde(default)]
    pub(crate) marketplaces: Vec<PluginMarketplaceEntry>,
    #[serde(default)]
    pub(crate) marketplace_load_errors: Vec<MarketplaceLoadErrorInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginMarketplaceEntry {
    pub name: String,
    /// The marketplace file, for a local one (null for the remote catalog).
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default)]
    pub plugins: Vec<PluginSummary>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MarketplaceLoadErrorInfo {
    #[serde(default)]
    pub marketplace_path: String,
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginSummary {
    /// `name@marketplace`: what uninstalling names.
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub installed: bool,
    #[serde(default)]
    pub enabled: bool,
    /// `AVAILABLE` | `DISABLED_BY_ADMIN`.
    #[serde(default)]
    pub availability: String,
    /// `NOT_AVAILABLE` | `AVAILABLE` | `INSTALLED_BY_DEFAULT`.
    #[serde(default)]
    pub install_policy: String,
    #[serde(default)]
    pub interface: Option<PluginInterface>,
    /// What `plugin/search` matches besides the names.
    #[serde(default)]
    pub keywords: Vec<String>,
}

impl PluginSummary {
    /// The name to show: the display name when the plugin has one.
    pub(crate) fn shown_name(&self) -> &str {
        self.interface
            .as_ref()
            .and_then(|i| i.display_name.as_deref())
            .unwrap_or(&self.name)
    }

    pub(crate) fn short_description(&self) -> &str {
        self.interface
            .as_ref()
            .and_then(|i| i.short_description.as_deref())
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginInterface {
    #[serde(default)]
    pub display_name: Option<String>,
    #[serde(default)]
    pub short_description: Option<String>,
    #[serde(default)]
    pub developer_name: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
}

/// `PluginReadParams` and `PluginInstallParams` alike: a plugin of a marketplace (a local one
/// by its file, a remote one by its name).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) marketplace_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) remote_marketplace_name: Option<String>,
    pub(crate) plugin_name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PluginReadResponse {
    pub(crate) plugin: PluginDetail,
}

/// What a plugin holds: everything that would run once it is installed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginDetail {
    #[serde(default)]
    pub marketplace_name: String,
    pub summary: PluginSummary,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub skills: Vec<PluginSkill>,
    #[serde(default)]
    pub hooks: Vec<PluginHook>,
    #[serde(default)]
    pub apps: Vec<PluginApp>,
    /// The MCP servers' names.
    #[serde(default)]
    pub mcp_servers: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginSkill {
    pub name: String,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginHook {
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    pub event_name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PluginApp {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
}
