#![allow(dead_code)] // the pure and screen tests use it; the bench binary includes `support` too
//! Answers for `/usage`, `/import` and `/rc` built from codex 0.171's schema
//! (`generate-ts --experimental`), shaped like what the real server sent where it could be
//! recorded (`/work/briefs/s5/notes-account.md`), with `evil` putting escape sequences, bidi
//! controls and carriage returns in every string that is shown.

use serde_json::{json, Value};
use tern::app::{AppEvent, RequestTag};

use super::common::reply;

pub const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31m\u{202e}x\u{9b}1m\r";

pub fn hostile(evil: bool) -> impl Fn(&str) -> String {
    move |s: &str| {
        if evil {
            format!("{s}{EVIL}")
        } else {
            s.to_string()
        }
    }
}

pub fn no_escapes(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{text:?}"
    );
}

/// `account/read` signed in with ChatGPT (`chatgpt`), an API key, or with no OpenAI sign-in
/// (a provider that needs none, as with the mock).
pub fn account(kind: &str) -> AppEvent {
    let account = match kind {
        "chatgpt" => json!({"type": "chatgpt", "email": "a@b.c", "planType": "plus"}),
        "apikey" => json!({"type": "apiKey"}),
        _ => Value::Null,
    };
    reply(
        RequestTag::ReadAccount,
        Ok(json!({"account": account, "requiresOpenaiAuth": !account.is_null()})),
    )
}

pub fn usage_answer(evil: bool) -> Value {
    let e = hostile(evil);
    json!({
        "summary": {"lifetimeTokens": 123_456_789, "peakDailyTokens": 2_400_000,
                    "longestRunningTurnSec": 1260, "currentStreakDays": 4, "longestStreakDays": 19},
        "dailyUsageBuckets": [
            {"startDate": e("2026-12-07"), "tokens": 1_200_000},
            {"startDate": "2026-12-06", "tokens": 2_400_000},
            {"startDate": "2026-12-05", "tokens": 300_000},
        ],
        "threadUsage": {"threadId": "thread-1", "estimatedUsageCreditsMicros": 1_250_000,
            "estimatedUsageUsdMicros": 450_000, "nativeUsageUsdMicros": null,
            "groups": [{"model": e("gpt-5.5-codex-with-a-very-long-model-name-that-goes-on-and-on-and-on"),
                        "reasoningEffort": e("high"), "speed": "fast",
                        "estimatedUsageCreditsMicros": 1_000_000, "netNewInputTokens": 9_000,
                        "cachedInputTokens": 40_000, "inputTokens": 49_000,
                        "outputTokens": 3_200, "totalTokens": 52_200}]},
        "someFieldOfTomorrow": 1,
    })
}

pub fn limits_answer(evil: bool) -> Value {
    let e = hostile(evil);
    let snapshot = |name: &str, used: f64| {
        json!({"limitId": "codex", "limitName": name, "normalModelSlug": null,
               "primary": {"usedPercent": used, "windowDurationMins": 300, "resetsAt": null},
               "secondary": {"usedPercent": 12.0, "windowDurationMins": 10080, "resetsAt": null},
               "credits": null, "individualLimit": null, "spendControlReached": null,
               "planType": "plus", "rateLimitReachedType": null})
    };
    json!({
        "ordinaryUsageAllowed": false,
        "rateLimits": snapshot("codex", 100.0),
        "rateLimitsByLimitId": {"codex": snapshot(&e("codex"), 100.0),
                                "codex_other": snapshot("other", 35.0)},
        "rateLimitResetCredits": {"availableCount": 2, "credits": [
            {"id": "credit-1", "resetType": "codexRateLimits", "status": "available",
             "grantedAt": 1_796_000_000, "expiresAt": null, "title": e("Welcome reset"),
             "description": e("One free reset of your limits")}]},
        "accountId": "acct", "rateLimitUpsell": null,
    })
}

pub fn usage_events(evil: bool) -> [AppEvent; 2] {
    [
        reply(RequestTag::ReadUsage, Ok(usage_answer(evil))),
        reply(RequestTag::ReadUsageLimits, Ok(limits_answer(evil))),
    ]
}

/// What 0.171 detected for a home `~/.claude/` (settings, CLAUDE.md, a skill, a chat) and a
/// project CLAUDE.md, as recorded, plus the kinds the mock setup did not hold.
pub fn detect_answer(evil: bool) -> Value {
    let e = hostile(evil);
    let none = json!({"plugins": [], "skills": [], "sessions": [], "mcpServers": [], "hooks": [],
                      "subagents": [], "commands": []});
    let mut skills = none.clone();
    skills["skills"] = json!([{"name": e("foo")}]);
    let mut sessions = none.clone();
    sessions["sessions"] = json!([{"path": "/h/.claude/projects/-w/abc.jsonl", "cwd": e("/w"),
                                   "title": e("hello there")}]);
    let mut mcp = none.clone();
    mcp["mcpServers"] = json!([{"name": e("github")}, {"name": "linear"}]);
    mcp["hooks"] = json!([{"name": "PreToolUse"}]);
    json!({"items": [
        {"itemType": "CONFIG", "description": e("Migrate /h/.claude/settings.json into /h/.codex/config.toml"), "cwd": null, "details": null},
        {"itemType": "SKILLS", "description": "Migrate skills from /h/.claude/skills to /h/.agents/skills", "cwd": null, "details": skills},
        {"itemType": "AGENTS_MD", "description": "Migrate /h/.claude/CLAUDE.md to /h/.codex/AGENTS.md", "cwd": null, "details": null},
        {"itemType": "SESSIONS", "description": "Migrate recent sessions from /h/.claude/projects", "cwd": null, "details": sessions},
        {"itemType": "MCP_SERVER_CONFIG", "description": "Migrate MCP servers and hooks", "cwd": e("/w"), "details": mcp},
        {"itemType": "AGENTS_MD", "description": "Migrate /w/CLAUDE.md to /w/AGENTS.md", "cwd": "/w", "details": null},
    ], "connectors": [{"name": e("Slack"), "sessionCount": 3, "source": "sessionToolUse"}]})
}

pub fn import_result(kind: &str, source: &str, target: &str, title: Option<&str>) -> Value {
    json!({"itemType": kind, "successes": [{"itemType": kind, "cwd": null, "source": source,
           "target": target, "title": title}], "failures": []})
}

pub fn import_failure(kind: &str, message: &str) -> Value {
    json!({"itemType": kind, "successes": [], "failures": [{"itemType": kind, "errorType": null,
           "subErrorType": null, "failureStage": "write", "message": message, "cwd": null,
           "source": "/h/.claude/settings.json"}]})
}

pub fn rc_status(status: &str, environment: Option<&str>) -> Value {
    json!({"status": status, "serverName": "vm", "installationId": "inst-1",
           "environmentId": environment})
}

pub fn rc_clients(evil: bool) -> Value {
    let e = hostile(evil);
    json!({"data": [
        {"clientId": "client-1", "displayName": e("Pixel 9"), "deviceType": "phone",
         "platform": e("android"), "osVersion": "16", "deviceModel": null, "appVersion": "1.2.3",
         "lastSeenAt": null},
        {"clientId": e("client-2"), "displayName": null, "deviceType": "browser",
         "platform": "web", "osVersion": null, "deviceModel": null, "appVersion": null,
         "lastSeenAt": null},
    ], "nextCursor": null})
}
