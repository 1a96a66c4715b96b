//! codex's `configWarning` at startup: one that says its config file does not load ("Invalid
//! configuration; using defaults.", with the file and the place) is kept for the config box
//! (`first_run` shows it when `thread/start` is refused); the others are said as they come.
//! State only, so the notification path (`server_events`) needs nothing of the lifecycle.

use crate::protocol::NoticeNotification;
use crate::session::state::first_run::ConfigProblem;
use crate::session::state::Session;

/// `configWarning`: one about a config file that does not load is kept for the config box
/// (true: not shown as a plain warning); the others are said as they come.
pub(crate) fn kept(state: &mut Session, warning: &NoticeNotification) -> bool {
    let located = warning.path.is_some() && warning.range.is_some();
    if !located && !warning.summary.starts_with("Invalid configuration") {
        return false;
    }
    let message = warning.details.clone().unwrap_or(warning.summary.clone());
    state.first_run.config_warning = Some(ConfigProblem {
        message: strip_location(&message, warning.path.as_deref()),
        path: warning.path.clone(),
        at: warning
            .range
            .as_ref()
            .map(|r| (r.start.line, r.start.column)),
    });
    true
}

/// `…/config.toml:3:30: invalid basic string` → `invalid basic string` (the box names the
/// place on its own).
pub(crate) fn strip_location(message: &str, path: Option<&str>) -> String {
    let rest = match path.and_then(|p| message.strip_prefix(p)) {
        Some(rest) => rest,
        None => return message.to_string(),
    };
    let mut parts = rest.splitn(4, ':');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(""), Some(line), Some(col), Some(text))
            if line.parse::<u64>().is_ok() && col.parse::<u64>().is_ok() =>
        {
            text.trim().to_string()
        }
        _ => message.to_string(),
    }
}
