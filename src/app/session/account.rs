//! Sign-in, as the session sees it: `account/read` after `initialize` (and after every change),
//! the answers to the sign-in layer's requests (posted to it as `LayerEvent`s), `/logout`, the
//! rate limits `/status` asks for, and the gate that keeps prompts back while codex is not
//! signed in. A sign-in or sign-out is told in the transcript once `account/read` says who.

use super::gate::needs_sign_in;
use super::outbox;
use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, RequestTag};
use crate::app::request::ClientRequest;
use crate::app::state::Session;
use crate::model::NoticeLevel;
use crate::protocol::{
    Account, AccountUpdatedNotification, GetAccountParams, GetAccountResponse,
    LoginCompletedNotification, LoginResponse, RateLimitsResponse,
};
use serde_json::Value;
use std::time::Instant;

/// Asks who is signed in.
pub fn read(state: &mut Session) -> Vec<Effect> {
    state.account.reading = true;
    vec![Effect::Request(ClientRequest::ReadAccount(
        GetAccountParams {
            refresh_token: false,
        },
    ))]
}

/// `/logout`: codex forgets its stored sign-in.
pub fn logout(state: &mut Session) -> Vec<Effect> {
    state.account.announce = true;
    // Signed out on purpose: the sign-in layer waits for /login or the next prompt.
    state.account.offered = true;
    vec![Effect::Request(ClientRequest::Logout)]
}

/// Answers to the requests of this module and of the sign-in layer. `None` for other tags.
pub fn on_response(
    state: &mut Session,
    tag: &RequestTag,
    result: &Result<Value, String>,
    now: Instant,
) -> Option<Vec<Effect>> {
    Some(match tag {
        RequestTag::ReadAccount => read_answered(state, result.clone(), now),
        RequestTag::Login(kind) => {
            let parsed = result.clone().and_then(|v| {
                serde_json::from_value::<LoginResponse>(v).map_err(|e| e.to_string())
            });
            state.layer_events.push(LayerEvent::LoginAnswered {
                kind: *kind,
                result: parsed,
            });
            vec![]
        }
        RequestTag::CancelLogin => {
            if let Err(e) = result {
                tracing::info!("account/login/cancel: {e}");
            }
            vec![]
        }
        RequestTag::Logout => match result {
            Ok(_) => read(state),
            Err(e) => {
                state.account.announce = false;
                state
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not sign out: {e}"));
                vec![]
            }
        },
        RequestTag::RevertFailedTurn => {
            state.account.reverting = false;
            state.account.refused = None;
            if let Err(e) = result {
                // A thread that cannot be reverted (an older kind) keeps the refused turn's
                // message: the model will see it twice, no worse than that.
                tracing::info!("thread/revert of the refused turn: {e}");
            }
            outbox::send_next(state, now)
        }
        RequestTag::ReadRateLimits => {
            match result
                .clone()
                .map(serde_json::from_value::<RateLimitsResponse>)
            {
                Ok(Ok(limits)) => state.turn_settings.merge_rate_limits(limits.rate_limits),
                // Only a ChatGPT sign-in has limits to read: the others are refused.
                Ok(Err(e)) => tracing::info!("account/rateLimits/read unreadable: {e}"),
                Err(e) => tracing::info!("account/rateLimits/read: {e}"),
            }
            vec![]
        }
        _ => return None,
    })
}

fn read_answered(state: &mut Session, result: Result<Value, String>, now: Instant) -> Vec<Effect> {
    state.account.reading = false;
    let parsed = result
        .and_then(|v| serde_json::from_value::<GetAccountResponse>(v).map_err(|e| e.to_string()));
    if let Err(e) = &parsed {
        // A server without `account/read` (an older or a stand-in one) simply has no sign-in to
        // speak of; any other failure is said, and /login and /logout still work.
        if !e.contains("(code -32601)") {
            state.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "codex could not say who is signed in ({e}); /login and /logout still work."
                ),
            );
        }
    }
    state.account.read = Some(parsed);
    if std::mem::take(&mut state.account.announce) {
        announce(state);
    }
    if needs_sign_in(state) && !state.account.offered {
        state.account.offered = true;
        state.layer_events.push(LayerEvent::SignInWanted);
    }
    state.layer_events.push(LayerEvent::AccountChanged);
    outbox::send_next(state, now)
}

/// Says who is signed in now, after a sign-in or a sign-out.
fn announce(state: &mut Session) {
    let text = match &state.account.read {
        Some(Ok(read)) => match &read.account {
            Some(account) => format!("Signed in {}.", describe(account)),
            None if read.requires_openai_auth => {
                "Signed out of codex. /login signs in again.".to_string()
            }
            None => "codex has no OpenAI sign-in now; this session's model provider does not \
                     need one."
                .to_string(),
        },
        Some(Err(e)) => format!("codex could not say who is signed in now: {e}"),
        None => return,
    };
    state.transcript.notice(NoticeLevel::Info, text);
}

/// How an account reads in a sentence: "with an API key", "with ChatGPT as a@b.c (Plus plan)".
pub fn describe(account: &Account) -> String {
    match account {
        Account::ApiKey => "with an API key".to_string(),
        Account::Chatgpt {
            email, plan_type, ..
        } => {
            let mut text = "with ChatGPT".to_string();
            if let Some(email) = email.as_deref().filter(|e| !e.is_empty()) {
                text.push_str(&format!(" as {email}"));
            }
            if let Some(plan) = plan_type.as_deref().filter(|p| *p != "unknown") {
                text.push_str(&format!(" ({} plan)", plan_name(plan)));
            }
            text
        }
        Account::AmazonBedrock => "with Amazon Bedrock".to_string(),
        Account::Gcp => "with Google Cloud".to_string(),
        Account::Other => "(an account kind tern does not know)".to_string(),
    }
}

/// `plus` → `Plus`, `self_serve_business_prolite` → `Self serve business prolite`.
pub fn plan_name(plan: &str) -> String {
    let words = plan.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `account/login/completed`: the sign-in layer hears it; a success is read back.
pub fn login_completed(state: &mut Session, n: LoginCompletedNotification) -> Vec<Effect> {
    let success = n.success;
    state.layer_events.push(LayerEvent::LoginCompleted(n));
    if !success {
        return vec![];
    }
    state.account.announce = true;
    // Signed in: a refused turn no longer holds prompts back (it is still taken back first).
    if let Some(refused) = &mut state.account.refused {
        refused.ended = false;
    }
    read(state)
}

/// `account/updated`: the sign-in changed (here or in another client); read who it is now.
pub fn updated(state: &mut Session, n: AccountUpdatedNotification) -> Vec<Effect> {
    state.account.updated = Some(n);
    if state.account.reading {
        return vec![];
    }
    read(state)
}
