//! Thread names, made the way the official TUI makes them: after a new thread's first prompt
//! goes out, an ephemeral, read-only side thread with no tools is asked for a one-line title
//! (a turn whose `outputSchema` wants `{"title": …}`), then unsubscribed; once the main
//! thread's first turn has ended (before that it has no history to name), `thread/name/set`.
//! Never in the person's way: nothing waits for it, and a failure is only logged. Off with
//! `thread_titles = false` (and in tests). A fork is named "fork of …" until renamed.
//!
//! The side thread's events are taken here, before the routing by thread drops them.

use crate::protocol::{
    NewThreadParams, ServerNotification as N, Thread, ThreadIdParams, ThreadItem,
    ThreadSetNameParams, ThreadSettings, ThreadStartResponse, TurnOverrides, TurnStartParams,
    UserInput,
};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::request::NewThreadPurpose;
use crate::session::state::titles::TitleJob;
use crate::session::state::Session;
use serde_json::{json, Value};

/// The longest title kept, in characters (the schema's bound, as the official TUI asks).
pub(crate) const TITLE_MAX: usize = 36;
/// The longest "fork of …" name.
const FORK_NAME_MAX: usize = 48;

/// The official TUI's request, word for word; the person's first prompt follows it.
pub const TITLE_PROMPT: &str = "Generate a concise, single-line task title of at most 36 characters and under five words where possible. Start with an imperative verb. Capitalize only the first word unless the user's language, proper nouns, acronyms, or code terms require otherwise. Preserve ticket references exactly. Write in the user's language. Do not use quotes, markdown, or trailing punctuation. Do not answer the request.\n\nUser prompt:\n";

/// Prompts longer than this are cut before they go into the title request.
const PROMPT_MAX: usize = 2_000;

/// A thread started here (not resumed or forked): its first prompt asks for a title.
pub(crate) fn thread_started(state: &mut Session) {
    state.titles.current = None;
    state.titles.untitled = state.thread_id().map(str::to_string);
}

/// A thread was resumed or forked: its name is what the server says (a fork is renamed
/// "fork of …").
pub(crate) fn thread_opened(
    state: &mut Session,
    thread: Option<Thread>,
    forked: bool,
) -> Vec<Effect> {
    state.titles.untitled = None;
    let Some(thread) = thread else {
        return vec![];
    };
    state.titles.current = thread
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .map(|name| (thread.id.clone(), name));
    if !forked {
        return vec![];
    }
    let parent = thread
        .name
        .filter(|n| !n.trim().is_empty())
        .unwrap_or(thread.preview);
    let parent = one_line(&parent);
    if parent.is_empty() {
        return vec![];
    }
    let name = clamp(&format!("fork of {parent}"), FORK_NAME_MAX);
    state.titles.current = Some((thread.id.clone(), name.clone()));
    vec![Effect::Request(ClientRequest::AutoName(
        ThreadSetNameParams {
            thread_id: thread.id,
            name,
        },
    ))]
}

/// The first prompt of an untitled thread went out: the side thread is asked for a title.
pub(crate) fn prompt_sent(state: &mut Session, prompt: &str) -> Vec<Effect> {
    if !state.titles.enabled || state.titles.job.is_some() {
        return vec![];
    }
    let (Some(main), Some(untitled)) = (state.thread_id(), state.titles.untitled.as_deref()) else {
        return vec![];
    };
    if main != untitled || state.titles.current.is_some() {
        return vec![];
    }
    let main = main.to_string();
    state.titles.untitled = None;
    state.titles.job = Some(TitleJob {
        main_thread: main.clone(),
        side_thread: None,
        title: None,
        main_turn_done: false,
    });
    let settings = ThreadSettings {
        model: super::turn_settings::model(state),
        cwd: Some(super::threads::current_cwd(state)).filter(|c| !c.is_empty()),
        approval_policy: Some("never".into()),
        sandbox: Some("read-only".into()),
        config: Some(side_thread_config()),
    };
    vec![Effect::Request(ClientRequest::StartThreadFor {
        params: NewThreadParams {
            settings,
            ephemeral: Some(true),
            thread_source: Some("thread_title".into()),
            ..NewThreadParams::default()
        },
        purpose: NewThreadPurpose::Title {
            main_thread: main,
            prompt: prompt.chars().take(PROMPT_MAX).collect(),
        },
    })]
}

/// What the side thread may not do: no tools, no plugins, no memories, no web.
pub(crate) fn side_thread_config() -> serde_json::Map<String, Value> {
    let off = [
        "features.view_image",
        "skills.include_instructions",
        "features.multi_agent_v2",
        "features.enable_fanout",
        "tools.experimental_request_user_input.enabled",
        "tools.update_plan.enabled",
        "features.plugins",
        "features.shell_snapshot",
        "features.request_permissions_tool",
        "features.unified_exec",
        "features.memories",
        "features.hooks",
        "features.multi_agent",
        "features.shell_tool",
        "features.goals",
        "features.standalone_web_search",
        "features.apps",
        "features.image_generation",
    ];
    let mut config: serde_json::Map<String, Value> =
        off.iter().map(|k| (k.to_string(), json!(false))).collect();
    config.insert("web_search".into(), json!("disabled"));
    config.insert("mcp_servers".into(), json!({}));
    config
}

/// The schema the side turn's answer follows.
fn title_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"title": {"type": "string", "minLength": 1, "maxLength": TITLE_MAX}},
        "required": ["title"],
        "additionalProperties": false,
    })
}

/// The one turn of a side thread that answers in the shape of `schema` (a title, a recap).
pub(crate) fn structured_turn(
    side_thread: String,
    text: String,
    schema: serde_json::Value,
) -> TurnStartParams {
    TurnStartParams {
        thread_id: side_thread,
        input: vec![UserInput::text(text)],
        overrides: TurnOverrides {
            output_schema: Some(schema),
            ..TurnOverrides::default()
        },
    }
}

