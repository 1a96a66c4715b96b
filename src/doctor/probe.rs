//! `tern doctor` asks a short-lived `codex app-server` what a session would: `initialize` (its
//! version and home), `account/read` (the sign-in) and `config/read` (where codex's settings
//! came from), keeping the `configWarning`s it sends on
//! the way. Everything goes into a throwaway session, for the report to read as `/doctor` does.

use crate::protocol::{
    ConfigReadParams, ConfigReadResponse, GetAccountParams, GetAccountResponse, InitializeParams,
    InitializeResponse, NoticeNotification,
};
use crate::rpc::child::ChildTransport;
use crate::rpc::{Connection, Inbound};
use crate::session::config_warning;
use crate::session::state::first_run::DoctorSection;
use crate::session::state::Session;
use std::path::Path;
use std::time::Duration;

/// The longest the probe waits for each answer.
const WAIT: Duration = Duration::from_secs(10);

pub(crate) async fn server(codex: &Path, session: &mut Session) -> Result<(), String> {
    let transport = ChildTransport::spawn(codex, &[])
        .map_err(|e| format!("could not start `{} app-server`: {e}", codex.display()))?;
    session.health.pid = transport.pid();
    let (connection, mut inbound) = Connection::start(Box::new(transport));
    let ask = |method: &'static str, params: serde_json::Value| {
        let connection = connection.clone();
        async move {
            tokio::time::timeout(WAIT, connection.request(method, params))
                .await
                .map_err(|_| format!("{method}: no answer in {} s", WAIT.as_secs()))?
                .map_err(|e| e.to_string())
        }
    };
    let params = serde_json::to_value(InitializeParams::tern()).map_err(|e| e.to_string())?;
    let initialized = ask(crate::protocol::INITIALIZE, params).await?;
    session.server =
        Some(serde_json::from_value::<InitializeResponse>(initialized).unwrap_or_default());
    connection.notify(crate::protocol::INITIALIZED, None);
    let read = ask(
        crate::protocol::ACCOUNT_READ,
        serde_json::to_value(GetAccountParams::default()).map_err(|e| e.to_string())?,
    )
    .await
    .and_then(|v| serde_json::from_value::<GetAccountResponse>(v).map_err(|e| e.to_string()));
    session.account.read = Some(read);
    // Where codex's own settings came from (a broken config file refuses: said by its own
    // section, from the warning).
    let cwd = std::env::current_dir()
        .ok()
        .map(|dir| dir.to_string_lossy().into_owned());
    let settings = ask(
        crate::protocol::CONFIG_READ,
        serde_json::to_value(ConfigReadParams {
            include_layers: false,
            cwd,
        })
        .map_err(|e| e.to_string())?,
    )
    .await
    .and_then(|v| serde_json::from_value::<ConfigReadResponse>(v).map_err(|e| e.to_string()));
    session.first_run.codex_config = Some(settings);
    // The warnings came before the answers; whatever arrived is read without waiting.
    let mut warnings = Vec::new();
    while let Ok(message) = inbound.try_recv() {
        let Inbound::Notification { method, params } = message else {
            continue;
        };
        if method != "configWarning" {
            continue;
        }
        if let Ok(warning) = crate::protocol::Params::decode::<NoticeNotification>(params) {
            if !config_warning::kept(session, &warning) {
                warnings.push(("warning".to_string(), warning.summary.clone()));
            }
        }
    }
    if !warnings.is_empty() {
        session.config.first_run.doctor.push(DoctorSection {
            title: "codex's warnings at startup".into(),
            rows: warnings,
        });
    }
    Ok(())
}
