//! The apps (connectors) codex offers (`app/list`), spelled as the pinned codex 0.171's
//! `generate-ts --experimental` prints them (`v2/AppsList*.ts`, `v2/AppInfo.ts`; experimental,
//! so tern's `experimentalApi` matters). Only what `/apps` shows is read. Verified against
//! 0.171 signed out with the mock: the list is empty (`{"data": [], "nextCursor": null}`).

use serde::{Deserialize, Serialize};

pub(crate) const APP_LIST: &str = "app/list";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppsListResponse {
    #[serde(default)]
    pub(crate) data: Vec<AppInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AppInfo {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    /// Connected: the person's account reaches it.
    #[serde(default)]
    pub is_accessible: bool,
    /// Not turned off in config.toml (`[apps.<id>] enabled = false`).
    #[serde(default)]
    pub is_enabled: bool,
    /// Where to connect it, when it is not.
    #[serde(default)]
    pub install_url: Option<String>,
    /// The plugins that bring it.
    #[serde(default)]
    pub plugin_display_names: Vec<String>,
}
