//! `/experimental`: codex's beta features (`experimentalFeature/list`, every page), and those
//! the person turned saved as the official TUI saves them — every `features."<name>"` written
//! to codex's `config.toml` in one `config/batchWrite` with `reloadUserConfig`, so codex reports
//! them from then on, in a new codex process too — then listed again and checked: a write codex
//! took but does not report is said, not hidden.

use crate::model::NoticeLevel;
use crate::protocol::{
    ConfigBatchWriteParams, ConfigEdit, ExperimentalFeatureListParams,
    ExperimentalFeatureListResponse,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use serde_json::Value;

/// The most pages read (codex answered 224 features on one page), and the most kept.
const MAX_PAGES: usize = 10;
const MAX_FEATURES: usize = 500;

/// `/experimental`: asks for the list (again: the config may have changed).
pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    if state.plugins.features.loading {
        return vec![];
    }
    state.plugins.features.loading = true;
    state.plugins.features.pages = 0;
    request(state, None)
}

fn request(state: &Session, cursor: Option<String>) -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::ListFeatures(
        ExperimentalFeatureListParams {
            cursor,
            limit: None,
            thread_id: state.thread_id().map(str::to_string),
        },
    ))]
}

/// A page came: kept (the first page replaces the list), and the next one asked for.
pub(crate) fn listed(
    state: &mut Session,
    paged: bool,
    answer: Answer<ExperimentalFeatureListResponse>,
) -> Vec<Effect> {
    let features = &mut state.plugins.features;
    let page = match shown(answer) {
        Ok(page) => page,
        Err(e) => {
            features.loading = false;
            features.error = Some(e);
            state.layer_events.push(LayerEvent::FeaturesChanged);
            return vec![];
        }
    };
    if !paged {
        features.list.clear();
    }
    features.pages += 1;
    let room = MAX_FEATURES.saturating_sub(features.list.len());
    features.list.extend(
        page.data
            .into_iter()
            .filter(|f| f.stage == "beta")
            .take(room),
    );
    if let Some(cursor) = page.next_cursor.filter(|_| features.pages < MAX_PAGES) {
        return request(state, Some(cursor));
    }
    features.loading = false;
    features.loaded = true;
    features.error = None;
    check_wanted(state);
    state.layer_events.push(LayerEvent::FeaturesChanged);
    vec![]
}

/// After a write, whether codex now reports each feature as it was asked to be: one notice
/// for those it does, a warning for each it does not.
fn check_wanted(state: &mut Session) {
    let wanted = std::mem::take(&mut state.plugins.features.wanted);
    if wanted.is_empty() {
        return;
    }
    let mut saved = Vec::new();
    for (name, enabled) in wanted {
        let Some(feature) = state.plugins.features.list.iter().find(|f| f.name == name) else {
            continue;
        };
        let shown_name = visible_line(feature.display_name.as_deref().unwrap_or(&name));
        if feature.enabled == enabled {
            saved.push(format!("{shown_name} {}", on_off(enabled)));
            continue;
        }
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "codex wrote {} {} but still reports it {}: a setting elsewhere (a profile, the command line, a managed config) wins.",
                shown_name,
                on_off(enabled),
                on_off(feature.enabled)
            ),
        );
    }
    if !saved.is_empty() {
        let noun = if saved.len() == 1 {
            "feature"
        } else {
            "features"
        };
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!(
                "Experimental {noun} {}: saved in codex's config.toml. Some take effect only in a new thread or after codex restarts.",
                saved.join(", ")
            ),
        );
    }
}

fn on_off(enabled: bool) -> &'static str {
    if enabled {
        "on"
    } else {
        "off"
    }
}

/// Enter after Space on some features: `features."<name>" = enabled` for each, written in one
/// batch and reloaded (as the official TUI saves its checklist). Nothing to write, nothing sent.
pub(crate) fn save(state: &mut Session, changes: Vec<(String, bool)>) -> Vec<Effect> {
    // A name is quoted in the key path; one that would need escaping is not guessed at.
    let (changes, odd): (Vec<_>, Vec<_>) = changes
        .into_iter()
        .partition(|(name, _)| !(name.contains(['"', '\\']) || name.chars().any(char::is_control)));
    for (name, enabled) in odd {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not turn the feature {} {}: its name holds a quote or a backslash. Set it in codex's config.toml instead.",
                visible_line(&name),
                on_off(enabled)
            ),
        );
    }
    if changes.is_empty() {
        return vec![];
    }
    let edits = changes
        .iter()
        .map(|(name, enabled)| ConfigEdit {
            key_path: format!("features.\"{name}\""),
            value: Value::Bool(*enabled),
            merge_strategy: "replace".into(),
        })
        .collect();
    vec![Effect::Request(ClientRequest::WriteFeatures {
        params: ConfigBatchWriteParams {
            edits,
            reload_user_config: true,
        },
        changes,
    })]
}

/// codex wrote the features (or refused): a refusal said, the list read again either way.
pub(crate) fn written(
    state: &mut Session,
    changes: Vec<(String, bool)>,
    answer: Answer<()>,
) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => state.plugins.features.wanted = changes,
        Err(e) => {
            let turned: Vec<String> = changes
                .iter()
                .map(|(name, enabled)| format!("{} {}", visible_line(name), on_off(*enabled)))
                .collect();
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "Could not save the experimental features ({}): {}",
                    turned.join(", "),
                    visible_line(&e)
                ),
            );
        }
    }
    refresh(state)
}
