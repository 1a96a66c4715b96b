//! Sign-in: `account/read`, `account/login/start` (an API key, ChatGPT in a browser, or a device
//! code), `account/login/cancel`, `account/logout`, `account/rateLimits/read`, and the
//! notifications `account/login/completed` and `account/updated`, spelled as the pinned codex's
//! `generate-ts` prints them (`v2/GetAccountResponse.ts`, `v2/LoginAccountParams.ts`, …).
//!
//! The API key is an [`ApiKey`]: its `Debug` never shows it, so no log line, panic message or
//! test failure that prints a request can carry it.

use serde::{Deserialize, Serialize};
use std::fmt;

pub(crate) const ACCOUNT_READ: &str = "account/read";
pub(crate) const ACCOUNT_LOGIN_START: &str = "account/login/start";
pub(crate) const ACCOUNT_LOGIN_CANCEL: &str = "account/login/cancel";
pub(crate) const ACCOUNT_LOGOUT: &str = "account/logout";
pub(crate) const ACCOUNT_RATE_LIMITS_READ: &str = "account/rateLimits/read";

/// An OpenAI API key on its way to the server. Shown nowhere: `Debug` prints `ApiKey([redacted])`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> ApiKey {
        ApiKey(key.into())
    }

    /// The key itself, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey([redacted])")
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GetAccountParams {
    pub refresh_token: bool,
}

/// `account/read`: who is signed in, and whether the model provider needs an OpenAI sign-in at
/// all (a custom `model_provider` with its own key does not).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GetAccountResponse {
    #[serde(default)]
    pub account: Option<Account>,
    #[serde(default)]
    pub requires_openai_auth: bool,
}

impl GetAccountResponse {
    /// The provider needs an OpenAI sign-in and there is none.
    pub(crate) fn needs_sign_in(&self) -> bool {
        self.requires_openai_auth && self.account.is_none()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Account {
    ApiKey,
    #[serde(rename_all = "camelCase")]
    Chatgpt {
        #[serde(default)]
        email: Option<String>,
        /// `PlanType`: "free" | "plus" | "pro" | "team" | "business" | "enterprise" | … | "unknown".
        #[serde(default)]
        plan_type: Option<String>,
        #[serde(default)]
        workspace_name: Option<String>,
    },
    AmazonBedrock,
    Gcp,
    /// A kind this tern does not know yet.
    #[serde(other)]
    Other,
}

/// `account/login/start`'s params (the kinds tern offers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum LoginParams {
    #[serde(rename_all = "camelCase")]
    ApiKey {
        api_key: ApiKey,
    },
    Chatgpt,
    ChatgptDeviceCode,
}

impl LoginParams {
    /// What kind of sign-in this is, for the answer's tag.
    pub fn kind(&self) -> LoginKind {
        match self {
            LoginParams::ApiKey { .. } => LoginKind::ApiKey,
            LoginParams::Chatgpt => LoginKind::Browser,
            LoginParams::ChatgptDeviceCode => LoginKind::DeviceCode,
        }
    }
}

/// The three ways in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginKind {
    Browser,
    DeviceCode,
    ApiKey,
}

/// `account/login/start`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum LoginResponse {
    ApiKey,
    #[serde(rename_all = "camelCase")]
    Chatgpt {
        login_id: String,
        auth_url: String,
    },
    #[serde(rename_all = "camelCase")]
    ChatgptDeviceCode {
        login_id: String,
        verification_url: String,
        user_code: String,
    },
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelLoginParams {
    pub login_id: String,
}

/// `account/login/completed`: a login ended (`loginId` is null for an API key).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginCompletedNotification {
    #[serde(default)]
    pub login_id: Option<String>,
    pub success: bool,
    #[serde(default)]
    pub error: Option<String>,
}

/// `account/updated`: the sign-in changed (`authMode` null: signed out).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountUpdatedNotification {
    /// `AuthMode`: "apikey" | "chatgpt" | "chatgptAuthTokens" | … (a string here).
    #[serde(default)]
    pub auth_mode: Option<String>,
    #[serde(default)]
    pub plan_type: Option<String>,
}

