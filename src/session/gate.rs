//! Whether prompts may go out: codex must be signed in when its provider needs it, and a
//! refused turn is taken back first. Predicates only, read by the outbox, the sign-in flow and
//! the status line.

use crate::protocol::GetAccountResponse;
use crate::session::state::Session;

/// codex needs a sign-in before a turn can work: its provider needs one and there is none, or
/// a turn was just refused (401). Never while its config file is broken: codex then answers
/// with its defaults, which always need one.
pub(crate) fn needs_sign_in(state: &Session) -> bool {
    if state.first_run.config_warning.is_some() {
        return false;
    }
    if state
        .account
        .refused
        .as_ref()
        .is_some_and(|r| r.ended && !r.by_provider)
    {
        return true;
    }
    state
        .account
        .known()
        .is_some_and(GetAccountResponse::needs_sign_in)
}

/// Turns wait: sign-in is needed, or a refused turn is being taken back. (Not for the first
/// `account/read`: a server that never answers it must not hold prompts forever, and a prompt
/// sent before it answers meets the 401 path at worst.)
pub(crate) fn holds_turns(state: &Session) -> bool {
    needs_sign_in(state) || state.account.reverting
}
