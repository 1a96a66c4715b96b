//! The sign-in layer: the three ways in the official TUI offers (ChatGPT in a browser, a device
//! code, an API key), full screen, over the conversation (a draft typed meanwhile stays in the
//! composer). It opens at startup when codex needs a sign-in, when a prompt is sent signed out,
//! and with `/login`; `/logout` opens its small confirming box.
//!
//! The flow is the server's: `account/login/start` answers with the link or the code (or
//! nothing, for a key), `account/login/completed` says how it ended, and `account/read` then
//! says who (the session tells that in the transcript, and the layer closes). Completions are
//! matched by `loginId`, so a cancelled or superseded login's late completion is ignored.
//! Its keys are in `keys.rs`.

pub(crate) mod keys;
pub(crate) mod masked;

pub(crate) use keys::cancel_login;

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::KeyList;
use crate::protocol::{LoginCompletedNotification, LoginKind, LoginResponse};
use crate::session::event::LayerEvent;
use crate::session::state::choice_gate::ChoiceGate;
use crate::session::state::Session;
use masked::MaskedKey;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct SignIn {
    pub screen: Screen,
    /// The selected way in, on the choice screen (an index into [`SignIn::ways`]).
    pub selected: usize,
    pub key: MaskedKey,
    /// Why the last attempt failed, said on the choice screen (the server's words).
    pub error: Option<String>,
    /// A sign-in was asked for and not answered yet, and the person went back meanwhile: its
    /// login is cancelled when the answer comes.
    pub abandoned: Option<LoginKind>,
    /// The link or code was copied (said until the next key).
    pub copied: Option<&'static str>,
    /// A completion that came before the answer naming its login (the two travel apart).
    pub early: Option<LoginCompletedNotification>,
    /// Whether a key on the choice screen was meant (`gate`): typing and pastes are refused.
    pub gate: ChoiceGate,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Screen {
    /// Pick a way in.
    Choose,
    /// Type or paste an API key.
    ApiKey,
    /// `account/login/start` is on its way.
    Starting(LoginKind),
    /// Waiting for the browser: the link to open (and whether tern opened it).
    Browser {
        login_id: String,
        url: String,
        opened: bool,
    },
    /// Waiting for the code to be entered elsewhere.
    DeviceCode {
        login_id: String,
        url: String,
        code: String,
    },
    /// Signed in: waiting for `account/read` to say who, then closing.
    Finishing,
    /// `/logout`: y signs out.
    ConfirmLogout,
}

impl SignIn {
    /// The layer at its choice screen, shown at `now`, the API key from the environment ready
    /// in its field.
    pub fn new(session: &Session, now: Instant) -> SignIn {
        SignIn {
            screen: Screen::Choose,
            selected: 0,
            key: session
                .config
                .first_run
                .api_key_env
                .as_ref()
                .map(MaskedKey::from_env)
                .unwrap_or_default(),
            error: None,
            abandoned: None,
            copied: None,
            early: None,
            gate: ChoiceGate::new(
                now,
                session
                    .config
                    .approval_read_guard
                    .unwrap_or(crate::session::state::guard::QUIET),
            ),
        }
    }

    /// `/logout`'s confirming box.
    pub(crate) fn confirm_logout(session: &Session, now: Instant) -> SignIn {
        SignIn {
            screen: Screen::ConfirmLogout,
            ..SignIn::new(session, now)
        }
    }

    /// The ways in, in the order offered: where no browser can be opened here (ssh, no display,
    /// codex elsewhere), the device code comes first.
    pub(crate) fn ways(session: &Session) -> [LoginKind; 3] {
        if session.config.first_run.no_browser.is_some() {
            [LoginKind::DeviceCode, LoginKind::Browser, LoginKind::ApiKey]
        } else {
            [LoginKind::Browser, LoginKind::DeviceCode, LoginKind::ApiKey]
        }
    }

    /// The login whose completion this layer waits for.
    fn login_id(&self) -> Option<&str> {
        match &self.screen {
            Screen::Browser { login_id, .. } | Screen::DeviceCode { login_id, .. } => {
                Some(login_id)
            }
            _ => None,
        }
    }

    /// The server answered `account/login/start`.
    fn answered(
        &mut self,
        kind: LoginKind,
        answer: &Result<LoginResponse, String>,
        cx: &mut Ctx<'_>,
    ) -> Outcome {
        if self.screen != Screen::Starting(kind) {
            // The person went back before it came: a browser or device login is cancelled.
            let effects = match (self.abandoned, answer) {
                (Some(gone), Ok(response)) if gone == kind => {
                    self.abandoned = None;
                    keys::cancel_login(response)
                }
                _ => vec![],
            };
            return Outcome::Consumed(effects);
        }
        match answer {
            Ok(LoginResponse::ApiKey) => Outcome::Consumed(vec![]),
            Ok(LoginResponse::Chatgpt { login_id, auth_url }) => {
                let opened = cx.config.first_run.no_browser.is_none() && safe_to_open(auth_url);
                self.screen = Screen::Browser {
                    login_id: login_id.clone(),
                    url: auth_url.clone(),
                    opened,
                };
                let effects = if opened {
                    vec![crate::session::effect::Effect::OpenUrl(auth_url.clone())]
                } else {
                    vec![]
                };
                self.apply_early(cx.now);
                Outcome::Consumed(effects)
            }
            Ok(LoginResponse::ChatgptDeviceCode {
                login_id,
                verification_url,
                user_code,
            }) => {
                self.screen = Screen::DeviceCode {
                    login_id: login_id.clone(),
                    url: verification_url.clone(),
                    code: user_code.clone(),
                };
                self.apply_early(cx.now);
                Outcome::Consumed(vec![])
            }
            Ok(LoginResponse::Other) => self.failed(
                "codex answered with a kind of sign-in tern does not know",
                cx.now,
            ),
            Err(e) => self.failed(
                &format!("codex could not start it: {}", server_words(e)),
                cx.now,
            ),
        }
    }

    /// `account/login/completed`: this layer's login (by its id; an API key's has none) ended.
    fn completed(&mut self, done: &LoginCompletedNotification, now: Instant) -> Outcome {
        let ours = match (&self.screen, done.login_id.as_deref()) {
            (Screen::Starting(LoginKind::ApiKey), None) => true,
            // Before the answer that names it: kept until that comes.
            (Screen::Starting(_), Some(_)) => {
                self.early = Some(done.clone());
                return Outcome::Consumed(vec![]);
            }
            (_, Some(id)) => self.login_id() == Some(id),
            _ => false,
        };
        if !ours {
            return Outcome::Ignored;
        }
        if done.success {
            self.screen = Screen::Finishing;
            return Outcome::Consumed(vec![]);
        }
        let why = done.error.as_deref().unwrap_or("no reason given");
        self.failed(&format!("Sign-in failed: {why}"), now)
    }

    /// A completion that came before the answer, now that the answer named its login.
    fn apply_early(&mut self, now: Instant) {
        if let Some(done) = self.early.take() {
            if done.login_id.as_deref() == self.login_id() {
                self.completed(&done, now);
            }
        }
    }

    /// Back to the choice, saying why.
    fn failed(&mut self, why: &str, now: Instant) -> Outcome {
        self.screen = Screen::Choose;
        self.gate.shown(now);
        self.error = Some(why.to_string());
        Outcome::Consumed(vec![])
    }
}

impl LayerView for SignIn {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        keys::handle(self, input, cx)
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::LoginAnswered { kind, result } => self.answered(*kind, result, cx),
            LayerEvent::LoginCompleted(done) => self.completed(done, cx.now),
            LayerEvent::LayerTimer => keys::held_key_due(self, cx),
            LayerEvent::AccountChanged if self.screen == Screen::Finishing => {
                Outcome::Close(vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        match self.screen {
            Screen::ConfirmLogout => Placement::Popup,
            _ => Placement::FullScreen,
        }
    }

    fn title(&self, _session: &Session) -> &'static str {
        match self.screen {
            Screen::ConfirmLogout => "Sign out",
            _ => "Sign in",
        }
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        keys::list(self, cx)
    }

    /// The choice takes no text: typing and pastes are refused there, whole.
    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        (self.screen == Screen::Choose).then_some(&mut self.gate)
    }
}

