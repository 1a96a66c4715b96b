//! What the next turn runs with: the model, reasoning effort, approval policy and sandbox the
//! server reported for the thread, what the person chose with `/model` and `/approvals` (sent as
//! `turn/start` overrides, which last for the thread's later turns too), and the rate limits
//! the server reported, for `/status` and the welcome screen.

use crate::protocol::{approval_name, sandbox_name, ThreadStartResponse};
use crate::session::state::Session;

/// A thread was opened: remember what it runs with.
pub(crate) fn reported(state: &mut Session, response: &ThreadStartResponse) {
    let settings = &mut state.turn_settings;
    settings.reported_approval = approval_name(&response.approval_policy);
    settings.reported_sandbox = sandbox_name(&response.sandbox);
    settings.reported_effort = response.reasoning_effort.clone();
    settings.reported_reviewer = response.approvals_reviewer.clone();
}

/// Who reviews the next turn's approvals: `user` (the person) or `auto_review`.
pub(crate) fn reviewer(state: &Session) -> String {
    let s = &state.turn_settings;
    s.chosen
        .approvals_reviewer
        .clone()
        .or_else(|| s.reported_reviewer.clone())
        .unwrap_or_else(|| "user".into())
}

/// The model the next turn uses.
pub(crate) fn model(state: &Session) -> Option<String> {
    state
        .turn_settings
        .chosen
        .model
        .clone()
        .or_else(|| state.shown.thread.as_ref().map(|t| t.model.clone()))
        .or_else(|| state.config.settings.model.clone())
        .filter(|m| !m.is_empty())
}

/// The reasoning effort of the next turn, when known.
pub(crate) fn effort(state: &Session) -> Option<String> {
    let s = &state.turn_settings;
    s.chosen
        .effort
        .clone()
        .or_else(|| s.reported_effort.clone())
}

pub(crate) fn approval(state: &Session) -> Option<String> {
    let s = &state.turn_settings;
    s.chosen
        .approval_policy
        .clone()
        .or_else(|| s.reported_approval.clone())
        .or_else(|| state.config.settings.approval_policy.clone())
}

pub fn sandbox(state: &Session) -> Option<String> {
    let s = &state.turn_settings;
    s.chosen_sandbox
        .clone()
        .or_else(|| s.reported_sandbox.clone())
        .or_else(|| state.config.settings.sandbox.clone())
}
