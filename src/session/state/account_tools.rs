//! What `/usage`, `/import`, `/rc` and `/daemon` know: the answers each asked for, while its
//! view is open (and after, until asked again). Data only: `session::usage`, `session::import`,
//! `session::remote_control` and `session::daemon` keep it.

use crate::protocol::{
    AccountLimitsResponse, DetectResponse, ImportTypeResult, PairingStartResponse,
    RemoteClientsResponse, RemoteControlStatus, UsageResponse,
};

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct AccountTools {
    pub(crate) usage: UsageState,
    pub(crate) import: ImportState,
    pub(crate) rc: RemoteControlState,
    pub(crate) daemon: DaemonState,
}

/// An answer asked for: not yet come, come, or refused (the server's words).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum Asked<T> {
    #[default]
    Unasked,
    Waiting,
    Came(T),
    Failed(String),
}

impl<T> Asked<T> {
    pub(crate) fn came(&self) -> Option<&T> {
        match self {
            Asked::Came(answer) => Some(answer),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct UsageState {
    pub(crate) usage: Asked<UsageResponse>,
    pub(crate) limits: Asked<AccountLimitsResponse>,
    /// A reset sent and not yet answered (its idempotency key).
    pub(crate) resetting: Option<String>,
    /// How many resets were asked this session, for a fresh idempotency key each.
    pub(crate) resets_asked: u64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ImportState {
    pub(crate) detected: Asked<DetectResponse>,
    /// The import's id once codex took it; its results so far, by kind.
    pub(crate) import_id: Option<String>,
    pub(crate) started: Asked<()>,
    pub(crate) results: Vec<ImportTypeResult>,
    pub(crate) completed: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct RemoteControlState {
    pub(crate) status: Asked<RemoteControlStatus>,
    pub(crate) pairing: Asked<PairingStartResponse>,
    pub(crate) clients: Asked<RemoteClientsResponse>,
    /// The last enable, disable or revoke refused, in the server's words.
    pub(crate) refused: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct DaemonState {
    /// The subcommand running (`version`, `start`, `stop`), if one is.
    pub(crate) running: Option<String>,
    /// The last run: its subcommand, and what it printed (or why it did not run).
    pub(crate) last: Option<DaemonRun>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct DaemonRun {
    pub(crate) command: String,
    pub(crate) ok: bool,
    pub(crate) output: String,
}
