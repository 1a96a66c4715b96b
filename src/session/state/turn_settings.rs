//! What the next turn runs with, as data: what the server reported for the thread, what the
//! person chose with `/model` and `/approvals`, and the rate limits (the session's
//! `turn_settings` answers the questions about them).

use crate::protocol::{RateLimitSnapshot, TurnOverrides};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnSettings {
    /// From the `thread/start`, `thread/resume` or `thread/fork` answer.
    pub reported_approval: Option<String>,
    pub reported_sandbox: Option<String>,
    pub reported_effort: Option<String>,
    /// Who reviews approvals: `user` or `auto_review`.
    pub(crate) reported_reviewer: Option<String>,
    /// What the person chose; sent with every `turn/start` from then on.
    pub chosen: TurnOverrides,
    /// The sandbox chosen with `/approvals`, by its flag name (the override carries the object).
    pub chosen_sandbox: Option<String>,
    /// From `account/rateLimits/updated`, merged: a rolling update leaves out what it does not
    /// know.
    pub rate_limits: Option<RateLimitSnapshot>,
}

impl TurnSettings {
    pub(crate) fn merge_rate_limits(&mut self, update: RateLimitSnapshot) {
        let old = self.rate_limits.take().unwrap_or_default();
        self.rate_limits = Some(RateLimitSnapshot {
            limit_name: update.limit_name.or(old.limit_name),
            primary: update.primary.or(old.primary),
            secondary: update.secondary.or(old.secondary),
        });
    }
}
