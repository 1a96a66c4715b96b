//! `/experimental`: codex's beta features (`experimentalFeature/list`, every page), and one
//! turned on or off as the official TUI does it — `features."<name>"` written to codex's
//! `config.toml` with `config/batchWrite` and `reloadUserConfig`, so codex reports it from then
//! on, in a new codex process too — then listed again and checked: a write codex took but does
//! not report is said, not hidden.

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

/// After a write, whether codex now reports the feature as it was asked to be.
fn check_wanted(state: &mut Session) {
    let Some((name, enabled)) = state.plugins.features.wanted.take() else {
        return;
    };
    let Some(feature) = state.plugins.features.list.iter().find(|f| f.name == name) else {
        return;
    };
    let shown_name = visible_line(feature.display_name.as_deref().unwrap_or(&name));
    let (level, text) = if feature.enabled == enabled {
        (
            NoticeLevel::Info,
            format!(
                "Experimental feature {} {}: saved in codex's config.toml. Some take effect only in a new thread or after codex restarts.",
                shown_name,
                if enabled { "on" } else { "off" }
            ),
        )
    } else {
        (
            NoticeLevel::Warning,
            format!(
                "codex wrote {} {} but still reports it {}: a setting elsewhere (a profile, the command line, a managed config) wins.",
                shown_name,
                if enabled { "on" } else { "off" },
                if feature.enabled { "on" } else { "off" }
            ),
        )
    };
    state.shown.transcript.notice(level, text);
}

/// Space on a feature: `features."<name>" = enabled` written and reloaded.
pub(crate) fn set_enabled(state: &mut Session, name: &str, enabled: bool) -> Vec<Effect> {
    // The name is quoted in the key path; one that would need escaping is not guessed at.
    if name.contains(['"', '\\']) || name.chars().any(char::is_control) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not turn the feature {}: its name holds a quote or a backslash. Set it in codex's config.toml instead.",
                visible_line(name)
            ),
        );
        return vec![];
    }
    vec![Effect::Request(ClientRequest::WriteFeature {
        params: ConfigBatchWriteParams {
            edits: vec![ConfigEdit {
                key_path: format!("features.\"{name}\""),
                value: Value::Bool(enabled),
                merge_strategy: "replace".into(),
            }],
            reload_user_config: true,
        },
        name: name.to_string(),
        enabled,
    })]
}

/// codex wrote the feature (or refused): a refusal said, the list read again either way.
pub(crate) fn written(
    state: &mut Session,
    name: &str,
    enabled: bool,
    answer: Answer<()>,
) -> Vec<Effect> {
    match shown(answer) {
        Ok(()) => state.plugins.features.wanted = Some((name.to_string(), enabled)),
        Err(e) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not turn the experimental feature {} {}: {}",
                visible_line(name),
                if enabled { "on" } else { "off" },
                visible_line(&e)
            ),
        ),
    }
    refresh(state)
}
