//! Sign-in, as the session sees it: `account/read` after `initialize` (and after every change),
//! the answers to the sign-in layer's requests (posted to it as `LayerEvent`s), `/logout`, the
//! rate limits `/status` asks for, and the gate that keeps prompts back while codex is not
//! signed in. A sign-in or sign-out is told in the transcript once `account/read` says who.

use super::gate::needs_sign_in;
use super::outbox;
use crate::model::NoticeLevel;
use crate::protocol::{
    Account, AccountUpdatedNotification, GetAccountParams, GetAccountResponse,
    LoginCompletedNotification, LoginKind, LoginResponse, RateLimitsResponse,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use std::time::Instant;

/// Asks who is signed in.
pub(crate) fn read(state: &mut Session) -> Vec<Effect> {
    state.account.reading = true;
    vec![Effect::Request(ClientRequest::ReadAccount(
        GetAccountParams {
            refresh_token: false,
        },
    ))]
}

/// `/logout`: codex forgets its stored sign-in.
pub(crate) fn logout(state: &mut Session) -> Vec<Effect> {
    state.account.announce = true;
    // Signed out on purpose: the sign-in layer waits for /login or the next prompt.
    state.account.offered = true;
    vec![Effect::Request(ClientRequest::Logout)]
}

/// `account/read` answered: kept; a sign-in or sign-out is told; the sign-in layer opens the
/// first time it is needed; turns held for it may go.
pub(crate) fn read_answered(
    state: &mut Session,
    answer: Answer<GetAccountResponse>,
    now: Instant,
) -> Vec<Effect> {
    state.account.reading = false;
    if let Err(e) = &answer {
        // A server without `account/read` (an older or a stand-in one) simply has no sign-in to
        // speak of; any other failure is said, and /login and /logout still work.
        if !e.to_string().contains("(code -32601)") {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!(
                    "codex could not say who is signed in ({e}); /login and /logout still work."
                ),
            );
        }
    }
    state.account.read = Some(shown(answer));
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

/// `account/login/start` answered: the sign-in layer shows the link or the code, or why not.
pub(crate) fn login_answered(
    state: &mut Session,
    kind: LoginKind,
    answer: Answer<LoginResponse>,
) -> Vec<Effect> {
    state.layer_events.push(LayerEvent::LoginAnswered {
        kind,
        result: shown(answer),
    });
    vec![]
}

/// `account/login/cancel` answered: nothing to show (the login's completion follows).
pub(crate) fn cancel_answered(answer: Answer<()>) -> Vec<Effect> {
    if let Err(e) = answer {
        tracing::info!("account/login/cancel: {e}");
    }
    vec![]
}

/// `account/logout` answered: read who is signed in now (none), or say why not.
pub(crate) fn logout_answered(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    match answer {
        Ok(()) => read(state),
        Err(e) => {
            state.account.announce = false;
            state
                .shown
                .transcript
                .notice(NoticeLevel::Error, format!("Could not sign out: {e}"));
            vec![]
        }
    }
}

/// `thread/revert` of a refused turn answered: the held message goes out now.
pub(crate) fn revert_answered(
    state: &mut Session,
    answer: Answer<()>,
    now: Instant,
) -> Vec<Effect> {
    state.account.reverting = false;
    state.account.refused = None;
    if let Err(e) = answer {
        // A thread that cannot be reverted (an older kind) keeps the refused turn's message:
        // the model will see it twice, no worse than that.
        tracing::info!("thread/revert of the refused turn: {e}");
    }
    outbox::send_next(state, now)
}

/// `account/rateLimits/read` answered (only a ChatGPT sign-in has limits; others are refused).
pub(crate) fn limits_answered(
    state: &mut Session,
    answer: Answer<RateLimitsResponse>,
) -> Vec<Effect> {
    match answer {
        Ok(limits) => state.turn_settings.merge_rate_limits(limits.rate_limits),
        Err(e) => tracing::info!("account/rateLimits/read: {e}"),
    }
    vec![]
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
    state.shown.transcript.notice(NoticeLevel::Info, text);
}

/// How an account reads in a sentence: "with an API key", "with ChatGPT as a@b.c (Plus plan)".
pub(crate) fn describe(account: &Account) -> String {
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
pub(crate) fn plan_name(plan: &str) -> String {
    let words = plan.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `account/login/completed`: the sign-in layer hears it; a success is read back.
pub(crate) fn login_completed(state: &mut Session, n: LoginCompletedNotification) -> Vec<Effect> {
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
pub(crate) fn updated(state: &mut Session, n: AccountUpdatedNotification) -> Vec<Effect> {
    state.account.updated = Some(n);
    if state.account.reading {
        return vec![];
    }
    read(state)
}
