//! Hooks: the list of the session's directory (`hooks/list`), the one line at startup for each
//! hook that is new or changed (codex will not run it until it is trusted: tern never trusts
//! for the person), and `/hooks`' trust and untrust, written as
//! `hooks.state."<key>".trusted_hash` with `config/batchWrite` and `reloadUserConfig` — written
//! without the reload, the loaded thread would keep the hook untrusted until a new thread.

use crate::model::NoticeLevel;
use crate::protocol::{
    ConfigBatchWriteParams, ConfigEdit, HookMetadata, HooksListParams, HooksListResponse,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use serde_json::Value;

/// The most hooks kept, the most warnings and errors, and the most startup lines.
const MAX_HOOKS: usize = 500;
const MAX_ERRORS: usize = 50;
const MAX_STARTUP_LINES: usize = 5;

/// The first thread opened: the hooks are asked for once, for what is new or changed.
pub(crate) fn thread_opened(state: &mut Session) -> Vec<Effect> {
    if state.hooks.checked {
        return vec![];
    }
    state.hooks.checked = true;
    request(state, true)
}

/// `/hooks`: asks again (the files may have changed).
pub(crate) fn refresh(state: &mut Session) -> Vec<Effect> {
    if state.hooks.loading {
        return vec![];
    }
    request(state, false)
}

fn request(state: &mut Session, startup: bool) -> Vec<Effect> {
    state.hooks.loading = true;
    let cwds = state.work_folder().into_iter().collect();
    vec![Effect::Request(ClientRequest::ListHooks {
        params: HooksListParams { cwds },
        startup,
    })]
}

/// The list came. At startup, one line for each hook codex will not run until it is trusted.
pub(crate) fn listed(state: &mut Session, startup: bool, answer: Answer<HooksListResponse>) {
    let hooks = &mut state.hooks;
    hooks.loading = false;
    match shown(answer) {
        Ok(answer) => {
            hooks.list.clear();
            hooks.warnings.clear();
            hooks.errors.clear();
            for entry in answer.data {
                for hook in entry.hooks {
                    let fresh = !hooks.list.iter().any(|h| h.key == hook.key);
                    if fresh && hooks.list.len() < MAX_HOOKS {
                        hooks.list.push(hook);
                    }
                }
                let room = MAX_ERRORS.saturating_sub(hooks.warnings.len());
                hooks.warnings.extend(entry.warnings.into_iter().take(room));
                let room = MAX_ERRORS.saturating_sub(hooks.errors.len());
                hooks.errors.extend(entry.errors.into_iter().take(room));
            }
            // Stable: by event, then in codex's order within it.
            hooks.list.sort_by(|a, b| a.event_name.cmp(&b.event_name));
            hooks.loaded = true;
            hooks.error = None;
        }
        // At startup a codex without `hooks/list` is not worth a line: `/hooks` says it.
        Err(e) if startup => tracing::warn!(error = %e, "hooks/list at startup"),
        Err(e) => hooks.error = Some(e),
    }
    if startup {
        say_untrusted(state);
    }
    state.layer_events.push(LayerEvent::HooksChanged);
}

/// One line per hook that is new or changed since trusted (a few, then how many more).
fn say_untrusted(state: &mut Session) {
    let waiting: Vec<String> = state
        .hooks
        .list
        .iter()
        .filter(|h| h.enabled && waits_for_trust(h))
        .map(|h| {
            let what = if h.trust_status == "modified" {
                "changed since you trusted it"
            } else {
                "new"
            };
            format!(
                "Hook {what}: {} `{}` ({}) will not run until you trust it. /hooks to review.",
                visible_line(&h.event_name),
                visible_line(&what_it_runs(h)),
                visible_line(&h.source),
            )
        })
        .collect();
    let more = waiting.len().saturating_sub(MAX_STARTUP_LINES);
    for line in waiting.into_iter().take(MAX_STARTUP_LINES) {
        state.shown.transcript.notice(NoticeLevel::Warning, line);
    }
    if more > 0 {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("{more} more hooks wait for your trust: /hooks to review."),
        );
    }
}

/// Whether codex holds the hook back until the person trusts it.
pub(crate) fn waits_for_trust(hook: &HookMetadata) -> bool {
    matches!(hook.trust_status.as_str(), "untrusted" | "modified")
}

/// What the hook runs, in words: its command, its MCP tool, or its kind.
pub(crate) fn what_it_runs(hook: &HookMetadata) -> String {
    match (&hook.command, &hook.server, &hook.tool) {
        (Some(command), _, _) => command.clone(),
        (None, Some(server), Some(tool)) => format!("{server}/{tool}"),
        _ => format!("a {} hook", hook.handler_type),
    }
}

/// Trusts (or, `trust` false, untrusts) the hook `key` as it is now: its current hash written
/// as `hooks.state."<key>".trusted_hash` (removed to untrust), and the config reloaded.
pub(crate) fn set_trust(state: &mut Session, key: &str, trust: bool) -> Vec<Effect> {
    let Some(hook) = state.hooks.list.iter().find(|h| h.key == key) else {
        return vec![];
    };
    // The key is quoted in the key path; one that would need escaping is not guessed at.
    if key.contains(['"', '\\']) || key.chars().any(char::is_control) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "Could not write the trust of the hook {}: its key holds a quote or a backslash. Trust it in codex's config.toml instead.",
                visible_line(key)
            ),
        );
        return vec![];
    }
    let value = if trust {
        Value::String(hook.current_hash.clone())
    } else {
        Value::Null
    };
    vec![Effect::Request(ClientRequest::TrustHook {
        params: ConfigBatchWriteParams {
            edits: vec![ConfigEdit {
                key_path: format!("hooks.state.\"{key}\".trusted_hash"),
                value,
                merge_strategy: "replace".into(),
            }],
            reload_user_config: true,
        },
        key: key.to_string(),
        trust,
    })]
}

/// codex wrote the trust (or refused): said, and the list read again.
pub(crate) fn written(
    state: &mut Session,
    key: &str,
    trust: bool,
    answer: Answer<()>,
) -> Vec<Effect> {
    let what = state
        .hooks
        .list
        .iter()
        .find(|h| h.key == key)
        .map(what_it_runs)
        .unwrap_or_else(|| key.to_string());
    let what = visible_line(&what);
    let (level, text) = match (shown(answer), trust) {
        (Ok(()), true) => (
            NoticeLevel::Info,
            format!("Hook trusted: `{what}` runs from the next prompt."),
        ),
        (Ok(()), false) => (
            NoticeLevel::Info,
            format!("Hook no longer trusted: `{what}` will not run."),
        ),
        (Err(e), _) => (
            NoticeLevel::Warning,
            format!(
                "Could not {} the hook `{what}`: {}",
                if trust { "trust" } else { "untrust" },
                visible_line(&e)
            ),
        ),
    };
    state.shown.transcript.notice(level, text);
    refresh(state)
}
