//! A turn that meets a 401: codex retries its model requests ten times over about 13 s
//! (websocket, then HTTPS), warns that it falls back, marks the thread `systemError`, then fails
//! the turn. All of that becomes one line that says what is wrong and offers `/login`; the
//! person's message goes back into the composer; the next Enter opens the sign-in layer; and once
//! signed in, the failed turn is taken back (`thread/revert`) before the message goes out again,
//! so the model reads it once (research notes a, §19.6 and §20.7).
//!
//! A 401 is read from `codexErrorInfo` (`httpConnectionFailed` / `responseStreamDisconnected`
//! with `httpStatusCode: 401`), never from the message's wording.

use crate::model::{CellKind, NoticeLevel};
use crate::protocol::{ErrorNotification, ThreadRevertParams, Turn, TurnStatus};
use crate::session::effect::Effect;
use crate::session::request::ClientRequest;
use crate::session::state::account::RefusedTurn;
use crate::session::state::Session;

/// What the one line starts with, so it can be found and updated.
pub(crate) const REFUSED: &str = "Sign-in needed: ";

/// The one line's start when the model provider is not OpenAI's: no sign-in helps.
pub(crate) const REFUSED_BY_PROVIDER: &str = "Model provider refused: ";

/// An `error` notification. True when it was a 401, now said by the one line.
pub(crate) fn on_error(state: &mut Session, e: &ErrorNotification) -> bool {
    if !e.error.is_unauthorized() {
        return false;
    }
    let same_turn = state
        .account
        .refused
        .as_ref()
        .is_some_and(|r| r.turn_id == e.turn_id);
    // A provider that needs no OpenAI sign-in has its key in codex's config.
    let by_provider = state
        .account
        .known()
        .is_some_and(|read| !read.requires_openai_auth);
    if !same_turn {
        state.account.refused = Some(RefusedTurn {
            thread_id: e.thread_id.clone(),
            turn_id: e.turn_id.clone(),
            ended: false,
            revert: false,
            by_provider,
        });
    }
    if by_provider {
        let line = provider_line(state, e);
        set_line(state, line);
        return true;
    }
    let line = if e.will_retry {
        format!(
            "{REFUSED}codex's requests to the model are refused (401 Unauthorized); it retries \
             ({}). /login signs in.",
            e.error.message.trim_end_matches('.')
        )
    } else {
        if let Some(refused) = &mut state.account.refused {
            refused.ended = true;
            refused.revert = true;
        }
        let message_back = match give_message_back(state) {
            Back::Composer => {
                "; your message is back in the composer: once signed in, Enter sends it again."
            }
            Back::DraftKept => "; your draft is kept.",
            Back::Nothing => ".",
        };
        let reason = reason(&e.error.message);
        format!(
            "{REFUSED}codex's requests to the model were refused (401 Unauthorized{reason}). \
             /login signs in (Enter does too){message_back}"
        )
    };
    set_line(state, line);
    true
}

/// The one line when the model provider is not OpenAI's: where its key comes from, since
/// `/login` cannot help.
fn provider_line(state: &mut Session, e: &ErrorNotification) -> String {
    if e.will_retry {
        return format!(
            "{REFUSED_BY_PROVIDER}codex's requests get 401 Unauthorized; codex retries ({}).",
            e.error.message.trim_end_matches('.')
        );
    }
    if let Some(refused) = &mut state.account.refused {
        refused.ended = true;
        refused.revert = true;
    }
    let reason = reason(&e.error.message);
    let reason = reason.trim_end_matches('.');
    let message_back = match give_message_back(state) {
        Back::Composer => "; your message is back in the composer",
        Back::DraftKept => "; your draft is kept",
        Back::Nothing => "",
    };
    format!(
        "{REFUSED_BY_PROVIDER}codex's requests got 401 Unauthorized{reason}. Its key is not a sign-in: codex reads it as its config.toml says (the \
         provider's env_key), so set it there or in the environment and start tern again\
         {message_back}."
    )
}