/// A link tern hands to a browser: http(s), printable ASCII only (a real sign-in link is
/// percent-encoded), not absurdly long. Anything else from the server is shown (sanitised) but
/// never opened.
pub(crate) fn safe_to_open(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() <= 4096
        && url.chars().all(|c| c.is_ascii_graphic())
}

/// The server's own words in a refusal: `account/login/start failed: <words> (code -32603)` →
/// `<words>` (which request failed is plain on this screen, and the JSON-RPC code says nothing
/// to a person). Anything else is kept whole.
pub(crate) fn server_words(error: &str) -> &str {
    let prefix = format!("{} failed: ", crate::protocol::ACCOUNT_LOGIN_START);
    let words = error.strip_prefix(prefix.as_str()).unwrap_or(error);
    match words.rsplit_once(" (code ") {
        Some((text, code))
            if code
                .strip_suffix(')')
                .is_some_and(|n| n.parse::<i64>().is_ok()) =>
        {
            text
        }
        _ => words,
    }
}

#[cfg(test)]
mod tests {
    use super::server_words;

    #[test]
    fn a_refusal_says_the_server_s_words_without_the_request_and_code() {
        assert_eq!(
            server_words(
                "account/login/start failed: failed to request device code: error sending \
                 request for url (https://auth.openai.com/x) (code -32603)"
            ),
            "failed to request device code: error sending request for url (https://auth.openai.com/x)"
        );
        assert_eq!(server_words("connection lost"), "connection lost");
        assert_eq!(server_words("x (code soon)"), "x (code soon)");
    }
}
