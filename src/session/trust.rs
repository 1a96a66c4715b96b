//! Folder trust, asked as the official TUI asks it: codex runs a folder its config has no
//! `projects."<path>".trust_level` for read-only, and a thread started then stays read-only
//! even after the config changes. So before the session's first thread, codex's config is read
//! (`config/read` for the folder); when it names neither the folder nor its repository's root,
//! the person is asked ("Trust this folder?", the `TrustFolder` view) and nothing opens until
//! they answer. Yes writes `projects."<root>".trust_level = "trusted"` through
//! `config/value/write` and then opens; no opens read-only and says so. codex's config is
//! never written but on the person's key.
//!
//! Each step says what comes next as a [`TrustStep`]; `lifecycle` opens what is to open (so
//! this file names nothing of it).

use super::effect::Effect;
use super::event::LayerEvent;
use super::reply::Answer;
use super::request::ClientRequest;
use super::state::first_run::FolderTrust;
use super::state::lifecycle::{Lifecycle, Open};
use super::state::Session;
use crate::model::NoticeLevel;
use crate::protocol::{quoted_key, ConfigReadParams, ConfigReadResponse, ConfigValueWriteParams};
use serde_json::Value;

/// What a step of the trust check leads to.
#[derive(Debug)]
pub(crate) enum TrustStep {
    /// Still deciding: these requests go out (none while the person is asked).
    Wait(Vec<Effect>),
    /// Decided: this opens now.
    Open(Open),
}

/// `initialize` answered at startup: codex's trust for the folder is read first, once a
/// session, before `then` opens; a thread coming back on a new server, a sub-agent, or a
/// session with no folder to ask about opens at once.
pub(crate) fn before_open(state: &mut Session, then: Open) -> TrustStep {
    let ask = matches!(
        then,
        Open::New | Open::Last | Open::Pick | Open::Resume(_) | Open::Fork(_)
    );
    let Some(folder) = state.config.folder_trust.as_ref().map(|f| f.folder.clone()) else {
        return TrustStep::Open(then);
    };
    if !ask || state.first_run.trust.checked {
        return TrustStep::Open(then);
    }
    state.first_run.trust.checked = true;
    state.lifecycle = Lifecycle::Trusting(then);
    TrustStep::Wait(vec![Effect::Request(ClientRequest::CheckTrust(
        ConfigReadParams {
            include_layers: false,
            cwd: Some(folder),
        },
    ))])
}

/// codex's config, read for the folder: what was waiting opens, unless the folder is
/// undecided, when the person is asked. A config codex cannot read says nothing of trust: the
/// session goes on as codex decides (read-only).
pub(crate) fn read(state: &mut Session, answer: Answer<ConfigReadResponse>) -> TrustStep {
    let Lifecycle::Trusting(then) = state.lifecycle.clone() else {
        return TrustStep::Wait(vec![]);
    };
    let (Some(folder), Ok(config)) = (&state.config.folder_trust, &answer) else {
        if let Err(e) = &answer {
            tracing::warn!(%e, "config/read failed: the folder's trust is not asked about");
        }
        return TrustStep::Open(then);
    };
    if decided(config, folder) {
        return TrustStep::Open(then);
    }
    state.layer_events.push(LayerEvent::TrustWanted);
    TrustStep::Wait(vec![])
}

/// Whether codex's config has a trust level (trusted or not) for the folder or its root.
pub(crate) fn decided(config: &ConfigReadResponse, folder: &FolderTrust) -> bool {
    let Some(Value::Object(projects)) = config.config.get("projects") else {
        return false;
    };
    [&folder.folder, &folder.root].into_iter().any(|path| {
        projects
            .get(path.as_str())
            .and_then(|project| project.get("trust_level"))
            .is_some_and(|level| !level.is_null())
    })
}

/// The person's answer. Yes: the entry is written, and the thread opens once codex says it
/// is (`written`). No: it opens now, read-only.
pub(crate) fn answered(state: &mut Session, trusted: bool) -> TrustStep {
    let Lifecycle::Trusting(then) = state.lifecycle.clone() else {
        return TrustStep::Wait(vec![]);
    };
    let Some(folder) = state.config.folder_trust.clone() else {
        return TrustStep::Open(then);
    };
    if !trusted {
        state.first_run.trust.declined = true;
        return TrustStep::Open(then);
    }
    TrustStep::Wait(vec![Effect::Request(ClientRequest::TrustFolder(
        write_params(&folder.root),
    ))])
}

/// `projects."<root>".trust_level = "trusted"`, the path quoted as one key.
pub(crate) fn write_params(root: &str) -> ConfigValueWriteParams {
    ConfigValueWriteParams {
        key_path: format!("projects.{}.trust_level", quoted_key(root)),
        value: Value::String("trusted".into()),
        merge_strategy: "replace".into(),
    }
}

/// codex wrote the entry (or could not): the thread opens now, with the sandbox codex gives
/// a trusted folder, or read-only when the write failed (said).
pub(crate) fn written(state: &mut Session, answer: Answer<()>) -> TrustStep {
    let Lifecycle::Trusting(then) = state.lifecycle.clone() else {
        return TrustStep::Wait(vec![]);
    };
    if let Err(e) = answer {
        state.first_run.trust.declined = true;
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("codex could not save the folder's trust ({e}): it runs read-only."),
        );
    }
    TrustStep::Open(then)
}

/// What the welcome says when the person said no: that it is read-only, and how to change
/// it. `None` otherwise.
pub(crate) fn declined_note(state: &Session) -> Option<String> {
    state
        .first_run
        .trust
        .declined
        .then(|| "not trusted: read-only (tern asks again at the next start)".to_string())
}

/// What `/status` says then: the same, with the entry that trusts it in codex's config.
pub(crate) fn declined_status(state: &Session) -> Option<String> {
    let folder = state.config.folder_trust.as_ref()?;
    declined_note(state).map(|note| {
        format!(
            "{note}; or set projects.{}.trust_level = \"trusted\" in codex's config.toml",
            quoted_key(&folder.root)
        )
    })
}
