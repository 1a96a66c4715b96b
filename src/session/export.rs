//! `/export [PATH]`: the thread as markdown (`model::export`), written atomically by the runtime
//! and never over an existing file without the person's yes.

use crate::model::export::export_markdown;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::path::{Path, PathBuf};

/// Where `/export` writes: `arg` (relative to tern's directory), else a name from the thread's id.
pub fn target(state: &Session, arg: &str) -> PathBuf {
    let base = state
        .config
        .settings
        .cwd
        .clone()
        .or_else(|| state.shown.thread.as_ref().map(|t| t.cwd.clone()))
        .unwrap_or_default();
    let arg = arg.trim();
    let arg = arg
        .strip_prefix('"')
        .and_then(|a| a.strip_suffix('"'))
        .unwrap_or(arg);
    let name = if arg.is_empty() {
        let id: String = state
            .thread_id()
            .unwrap_or("conversation")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .take(36)
            .collect();
        format!("codex-{id}.md")
    } else if let Some(rest) = arg.strip_prefix("~/") {
        match &state.config.home {
            Some(home) => return Path::new(home).join(rest),
            None => arg.to_string(),
        }
    } else {
        arg.to_string()
    };
    Path::new(&base).join(name)
}

/// `/export [PATH]`.
pub fn export(state: &mut Session, arg: &str) -> Vec<Effect> {
    if state.shown.transcript.cells().iter().all(|c| {
        matches!(
            c.kind(),
            crate::model::CellKind::Notice { .. } | crate::model::CellKind::TurnEnd { .. }
        )
    }) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to export yet: no messages so far.",
        );
        return vec![];
    }
    write(state, target(state, arg), false)
}

/// The export, written to `path` (replacing it only when `overwrite`).
pub fn write(state: &Session, path: PathBuf, overwrite: bool) -> Vec<Effect> {
    let title = match state.thread_id() {
        Some(id) => format!("Codex conversation {id}"),
        None => "Codex conversation".to_string(),
    };
    vec![Effect::WriteExport {
        path,
        text: export_markdown(&state.shown.transcript, &title),
        overwrite,
    }]
}

/// The runtime wrote the file, or refused to replace one, or failed.
pub fn written(state: &mut Session, path: &Path, result: Result<(), String>, exists: bool) {
    let shown = sanitize_line(&path.to_string_lossy());
    match result {
        Ok(()) => state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Saved the conversation to {shown}"),
        ),
        Err(_) if exists => {
            state
                .layer_events
                .push(LayerEvent::ConfirmWanted(Confirmable::ExportOverwrite {
                    path: path.to_path_buf(),
                }))
        }
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not save the conversation to {shown}: {e}"),
        ),
    }
}
