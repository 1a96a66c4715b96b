//! `/rc`: remote control of this app-server from a paired phone or browser (`remoteControl/*`),
//! spelled as the pinned codex's `generate-ts` prints them (`v2/RemoteControlStatusReadResponse.ts`,
//! `v2/RemoteControlPairingStartResponse.ts`, `v2/RemoteControlClientsListResponse.ts`, …).
//! codex 0.171 needs a ChatGPT sign-in to enable it; the status can be read without one.

use serde::{Deserialize, Serialize};

pub(crate) const REMOTE_CONTROL_STATUS_READ: &str = "remoteControl/status/read";
pub(crate) const REMOTE_CONTROL_ENABLE: &str = "remoteControl/enable";
pub(crate) const REMOTE_CONTROL_DISABLE: &str = "remoteControl/disable";
pub(crate) const REMOTE_CONTROL_PAIRING_START: &str = "remoteControl/pairing/start";
pub(crate) const REMOTE_CONTROL_CLIENT_LIST: &str = "remoteControl/client/list";
pub(crate) const REMOTE_CONTROL_CLIENT_REVOKE: &str = "remoteControl/client/revoke";

/// The answer to `status/read`, `enable` and `disable`, and `remoteControl/status/changed`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteControlStatus {
    /// "disabled" | "connecting" | "connected" | "errored".
    #[serde(default)]
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) server_name: String,
    /// Needed to list and revoke clients; null until remote control has connected once.
    #[serde(default)]
    pub(crate) environment_id: Option<String>,
}

/// `remoteControl/pairing/start`'s answer: the codes a new client enters, until `expiresAt`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PairingStartResponse {
    #[serde(default)]
    pub(crate) pairing_code: String,
    #[serde(default)]
    pub(crate) manual_pairing_code: Option<String>,
    #[serde(default)]
    pub(crate) environment_id: String,
    /// Unix seconds.
    #[serde(default)]
    pub(crate) expires_at: i64,
}

/// `remoteControl/client/list`'s answer (one page).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteClientsResponse {
    #[serde(default)]
    pub(crate) data: Vec<RemoteClient>,
    #[serde(default)]
    pub(crate) next_cursor: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RemoteClient {
    #[serde(default)]
    pub client_id: String,
    #[serde(default)]
    pub display_name: Option<String>,
    #[serde(default)]
    pub device_type: Option<String>,
    #[serde(default)]
    pub platform: Option<String>,
    #[serde(default)]
    pub app_version: Option<String>,
    /// Unix seconds.
    #[serde(default)]
    pub last_seen_at: Option<i64>,
}
