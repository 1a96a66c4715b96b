//! `/usage`: the account's token activity (`account/usage/read`: the summary, by day, and the
//! shown thread's estimate by model) and every metered limit with the reset credits left
//! (`account/rateLimits/read`), and a reset of the usage limits (`account/rateLimitResetCredit/
//! consume`) after `y`, which spends one reset credit. codex serves all of it only to a ChatGPT
//! sign-in (like the official TUI, which offers `/usage` only then): signed in otherwise, `/usage`
//! says so and asks nothing.

use crate::model::NoticeLevel;
use crate::protocol::{Account, AccountLimitsResponse, UsageResponse};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::account_tools::Asked;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use serde_json::Value;
use std::collections::BTreeMap;

/// Why `/usage` has nothing to show for this sign-in, when tern knows it has not.
pub(crate) fn unavailable(state: &Session) -> Option<String> {
    let read = state.account.read.as_ref()?.as_ref().ok()?;
    match &read.account {
        Some(Account::Chatgpt { .. }) => None,
        Some(account) => Some(format!(
            "/usage needs a ChatGPT sign-in: codex is signed in {}, and keeps usage and limits only for ChatGPT plans. /login signs in with ChatGPT.",
            super::account::describe(account)
        )),
        None if read.requires_openai_auth => Some(
            "/usage needs a ChatGPT sign-in, and codex is signed out. /login signs in.".into(),
        ),
        None => Some(
            "/usage needs a ChatGPT sign-in: this session's model provider does not use one, so there is no usage or limit to read.".into(),
        ),
    }
}

/// `/usage` opened: the usage and the limits asked for.
pub(crate) fn read(state: &mut Session) -> Vec<Effect> {
    let usage = &mut state.account_tools.usage;
    usage.usage = Asked::Waiting;
    usage.limits = Asked::Waiting;
    vec![
        Effect::Request(ClientRequest::ReadUsage {
            thread_id: state.thread_id().map(str::to_string),
        }),
        Effect::Request(ClientRequest::ReadUsageLimits),
    ]
}

pub(crate) fn usage_answered(state: &mut Session, answer: Answer<UsageResponse>) {
    state.account_tools.usage.usage = asked(answer);
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

pub(crate) fn limits_answered(state: &mut Session, answer: Answer<AccountLimitsResponse>) {
    if let Ok(limits) = &answer {
        // The status line's limits follow the fresher read.
        state
            .turn_settings
            .merge_rate_limits(limits.rate_limits.clone());
    }
    state.account_tools.usage.limits = asked(answer);
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}

fn asked<T>(answer: Answer<T>) -> Asked<T> {
    match shown(answer) {
        Ok(answer) => Asked::Came(answer),
        Err(e) => Asked::Failed(e),
    }
}

/// The reset credits codex says are left (0 when unknown).
pub(crate) fn credits_left(state: &Session) -> i64 {
    state
        .account_tools
        .usage
        .limits
        .came()
        .and_then(|l| l.rate_limit_reset_credits.as_ref())
        .map_or(0, |c| c.available_count)
}

/// `y` on the reset: one credit spent (the first listed available one, else codex's pick).
pub(crate) fn reset(state: &mut Session, now: std::time::Instant) -> Vec<Effect> {
    let usage = &mut state.account_tools.usage;
    if usage.resetting.is_some() {
        return vec![];
    }
    usage.resets_asked += 1;
    let key = format!(
        "tern-{}-{}",
        state.config.wall_clock.map_or(0, |c| c.unix_at(now)),
        usage.resets_asked
    );
    let credit_id = usage
        .limits
        .came()
        .and_then(|l| l.rate_limit_reset_credits.as_ref())
        .and_then(|c| c.credits.as_ref())
        .and_then(|list| list.iter().find(|c| c.status == "available"))
        .map(|c| c.id.clone());
    usage.resetting = Some(key.clone());
    vec![Effect::Request(ClientRequest::ConsumeResetCredit {
        key,
        credit_id,
    })]
}

/// The reset answered: said, and the limits read again.
pub(crate) fn reset_answered(
    state: &mut Session,
    answer: Answer<BTreeMap<String, Value>>,
) -> Vec<Effect> {
    state.account_tools.usage.resetting = None;
    let (level, text) = match shown(answer) {
        // `{outcome}`: "reset" | "nothingToReset" | "noCredit" | "alreadyRedeemed" (a newer
        // outcome is shown as it is).
        Ok(r) => match r.get("outcome").and_then(Value::as_str).unwrap_or("") {
            "reset" => (
                NoticeLevel::Info,
                "Usage limits reset: one reset credit spent.".to_string(),
            ),
            "nothingToReset" => (
                NoticeLevel::Info,
                "Nothing to reset: no usage limit is reached. No credit was spent.".to_string(),
            ),
            "noCredit" => (
                NoticeLevel::Warning,
                "No reset credit left: the limits stay as they are.".to_string(),
            ),
            "alreadyRedeemed" => (
                NoticeLevel::Info,
                "That reset credit was already spent; nothing more was spent.".to_string(),
            ),
            other => (
                NoticeLevel::Info,
                format!("The reset answered: {}", visible_line(other)),
            ),
        },
        Err(e) => (
            NoticeLevel::Warning,
            format!("Could not reset the usage limits: {}", visible_line(&e)),
        ),
    };
    state.shown.transcript.notice(level, text);
    state.account_tools.usage.limits = Asked::Waiting;
    state.layer_events.push(LayerEvent::AccountToolsChanged);
    vec![Effect::Request(ClientRequest::ReadUsageLimits)]
}