/// The server's reason in `unexpected status 401 Unauthorized: <reason>, url: …`.
fn reason(message: &str) -> String {
    let after = message
        .split_once("Unauthorized:")
        .map(|(_, rest)| rest)
        .unwrap_or_default();
    let reason = after.split(", url:").next().unwrap_or_default().trim();
    if reason.is_empty() {
        String::new()
    } else {
        format!(": {reason}")
    }
}

/// Where the refused turn's message went.
enum Back {
    /// Into the composer, to send again.
    Composer,
    /// Something else was being written there: it stays.
    DraftKept,
    /// The turn had no message of the person's.
    Nothing,
}

/// The message of the refused turn goes back into the composer (unless something else is being
/// written there).
fn give_message_back(state: &mut Session) -> Back {
    let prompt = state
        .shown
        .transcript
        .cells()
        .iter()
        .rev()
        .find_map(|cell| match cell.kind() {
            CellKind::User { text } => Some(text.clone()),
            _ => None,
        });
    match prompt {
        Some(prompt) if state.composer.is_empty() => {
            state.composer.set_text(&prompt);
            Back::Composer
        }
        Some(_) => Back::DraftKept,
        None => Back::Nothing,
    }
}

/// Updates the newest refusal line of this turn, or adds it.
fn set_line(state: &mut Session, line: String) {
    let newest = state.shown.transcript.newest_mut(|kind| match kind {
        CellKind::User { .. } => true,
        CellKind::Notice { text, .. } => {
            text.starts_with(REFUSED) || text.starts_with(REFUSED_BY_PROVIDER)
        }
        _ => false,
    });
    if let Some(cell) = newest {
        if let CellKind::Notice { text, level } = cell.kind_mut() {
            *text = line;
            *level = NoticeLevel::Error;
            return;
        }
    }
    state.shown.transcript.notice(NoticeLevel::Error, line);
}

/// A refused turn of `thread_id` is on record: its noise (the websocket fallback warning, the
/// `systemError` status) is part of the one line.
pub(crate) fn is_refusing(state: &Session, thread_id: Option<&str>) -> bool {
    state
        .account
        .refused
        .as_ref()
        .is_some_and(|r| thread_id.is_none_or(|id| id == r.thread_id))
}

/// "Falling back from WebSockets to HTTPS transport. unexpected status 401 …" while refused.
pub(crate) fn swallows_warning(state: &Session, thread_id: Option<&str>, message: &str) -> bool {
    is_refusing(state, thread_id) && message.starts_with("Falling back from WebSockets")
}

/// A turn that failed with a 401 was explained by the one line already.
pub(crate) fn explains_failure(state: &Session, turn: &Turn) -> bool {
    turn.status == TurnStatus::Failed
        && (turn.error.as_ref().is_some_and(|e| e.is_unauthorized())
            || state
                .account
                .refused
                .as_ref()
                .is_some_and(|r| r.turn_id == turn.id))
}

/// Before the next turn goes out: a refused turn of this thread is taken back first
/// (`thread/revert`), and the turn waits for that answer. `None`: nothing to take back.
pub(crate) fn revert_first(state: &mut Session) -> Option<Vec<Effect>> {
    let thread_id = state.thread_id()?.to_string();
    let refused = state.account.refused.as_mut()?;
    if !refused.revert || state.outbox.queued.is_empty() {
        return None;
    }
    if refused.thread_id != thread_id {
        // Another thread now: the refused one stays as it is.
        state.account.refused = None;
        return None;
    }
    refused.revert = false;
    let before_turn_id = refused.turn_id.clone();
    state.account.reverting = true;
    Some(vec![Effect::Request(ClientRequest::RevertFailedTurn(
        ThreadRevertParams {
            thread_id,
            before_turn_id,
        },
    ))])
}
