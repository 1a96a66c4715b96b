//! `/daemon`: codex's local app-server daemon, which no protocol method manages — tern runs
//! `codex app-server daemon version|start|stop` itself (`Effect::RunDaemon`, bounded by a
//! timeout) and shows what it printed, sanitised. `/daemon` alone reads the version and status;
//! `start` and `stop` go after `y` in its box. Only for a codex on this machine: with `--remote`
//! the daemon to manage is on the other machine, and with the demo there is no codex at all.

use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::account_tools::DaemonRun;
use crate::session::state::Session;

/// The subcommands `/daemon` runs.
pub(crate) const SUBCOMMANDS: [&str; 3] = ["version", "start", "stop"];

/// Why `/daemon` cannot run here, if it cannot.
pub(crate) fn unavailable(state: &Session) -> Option<String> {
    if let Some(there) = &state.config.connected_to {
        return Some(format!(
            "/daemon manages the codex daemon on this machine, and tern is connected to a server elsewhere ({}); run `codex app-server daemon` there.",
            crate::text::sanitize::visible_line(there)
        ));
    }
    if state.health.binary.is_none() {
        return Some(
            "/daemon needs a local codex, and this session has none (the demo, or codex was not found).".into(),
        );
    }
    None
}

/// Runs `subcommand` (one of [`SUBCOMMANDS`]) unless one is running.
pub(crate) fn run(state: &mut Session, subcommand: &str) -> Vec<Effect> {
    if !SUBCOMMANDS.contains(&subcommand) {
        return vec![];
    }
    let daemon = &mut state.account_tools.daemon;
    if daemon.running.is_some() {
        return vec![];
    }
    let Some(binary) = state.health.binary.clone() else {
        return vec![];
    };
    daemon.running = Some(subcommand.to_string());
    state.layer_events.push(LayerEvent::AccountToolsChanged);
    vec![Effect::RunDaemon {
        binary,
        subcommand: subcommand.to_string(),
    }]
}

/// What it printed: kept for the box; a start or stop is also said in the transcript.
pub(crate) fn ran(state: &mut Session, subcommand: &str, result: Result<String, String>) {
    let daemon = &mut state.account_tools.daemon;
    daemon.running = None;
    let (ok, output) = match result {
        Ok(output) => (true, output),
        Err(why) => (false, why),
    };
    if subcommand != "version" {
        let (level, text) = if ok {
            (
                NoticeLevel::Info,
                format!("codex app-server daemon {subcommand}: done."),
            )
        } else {
            (
                NoticeLevel::Warning,
                format!("codex app-server daemon {subcommand} failed; /daemon shows what it said."),
            )
        };
        state.shown.transcript.notice(level, text);
    }
    daemon.last = Some(DaemonRun {
        command: subcommand.to_string(),
        ok,
        output,
    });
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}