/// `account/rateLimits/read`'s answer (only the snapshot `/status` shows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitsResponse {
    pub rate_limits: super::session::RateLimitSnapshot,
}

impl super::items::TurnError {
    /// The HTTP status codex met, from `codexErrorInfo` (`{"httpConnectionFailed":
    /// {"httpStatusCode": 401}}`, `responseStreamDisconnected`, …; the name `"unauthorized"`
    /// counts as 401).
    pub(crate) fn http_status(&self) -> Option<u16> {
        match self.codex_error_info.as_ref()? {
            serde_json::Value::String(name) if name == "unauthorized" => Some(401),
            serde_json::Value::Object(map) => map.values().find_map(|v| {
                v.get("httpStatusCode")?
                    .as_u64()
                    .and_then(|n| u16::try_from(n).ok())
            }),
            _ => None,
        }
    }

    /// codex was refused for want of (valid) credentials.
    pub(crate) fn is_unauthorized(&self) -> bool {
        self.http_status() == Some(401)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_api_key_login_is_spelled_as_the_schema_says_and_never_printed() {
        let params = LoginParams::ApiKey {
            api_key: ApiKey::new("sk-test-secret-123"),
        };
        assert_eq!(
            serde_json::to_value(&params).unwrap(),
            json!({"type": "apiKey", "apiKey": "sk-test-secret-123"})
        );
        let debug = format!("{params:?}");
        assert!(!debug.contains("sk-test"), "{debug}");
        assert_eq!(
            serde_json::to_value(LoginParams::ChatgptDeviceCode).unwrap(),
            json!({"type": "chatgptDeviceCode"})
        );
        assert_eq!(
            serde_json::to_value(LoginParams::Chatgpt).unwrap(),
            json!({"type": "chatgpt"})
        );
    }

    #[test]
    fn recorded_answers_parse() {
        let logged_out: GetAccountResponse = serde_json::from_value(json!(
            {"account": null, "userId": null, "requiresOpenaiAuth": true, "workspaceRouting": null}
        ))
        .unwrap();
        assert!(logged_out.needs_sign_in());
        let chatgpt: GetAccountResponse = serde_json::from_value(json!(
            {"account": {"type": "chatgpt", "email": "a@b.c", "planType": "plus", "workspaceName": null},
             "userId": "u", "requiresOpenaiAuth": true, "workspaceRouting": null}
        ))
        .unwrap();
        assert!(!chatgpt.needs_sign_in());
        let odd: GetAccountResponse = serde_json::from_value(
            json!({"account": {"type": "somethingNew"}, "requiresOpenaiAuth": true}),
        )
        .unwrap();
        assert_eq!(odd.account, Some(Account::Other));
        let device: LoginResponse = serde_json::from_value(json!(
            {"type": "chatgptDeviceCode", "loginId": "l", "verificationUrl": "https://x/d", "userCode": "ABCD-1234"}
        ))
        .unwrap();
        assert_eq!(
            device,
            LoginResponse::ChatgptDeviceCode {
                login_id: "l".into(),
                verification_url: "https://x/d".into(),
                user_code: "ABCD-1234".into()
            }
        );
        let done: LoginCompletedNotification = serde_json::from_value(json!(
            {"loginId": null, "success": true, "error": null, "onboardingEntrypoint": null}
        ))
        .unwrap();
        assert!(done.success && done.login_id.is_none());
    }

    #[test]
    fn a_401_is_read_from_the_error_info_not_the_message() {
        let error = |info: serde_json::Value| super::super::items::TurnError {
            message: "whatever".into(),
            additional_details: None,
            codex_error_info: Some(info),
        };
        assert!(error(json!({"httpConnectionFailed": {"httpStatusCode": 401}})).is_unauthorized());
        assert!(
            error(json!({"responseStreamDisconnected": {"httpStatusCode": 401}})).is_unauthorized()
        );
        assert!(error(json!("unauthorized")).is_unauthorized());
        assert!(!error(json!({"httpConnectionFailed": {"httpStatusCode": 500}})).is_unauthorized());
        assert!(!error(json!("other")).is_unauthorized());
        assert_eq!(
            error(json!({"responseStreamDisconnected": {"httpStatusCode": null}})).http_status(),
            None
        );
    }
}
