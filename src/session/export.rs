//! `/export [PATH]`: the thread as markdown (`model::export`), written atomically by the runtime
//! and never over an existing file without the person's yes; `/export` alone asks where,
//! proposing a path outside the work tree.

use crate::model::export::export_markdown;
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::path::{Path, PathBuf};

/// Where `/export PATH` writes: `PATH` (`~/` is the home folder; relative to tern's directory).
pub(crate) fn target(state: &Session, arg: &str) -> PathBuf {
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
    if let Some(rest) = arg.strip_prefix("~/") {
        if let Some(home) = &state.config.home {
            return Path::new(home).join(rest);
        }
    }
    Path::new(&base).join(arg)
}

/// The file `/export` alone proposes: a name from the thread's id in `export_dir`, outside the
/// work tree (`runtime::export_dir` says which folder and why).
pub(crate) fn proposed(state: &Session) -> Option<PathBuf> {
    let dir = state.config.export_dir.as_ref()?;
    let id: String = state
        .thread_id()
        .unwrap_or("conversation")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(36)
        .collect();
    Some(dir.join(format!("codex-{id}.md")))
}

/// `/export [PATH]`: with a path, written at once (asking only before replacing a file);
/// alone, it asks where: the proposed path is put in the composer after `/export `, to send
/// as it is with Enter or edit first. Nothing is written into the repository unasked.
pub(crate) fn export(state: &mut Session, arg: &str) -> Vec<Effect> {
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
    if arg.trim().is_empty() {
        let proposal = proposed(state)
            .map(|path| shorter(state, &path))
            .unwrap_or_default();
        state.composer.set_text(&format!("/export {proposal}"));
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "Where should the conversation be saved? Enter saves it to the path in the \
             composer; edit the path first to save it elsewhere.",
        );
        return vec![];
    }
    let path = target(state, arg);
    let make_folder = proposed(state)
        .as_deref()
        .and_then(Path::parent)
        .is_some_and(|dir| path.parent() == Some(dir));
    write(state, path, false, make_folder)
}

/// `path` with the home folder as `~/`, as the person would type it.
fn shorter(state: &Session, path: &Path) -> String {
    let text = path.to_string_lossy();
    match state.config.home.as_deref() {
        Some(home) => match text.strip_prefix(home).and_then(|r| r.strip_prefix('/')) {
            Some(rest) => format!("~/{rest}"),
            None => text.into_owned(),
        },
        None => text.into_owned(),
    }
}

/// The export, written to `path` (replacing it only when `overwrite`; the proposed folder made
/// when `make_folder`).
pub(crate) fn write(
    state: &Session,
    path: PathBuf,
    overwrite: bool,
    make_folder: bool,
) -> Vec<Effect> {
    let title = match state.thread_id() {
        Some(id) => format!("Codex conversation {id}"),
        None => "Codex conversation".to_string(),
    };
    vec![Effect::WriteExport {
        path,
        text: export_markdown(&state.shown.transcript, &title),
        overwrite,
        make_folder,
    }]
}

/// The runtime wrote the file, or refused to replace one, or failed.
pub(crate) fn written(state: &mut Session, path: &Path, result: Result<(), String>, exists: bool) {
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
