//! What becomes a kept warning (`state::warnings`, listed by `/warnings`): tern's own startup
//! warnings, and the server's warning notifications, read as they arrive — before the usual
//! handling, which still says them where it always did.

use crate::protocol::ServerNotification as N;
use crate::session::state::warnings::Warning;
use crate::session::state::Session;

/// A warning tern itself found at startup (its config file, a theme, the log, the history):
/// said in the transcript and kept.
pub fn startup(state: &mut Session, text: String) {
    state
        .shown
        .transcript
        .notice(crate::model::NoticeLevel::Warning, text.clone());
    keep(state, "tern", text, None, None);
}

/// Keeps what `n` warns of, if it is a warning.
pub(crate) fn notified(state: &mut Session, n: &N) {
    match n {
        N::Warning(w) => keep(state, "codex", w.message.clone(), None, w.thread_id.clone()),
        N::GuardianWarning(w) => keep(
            state,
            "guardian",
            w.message.clone(),
            None,
            w.thread_id.clone(),
        ),
        N::ConfigWarning(w) => {
            let mut details: Vec<String> = w.details.iter().cloned().collect();
            if let Some(path) = &w.path {
                details.push(match &w.range {
                    Some(range) => format!(
                        "{path}, line {} column {}",
                        range.start.line, range.start.column
                    ),
                    None => path.clone(),
                });
            }
            let details = (!details.is_empty()).then(|| details.join("\n"));
            keep(state, "codex config", w.summary.clone(), details, None)
        }
        N::DeprecationNotice(w) => keep(
            state,
            "deprecation",
            w.summary.clone(),
            w.details.clone(),
            None,
        ),
        N::McpServerStatusUpdated(s) if s.status == "failed" => {
            let mut details: Vec<String> = s.error.iter().cloned().collect();
            details.extend(s.failure_reason.iter().map(|r| format!("reason: {r}")));
            let details = (!details.is_empty()).then(|| details.join("\n"));
            keep(
                state,
                "MCP",
                format!("MCP server {} failed to start", s.name),
                details,
                s.thread_id.clone(),
            )
        }
        _ => {}
    }
}

fn keep(
    state: &mut Session,
    source: &'static str,
    summary: String,
    details: Option<String>,
    thread_id: Option<String>,
) {
    state.warnings.keep(Warning {
        source,
        summary,
        details,
        thread_id,
        count: 1,
    });
}
