//! What the next turn runs with: the model, reasoning effort, approval policy and sandbox the
//! server reported for the thread, what the person chose with `/model` and `/approvals` (sent as
//! `turn/start` overrides, which last for the thread's later turns too), and the rate limits
//! the server reported, for `/status` and the welcome screen.

use super::state::Session;
use crate::protocol::{
    approval_name, sandbox_name, RateLimitSnapshot, ThreadStartResponse, TurnOverrides,
};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnSettings {
    /// From the `thread/start`, `thread/resume` or `thread/fork` answer.
    pub reported_approval: Option<String>,
    pub reported_sandbox: Option<String>,
    pub reported_effort: Option<String>,
    /// What the person chose; sent with every `turn/start` from then on.
    pub chosen: TurnOverrides,
    /// The sandbox chosen with `/approvals`, by its flag name (the override carries the object).
    pub chosen_sandbox: Option<String>,
    /// From `account/rateLimits/updated`, merged: a rolling update leaves out what it does not
    /// know.
    pub rate_limits: Option<RateLimitSnapshot>,
}

impl TurnSettings {
    pub fn merge_rate_limits(&mut self, update: RateLimitSnapshot) {
        let old = self.rate_limits.take().unwrap_or_default();
        self.rate_limits = Some(RateLimitSnapshot {
            limit_name: update.limit_name.or(old.limit_name),
            primary: update.primary.or(old.primary),
            secondary: update.secondary.or(old.secondary),
        });
    }
}

/// A thread was opened: remember what it runs with.
pub fn reported(state: &mut Session, response: &ThreadStartResponse) {
    let settings = &mut state.turn_settings;
    settings.reported_approval = approval_name(&response.approval_policy);
    settings.reported_sandbox = sandbox_name(&response.sandbox);
    settings.reported_effort = response.reasoning_effort.clone();
}

/// The model the next turn uses.
pub fn model(state: &Session) -> Option<String> {
    state
        .turn_settings
        .chosen
        .model
        .clone()
        .or_else(|| state.thread.as_ref().map(|t| t.model.clone()))
        .or_else(|| state.config.settings.model.clone())
        .filter(|m| !m.is_empty())
}

/// The reasoning effort of the next turn, when known.
pub fn effort(state: &Session) -> Option<String> {
    let s = &state.turn_settings;
    s.chosen
        .effort
        .clone()
        .or_else(|| s.reported_effort.clone())
}

pub fn approval(state: &Session) -> Option<String> {
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
