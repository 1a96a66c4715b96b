//! The demo's sign-in, offline: the session starts signed in to a demo ChatGPT account, and
//! `/login` plays every way in as codex would — a browser link and a device code that complete
//! by themselves after a moment, an API key that is accepted when it starts with `sk-` and
//! refused otherwise — with the same answers and notifications; `/logout` signs out.

use super::turn_context::Outbox;
use crate::protocol::RequestId;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) const DEMO_EMAIL: &str = "demo@example.com";

/// Who the demo is signed in as (`null`: signed out), and its pending login.
pub(super) struct DemoAccount {
    /// Shared with a pending login's task, which signs in when it completes.
    account: Arc<Mutex<Value>>,
    next_login: u64,
    pending: Option<(String, tokio::task::JoinHandle<()>)>,
}

/// What became of a request.
pub(super) enum DemoAnswer {
    /// Answer it with this.
    Answer(Result<Value, String>),
    /// Answered already (with notifications after the answer, in codex's order).
    Sent,
}

impl Default for DemoAccount {
    fn default() -> Self {
        DemoAccount {
            account: Arc::new(Mutex::new(chatgpt())),
            next_login: 0,
            pending: None,
        }
    }
}

fn chatgpt() -> Value {
    json!({"type": "chatgpt", "email": DEMO_EMAIL, "planType": "plus", "workspaceName": null})
}

impl DemoAccount {
    /// Answers an `account/*` request; `None` for other methods.
    pub(super) fn request(
        &mut self,
        out: &Outbox,
        id: &RequestId,
        method: &str,
        params: &Value,
        speed: f64,
    ) -> Option<DemoAnswer> {
        Some(DemoAnswer::Answer(match method {
            "account/read" => Ok(json!({
                "account": *self.account.lock().unwrap(), "userId": null,
                "requiresOpenaiAuth": true, "workspaceRouting": null,
            })),
            "account/login/start" if params["type"] != "apiKey" => self.login(params, speed, out),
            "account/login/cancel" => {
                let wanted = params["loginId"].as_str().unwrap_or_default();
                match self.pending.take() {
                    Some((login_id, task)) if login_id == wanted => {
                        task.abort();
                        completed(out, Some(&login_id), Err("Login was not completed"));
                        Ok(json!({"status": "canceled"}))
                    }
                    other => {
                        self.pending = other;
                        Ok(json!({"status": "notFound"}))
                    }
                }
            }
            "account/logout" => {
                *self.account.lock().unwrap() = Value::Null;
                out.respond(id, json!({}));
                updated(out, None);
                return Some(DemoAnswer::Sent);
            }
            "account/rateLimits/read" => Ok(json!({"rateLimits": {
                "limitId": "codex", "limitName": null,
                "primary": {"usedPercent": 12, "windowDurationMins": 300, "resetsAt": null},
                "secondary": {"usedPercent": 3, "windowDurationMins": 10080, "resetsAt": null},
            }})),
            "account/login/start" if params["type"] == "apiKey" => {
                self.api_key(out, id, params);
                return Some(DemoAnswer::Sent);
            }
            _ => return None,
        }))
    }

    /// An API key: accepted when it looks like one (`sk-…`), refused otherwise, as codex
    /// answers: the answer, then the completion, then the account.
    fn api_key(&mut self, out: &Outbox, id: &RequestId, params: &Value) {
        let key = params["apiKey"].as_str().unwrap_or_default();
        out.respond(id, json!({"type": "apiKey"}));
        if key.starts_with("sk-") {
            *self.account.lock().unwrap() = json!({"type": "apiKey"});
            completed(out, None, Ok(()));
            updated(out, Some("apikey"));
        } else {
            completed(
                out,
                None,
                Err("Incorrect API key provided (the demo takes keys that start with sk-)"),
            );
        }
    }

    fn login(&mut self, params: &Value, speed: f64, out: &Outbox) -> Result<Value, String> {
        self.next_login += 1;
        let login_id = format!("demo-login-{}", self.next_login);
        let (answer, wait_ms) = match params["type"].as_str() {
            Some("chatgpt") => (
                json!({"type": "chatgpt", "loginId": login_id,
                       "authUrl": format!("https://auth.openai.com/oauth/authorize?client_id=demo&state={login_id}&redirect_uri=http%3A%2F%2Flocalhost%3A1455%2Fauth%2Fcallback&demo=this-link-goes-nowhere")}),
                4000,
            ),
            Some("chatgptDeviceCode") => (
                json!({"type": "chatgptDeviceCode", "loginId": login_id,
                       "verificationUrl": "https://auth.openai.com/codex/device",
                       "userCode": "DEMO-2468"}),
                6000,
            ),
            _ => return Err("the demo offers ChatGPT, a device code and API keys".into()),
        };
        if let Some((superseded, task)) = self.pending.take() {
            task.abort();
            completed(
                out,
                Some(&superseded),
                Err("Login server error: Login cancelled"),
            );
        }
        let finish = out.clone();
        let account = self.account.clone();
        let finished_id = login_id.clone();
        let task = tokio::spawn(async move {
            let ms = (wait_ms as f64 * speed) as u64;
            tokio::time::sleep(Duration::from_millis(ms)).await;
            *account.lock().unwrap() = chatgpt();
            completed(&finish, Some(&finished_id), Ok(()));
            updated(&finish, Some("chatgpt"));
        });
        self.pending = Some((login_id, task));
        Ok(answer)
    }
}

fn completed(out: &Outbox, login_id: Option<&str>, result: Result<(), &str>) {
    out.notify(
        "account/login/completed",
        json!({"loginId": login_id, "success": result.is_ok(), "error": result.err(),
               "onboardingEntrypoint": null}),
    );
}

fn updated(out: &Outbox, auth_mode: Option<&str>) {
    let plan = (auth_mode == Some("chatgpt")).then_some("plus");
    out.notify(
        "account/updated",
        json!({"authMode": auth_mode, "planType": plan, "reason": null}),
    );
}
