//! `/import`: what another agent's setup codex would bring over (`externalAgentConfig/detect`:
//! Claude Code's settings, CLAUDE.md, skills, MCP servers, hooks, commands, sub-agents, recent
//! chats — from home and from this project), shown item by item before anything is written;
//! after `y`, `externalAgentConfig/import` of exactly those items, its progress as codex reports
//! each kind (`…/import/progress`), and a summary when it completes (`…/import/completed`).

use crate::model::NoticeLevel;
use crate::protocol::{DetectResponse, ImportNotification, ImportResponse, ImportTypeResult};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::account_tools::{Asked, ImportState};
use crate::session::state::Session;
use crate::text::sanitize::visible_line;

/// `/import` opened: asks what there is to import (home, and the session's directory).
pub(crate) fn detect(state: &mut Session) -> Vec<Effect> {
    if matches!(state.account_tools.import.started, Asked::Waiting)
        || (state.account_tools.import.import_id.is_some() && !state.account_tools.import.completed)
    {
        // An import is running: the view shows its progress; nothing is asked again.
        return vec![];
    }
    state.account_tools.import = ImportState {
        detected: Asked::Waiting,
        ..ImportState::default()
    };
    vec![Effect::Request(ClientRequest::DetectImport {
        cwd: state.work_folder(),
    })]
}

pub(crate) fn detected(state: &mut Session, answer: Answer<DetectResponse>) {
    state.account_tools.import.detected = match shown(answer) {
        Ok(found) => Asked::Came(found),
        Err(e) => Asked::Failed(e),
    };
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

/// Whether there is something detected to import, and no import started yet.
pub(crate) fn can_import(state: &Session) -> bool {
    let import = &state.account_tools.import;
    matches!(import.started, Asked::Unasked)
        && import.detected.came().is_some_and(|d| !d.items.is_empty())
}

/// `y`: every detected item imported, as detect gave it.
pub(crate) fn start(state: &mut Session) -> Vec<Effect> {
    if !can_import(state) {
        return vec![];
    }
    let import = &mut state.account_tools.import;
    let items = import
        .detected
        .came()
        .map(|d| {
            d.items
                .iter()
                .filter_map(|i| serde_json::to_value(i).ok())
                .collect()
        })
        .unwrap_or_default();
    import.started = Asked::Waiting;
    state.layer_events.push(LayerEvent::AccountToolsChanged);
    vec![Effect::Request(ClientRequest::StartImport { items })]
}

pub(crate) fn started(state: &mut Session, answer: Answer<ImportResponse>) {
    let import = &mut state.account_tools.import;
    match shown(answer) {
        Ok(r) => {
            import.import_id = Some(r.import_id);
            import.started = Asked::Came(());
        }
        Err(e) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("codex did not start the import: {}", visible_line(&e)),
            );
            import.started = Asked::Failed(e);
        }
    }
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

/// Whether a notification belongs to this session's import (codex may run others' too). The
/// id may come after the first progress: any while tern's import is on its way counts.
fn ours(import: &ImportState, n: &ImportNotification) -> bool {
    match &import.import_id {
        Some(id) => *id == n.import_id,
        None => matches!(import.started, Asked::Waiting),
    }
}

/// `…/import/progress`: one kind's results so far, merged by kind.
pub(crate) fn progress(state: &mut Session, n: ImportNotification) {
    let import = &mut state.account_tools.import;
    if !ours(import, &n) {
        return;
    }
    for result in n.item_type_results {
        merge(&mut import.results, result);
    }
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

fn merge(results: &mut Vec<ImportTypeResult>, result: ImportTypeResult) {
    match results.iter_mut().find(|r| r.item_type == result.item_type) {
        Some(kept) => {
            kept.successes.extend(result.successes);
            kept.failures.extend(result.failures);
        }
        None => results.push(result),
    }
}

/// `…/import/completed`: every kind's results, and one line saying what was done.
pub(crate) fn completed(state: &mut Session, n: ImportNotification) {
    let import = &mut state.account_tools.import;
    if !ours(import, &n) {
        return;
    }
    import.results = n.item_type_results;
    import.completed = true;
    let (done, failed) = totals(&import.results);
    let (level, text) = if failed == 0 {
        (
            NoticeLevel::Info,
            format!("Import done: {done} imported. Imported chats are in /resume."),
        )
    } else {
        (
            NoticeLevel::Warning,
            format!("Import done: {done} imported, {failed} failed (/import shows why)."),
        )
    };
    state.shown.transcript.notice(level, text);
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

/// How many imported, how many failed.
pub(crate) fn totals(results: &[ImportTypeResult]) -> (usize, usize) {
    results.iter().fold((0, 0), |(ok, bad), r| {
        (ok + r.successes.len(), bad + r.failures.len())
    })
}

/// A kind of item in words.
pub(crate) fn kind_name(item_type: &str) -> String {
    match item_type {
        "AGENTS_MD" => "Instructions (CLAUDE.md → AGENTS.md)".into(),
        "CONFIG" => "Settings".into(),
        "SKILLS" => "Skills".into(),
        "PLUGINS" => "Plugins".into(),
        "MCP_SERVER_CONFIG" => "MCP servers".into(),
        "SUBAGENTS" => "Sub-agents".into(),
        "HOOKS" => "Hooks".into(),
        "COMMANDS" => "Commands".into(),
        "MEMORY" => "Memory".into(),
        "SESSIONS" => "Recent chats".into(),
        other => visible_line(other),
    }
}