/// The side thread started (or not): its one turn asks for the title.
pub(crate) fn side_thread_started(
    state: &mut Session,
    main_thread: String,
    prompt: String,
    answer: Answer<ThreadStartResponse>,
) -> Vec<Effect> {
    let job = state
        .titles
        .job
        .as_mut()
        .filter(|j| j.main_thread == main_thread);
    match (answer, job) {
        (Ok(response), Some(job)) => {
            let side = response.thread.id;
            job.side_thread = Some(side.clone());
            let params = structured_turn(side, format!("{TITLE_PROMPT}{prompt}"), title_schema());
            vec![Effect::Request(ClientRequest::TitleTurn {
                params,
                main_thread,
            })]
        }
        (answer, _) => {
            if let Err(e) = answer {
                tracing::debug!("no title side thread: {e}");
            }
            state.titles.job = None;
            vec![]
        }
    }
}

/// The side thread's turn was refused: no title this time.
pub(crate) fn title_turn_answered(
    state: &mut Session,
    side_thread: &str,
    answer: Answer<()>,
) -> Vec<Effect> {
    let Err(e) = answer else {
        return vec![];
    };
    tracing::debug!("the title turn was refused: {e}");
    state.titles.job = None;
    unsubscribe(side_thread)
}

/// `thread/name/set` for a name tern gave: the thread on screen shows it, or nothing is said.
pub(crate) fn auto_named(state: &mut Session, thread_id: &str, name: String, answer: Answer<()>) {
    match answer {
        Ok(()) => named(state, thread_id, Some(name)),
        Err(e) => tracing::debug!("naming {thread_id} failed: {e}"),
    }
}

pub(crate) fn unsubscribe(side: &str) -> Vec<Effect> {
    vec![Effect::Request(ClientRequest::Unsubscribe(
        ThreadIdParams {
            thread_id: side.to_string(),
        },
    ))]
}

/// A notification for the side thread: taken here (`Some`), whatever it is.
pub(crate) fn on_side_notification(state: &mut Session, n: &N) -> Option<Vec<Effect>> {
    let job = state.titles.job.as_mut()?;
    let side = job.side_thread.clone()?;
    if n.thread_id() != Some(side.as_str()) {
        return None;
    }
    match n {
        N::ItemCompleted(i) => {
            if let ThreadItem::AgentMessage { text, .. } = &i.item {
                job.title = parse_title(text);
            }
            Some(vec![])
        }
        N::TurnCompleted(_) => {
            let mut effects = unsubscribe(&side);
            if job.title.is_none() {
                state.titles.job = None;
            } else {
                effects.extend(name_when_ready(state));
            }
            Some(effects)
        }
        _ => Some(vec![]),
    }
}

/// A turn of the thread on screen ended: the title can be set now, if it came.
pub(crate) fn main_turn_ended(state: &mut Session) -> Vec<Effect> {
    let Some(job) = &mut state.titles.job else {
        return vec![];
    };
    if state.shown.thread.as_ref().map(|t| t.id.as_str()) != Some(job.main_thread.as_str()) {
        state.titles.job = None;
        return vec![];
    }
    job.main_turn_done = true;
    name_when_ready(state)
}

fn name_when_ready(state: &mut Session) -> Vec<Effect> {
    let Some(job) = &state.titles.job else {
        return vec![];
    };
    let (Some(title), true) = (&job.title, job.main_turn_done) else {
        return vec![];
    };
    let params = ThreadSetNameParams {
        thread_id: job.main_thread.clone(),
        name: title.clone(),
    };
    state.titles.job = None;
    vec![Effect::Request(ClientRequest::AutoName(params))]
}

/// `thread/name/updated`, or our own name set: the thread on screen's name.
pub(crate) fn named(state: &mut Session, thread_id: &str, name: Option<String>) {
    if state.thread_id() != Some(thread_id) {
        state.titles.name_other(thread_id, name);
        return;
    }
    state.titles.current = name
        .filter(|n| !n.trim().is_empty())
        .map(|n| (thread_id.to_string(), n));
    state.titles.untitled = None;
}

/// The title in the side turn's answer (`{"title": …}`), made one plain line of at most
/// [`TITLE_MAX`] characters: no control characters, no line breaks.
pub fn parse_title(answer: &str) -> Option<String> {
    let title = one_line(&crate::protocol::TitleAnswer::from_message(answer)?.title);
    let title = title.trim_end_matches(['.', '!', '?', '"', '\'']).trim();
    (!title.is_empty()).then(|| clamp(title, TITLE_MAX))
}

/// Text as one line: escape sequences and control characters dropped (the one sanitiser),
/// runs of white space one space.
pub(crate) fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if matches!(c, '\n' | '\r') { ' ' } else { c })
        .collect();
    crate::text::sanitize::sanitize_line(&flat)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn clamp(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut = cut.trim_end().to_string();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_one_short_plain_line() {
        assert_eq!(
            parse_title(r#"{"title": "Fix login redirect loop"}"#).as_deref(),
            Some("Fix login redirect loop")
        );
        assert_eq!(
            parse_title("{\"title\": \"evil\\u001b]0;pwned\\u0007\\nline2.\"}").as_deref(),
            Some("evil line2")
        );
        let long = parse_title(&format!(r#"{{"title": "{}"}}"#, "word ".repeat(20))).unwrap();
        assert!(long.chars().count() <= TITLE_MAX, "{long}");
        assert!(long.ends_with('…'));
        assert_eq!(parse_title("not json"), None);
        assert_eq!(parse_title(r#"{"title": "  "}"#), None);
    }
}
