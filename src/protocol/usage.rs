//! `/usage`: `account/usage/read` (token activity by day, and one thread's estimate by model),
//! `account/rateLimits/read` read whole (every metered limit and the reset credits), and
//! `account/rateLimitResetCredit/consume`, spelled as the pinned codex's `generate-ts` prints
//! them (`v2/GetAccountTokenUsageResponse.ts`, `v2/GetAccountRateLimitsResponse.ts`,
//! `v2/ConsumeAccountRateLimitResetCreditParams.ts`, …; the consume's answer, `{outcome}`, is
//! read as a map in `session::usage`). The schema's `bigint`s are JSON numbers.
//! All of it needs a ChatGPT sign-in: codex refuses it otherwise (-32600).

use super::session::RateLimitSnapshot;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub(crate) const ACCOUNT_USAGE_READ: &str = "account/usage/read";
pub(crate) const ACCOUNT_RATE_LIMIT_RESET_CONSUME: &str = "account/rateLimitResetCredit/consume";

/// `account/usage/read`'s answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsageResponse {
    #[serde(default)]
    pub(crate) summary: UsageSummary,
    #[serde(default)]
    pub(crate) daily_usage_buckets: Option<Vec<UsageDay>>,
    /// Only when a thread was asked for and its billing route is known.
    #[serde(default)]
    pub(crate) thread_usage: Option<ThreadUsage>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UsageSummary {
    #[serde(default)]
    pub lifetime_tokens: Option<i64>,
    #[serde(default)]
    pub peak_daily_tokens: Option<i64>,
    #[serde(default)]
    pub longest_running_turn_sec: Option<i64>,
    #[serde(default)]
    pub current_streak_days: Option<i64>,
    #[serde(default)]
    pub longest_streak_days: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UsageDay {
    /// `YYYY-MM-DD`, from the server: shown sanitised.
    #[serde(default)]
    pub start_date: String,
    #[serde(default)]
    pub tokens: i64,
}

/// One thread's estimated usage, by model, effort and speed (the schema's only breakdown).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ThreadUsage {
    #[serde(default)]
    pub thread_id: String,
    #[serde(default)]
    pub estimated_usage_credits_micros: i64,
    #[serde(default)]
    pub estimated_usage_usd_micros: Option<i64>,
    #[serde(default)]
    pub native_usage_usd_micros: Option<i64>,
    #[serde(default)]
    pub groups: Vec<UsageGroup>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UsageGroup {
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub reasoning_effort: Option<String>,
    #[serde(default)]
    pub speed: Option<String>,
    #[serde(default)]
    pub estimated_usage_credits_micros: i64,
    #[serde(default)]
    pub net_new_input_tokens: Option<i64>,
    #[serde(default)]
    pub cached_input_tokens: Option<i64>,
    #[serde(default)]
    pub input_tokens: Option<i64>,
    #[serde(default)]
    pub output_tokens: Option<i64>,
    #[serde(default)]
    pub total_tokens: Option<i64>,
}

/// `account/rateLimits/read` read whole, for `/usage` (`/status` reads only the snapshot).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountLimitsResponse {
    /// Null: unknown (never inferred from the percentages).
    #[serde(default)]
    pub(crate) ordinary_usage_allowed: Option<bool>,
    #[serde(default)]
    pub(crate) rate_limits: RateLimitSnapshot,
    #[serde(default)]
    pub(crate) rate_limits_by_limit_id: Option<BTreeMap<String, RateLimitSnapshot>>,
    #[serde(default)]
    pub(crate) rate_limit_reset_credits: Option<ResetCredits>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResetCredits {
    #[serde(default)]
    pub available_count: i64,
    /// Null: only the count is known. The backend may cap the list.
    #[serde(default)]
    pub credits: Option<Vec<ResetCredit>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResetCredit {
    #[serde(default)]
    pub id: String,
    /// "available" | "redeeming" | "redeemed" | "unknown".
    #[serde(default)]
    pub status: String,
    /// Unix seconds; null: it does not expire.
    #[serde(default)]
    pub expires_at: Option<i64>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
}
