//! The sign-in layer's keys: one table whose rows apply on one screen each (choosing a way in,
//! typing a key, waiting for the browser or the code, signing out), read in a [`KeyState`]
//! built from the layer and the session; `handle` resolves through it and the hint bar, help
//! and `tern --keys` read the same rows.

use super::{Screen, SignIn};
use crate::app::layer_types::Input;
use crate::app::layers::{Ctx, Outcome, ViewCx};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Resolved, Rest, Words};
use crate::protocol::{CancelLoginParams, LoginKind, LoginParams, LoginResponse};
use crate::session::effect::Effect;
use crate::session::quit_ladder;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crossterm::event::KeyCode;
use std::time::Instant;

/// Which screen the keys are read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum On {
    Choose,
    ApiKey,
    Starting,
    Browser,
    DeviceCode,
    Finishing,
    ConfirmLogout,
}

/// What the sign-in's key rows read: the screen, whether the link may be opened here, and
/// what Ctrl+C does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeyState {
    pub on: On,
    pub opener: bool,
    pub ctrl_c: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SignInKey {
    Up,
    Down,
    Number,
    Continue,
    Later,
    SubmitKey,
    ClearKey,
    KeyBackspace,
    Back,
    Abandon,
    CopyLink,
    OpenLink,
    CopyCode,
    CopyVerificationLink,
    Cancel,
    Close,
    SignOut,
    /// Ctrl+C: the router's (listed for what it does next).
    Quit,
}

fn choosing(s: &KeyState) -> bool {
    s.on == On::Choose
}

fn on_api_key(s: &KeyState) -> bool {
    s.on == On::ApiKey
}

fn on_starting(s: &KeyState) -> bool {
    s.on == On::Starting
}

fn on_browser(s: &KeyState) -> bool {
    s.on == On::Browser
}

fn on_device_code(s: &KeyState) -> bool {
    s.on == On::DeviceCode
}

fn on_finishing(s: &KeyState) -> bool {
    s.on == On::Finishing
}

fn on_logout(s: &KeyState) -> bool {
    s.on == On::ConfirmLogout
}

fn waiting(s: &KeyState) -> bool {
    matches!(s.on, On::Browser | On::DeviceCode)
}

const fn words(bar: &'static str) -> Words {
    Words { bar, help: bar }
}

pub(crate) static KEYS: KeyTable<KeyState, SignInKey> = KeyTable::new(
    "sign_in",
    "Sign in",
    &[
        list_rows::up_k(SignInKey::Up, "choose").when("choosing a way in", choosing),
        list_rows::down_j(SignInKey::Down, "choose").when("choosing a way in", choosing),
        KeyRow::new(
            "number",
            &[Chord::ch('1'), Chord::ch('2'), Chord::ch('3')],
            SignInKey::Number,
            "pick",
        )
        .shown_as("1-3")
        .when("choosing a way in", choosing)
        .fixed(),
        KeyRow::new("continue", &[Chord::ENTER], SignInKey::Continue, "continue")
            .when("choosing a way in", choosing),
        KeyRow::new(
            "later",
            &[Chord::ESC],
            SignInKey::Later,
            "later (a prompt brings this back)",
        )
        .when("choosing a way in", choosing),
        KeyRow::new(
            "submit_key",
            &[Chord::ENTER],
            SignInKey::SubmitKey,
            "sign in with this key",
        )
        .when("typing an API key", on_api_key),
        KeyRow::new(
            "clear_key",
            &[Chord::ctrl('u')],
            SignInKey::ClearKey,
            "clear",
        )
        .when("typing an API key", on_api_key),
        KeyRow::new(
            "key_backspace",
            &[Chord::BACKSPACE],
            SignInKey::KeyBackspace,
            "delete back",
        )
        .when("typing an API key", on_api_key)
        .reference(),
        KeyRow::new("back", &[Chord::ESC], SignInKey::Back, "back")
            .when("typing an API key", on_api_key),
        KeyRow::new("abandon", &[Chord::ESC], SignInKey::Abandon, "back")
            .explained("back to the choice (a link or code that comes later is cancelled)")
            .when("codex is starting the sign-in", on_starting),
        KeyRow::new(
            "copy_link",
            &[Chord::ch('c')],
            SignInKey::CopyLink,
            "copy the link",
        )
        .when("waiting for the browser", on_browser),
        KeyRow::new(
            "open_link",
            &[Chord::ch('o')],
            SignInKey::OpenLink,
            "open it again",
        )
        .when(
            "waiting for the browser, on this machine",
            |s: &KeyState| s.on == On::Browser && s.opener,
        ),
        KeyRow::new(
            "copy_code",
            &[Chord::ch('c')],
            SignInKey::CopyCode,
            "copy the code",
        )
        .when("showing a device code", on_device_code),
        KeyRow::new(
            "copy_verification_link",
            &[Chord::ch('l')],
            SignInKey::CopyVerificationLink,
            "copy the link",
        )
        .when("showing a device code", on_device_code),
        KeyRow::new("cancel", &[Chord::ESC], SignInKey::Cancel, "cancel")
            .explained("cancel the sign-in (codex stops waiting for it)")
            .when("waiting for the browser or the code", waiting),
        KeyRow::new(
            "close",
            &[Chord::ESC, Chord::ENTER],
            SignInKey::Close,
            "close",
        )
        .when("signed in, reading who", on_finishing)
        .bar_keys(1),
        KeyRow::new(
            "sign_out",
            &[Chord::ch('y'), Chord::ENTER],
            SignInKey::SignOut,
            "sign out",
        )
        .when("asked to sign out", on_logout),
        // Under a full-screen layer the composer's "Ctrl+C again to quit" is out of sight: the
        // bar says what Ctrl+C does next.
        KeyRow::new("quit", &[Chord::ctrl('c')], SignInKey::Quit, "quit")
            .words_by(|s: &KeyState| words(s.ctrl_c))
            .passes()
            .fixed(),
    ],
    Rest::SWALLOW,
)
.rest_by(|s: &KeyState| match s.on {
    // The choice takes no text, and nothing under it gets any (`gate`).
    On::Choose => Rest::SWALLOW,
    On::ApiKey => Rest::typing("the key"),
    // Any other key keeps the sign-in.
    On::ConfirmLogout => Rest::any_key("stay signed in"),
    On::Starting | On::Browser | On::DeviceCode | On::Finishing => Rest::SWALLOW,
});

impl SignIn {
    /// The state its keys are read in.
    pub(crate) fn key_state(&self, session: &Session, now: Instant) -> KeyState {
        let on = match &self.screen {
            Screen::Choose => On::Choose,
            Screen::ApiKey => On::ApiKey,
            Screen::Starting(_) => On::Starting,
            Screen::Browser { .. } => On::Browser,
            Screen::DeviceCode { .. } => On::DeviceCode,
            Screen::Finishing => On::Finishing,
            Screen::ConfirmLogout => On::ConfirmLogout,
        };
        let opener = match &self.screen {
            Screen::Browser { url, .. } => {
                session.config.first_run.no_browser.is_none() && super::safe_to_open(url)
            }
            _ => false,
        };
        let ctrl_c = if quit_ladder::armed(session, now) {
            "again to quit"
        } else {
            match quit_ladder::next_step(session) {
                "clear" => "clear the draft",
                step => step,
            }
        };
        KeyState { on, opener, ctrl_c }
    }
}

/// The table as it stands, for the hint bar, help and the router.
pub(crate) fn list(layer: &SignIn, cx: &ViewCx<'_>) -> KeyList {
    KEYS.list(&layer.key_state(cx, cx.now), &cx.config.keymap)
}

pub(crate) fn handle(layer: &mut SignIn, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            if layer.screen == Screen::ApiKey {
                layer.key.paste(text);
                layer.error = None;
            }
            // Nothing under a full-screen sign-in takes a paste meant for it (on the choice,
            // the router's type-ahead gate refused it already).
            return Outcome::Consumed(vec![]);
        }
        Input::Mouse(_) => return Outcome::Consumed(vec![]),
    };
    take(layer, key, cx)
}

/// A moment came (`LayerEvent::LayerTimer`): a key the router's type-ahead gate held on the
/// choice screen (`type_ahead`) with no other key after it was meant, and acts now.
pub(crate) fn held_key_due(layer: &mut SignIn, cx: &mut Ctx<'_>) -> Outcome {
    if layer.screen != Screen::Choose {
        return Outcome::Ignored;
    }
    match (layer.gate.take_due(cx.now), layer.gate.due()) {
        (Some(key), _) => take(layer, key, cx),
        // Another layer's moment woke the app first: this one's is asked for again.
        (None, Some(due)) => {
            let timer = &mut cx.session.layer_timer;
            *timer = Some(timer.map_or(due, |t| t.min(due)));
            Outcome::Consumed(vec![])
        }
        (None, None) => Outcome::Ignored,
    }
}

/// A key the screen takes, by its table.
fn take(layer: &mut SignIn, key: crossterm::event::KeyEvent, cx: &mut Ctx<'_>) -> Outcome {
    let state = layer.key_state(cx, cx.now);
    let resolved = KEYS.resolve(&key, &state, &cx.config.keymap);
    if resolved != Resolved::Pass {
        layer.copied = None;
    }
    let action = match resolved {
        Resolved::Row(action) => action,
        Resolved::Pass => return Outcome::Ignored,
        Resolved::Take if state.on == On::ApiKey => {
            if let KeyCode::Char(c) = key.code {
                layer.error = None;
                layer.key.push(c);
            }
            return Outcome::Consumed(vec![]);
        }
        // Any other key on the sign-out question: stay signed in.
        Resolved::Take => return Outcome::Close(vec![]),
        Resolved::Swallow => return Outcome::Consumed(vec![]),
    };
    act(layer, action, key.code, cx)
}

fn act(layer: &mut SignIn, action: SignInKey, code: KeyCode, cx: &mut Ctx<'_>) -> Outcome {
    let ways = SignIn::ways(cx);
    let pick = |layer: &mut SignIn, at: usize| {
        layer.selected = at;
        start(layer, ways[at])
    };
    match (action, layer.screen.clone()) {
        (SignInKey::Up, _) => layer.selected = layer.selected.saturating_sub(1),
        (SignInKey::Down, _) => layer.selected = (layer.selected + 1).min(2),
        (SignInKey::Number, _) => {
            if let KeyCode::Char(c @ '1'..='3') = code {
                return pick(layer, c as usize - '1' as usize);
            }
        }
        (SignInKey::Continue, _) => return pick(layer, layer.selected.min(2)),
        // Later: the layer goes; a prompt sent signed out brings it back.
        (SignInKey::Later, _) => return Outcome::Close(vec![]),
        (SignInKey::SubmitKey, _) => match layer.key.take() {
            Ok(api_key) => {
                layer.error = None;
                layer.screen = Screen::Starting(LoginKind::ApiKey);
                let params = LoginParams::ApiKey { api_key };
                return Outcome::Consumed(vec![Effect::Request(ClientRequest::Login(params))]);
            }
            Err(why) => layer.error = Some(why.to_string()),
        },
        (SignInKey::ClearKey, _) => layer.key.clear(),
        (SignInKey::KeyBackspace, _) => layer.key.backspace(),
        (SignInKey::Back, _) => {
            layer.screen = Screen::Choose;
            layer.gate.shown(cx.now);
            layer.error = None;
        }
        (SignInKey::Abandon, Screen::Starting(kind)) => {
            layer.abandoned = Some(kind);
            layer.screen = Screen::Choose;
            layer.gate.shown(cx.now);
        }
        (SignInKey::CopyLink, Screen::Browser { url, .. })
        | (SignInKey::CopyVerificationLink, Screen::DeviceCode { url, .. }) => {
            return copy(layer, url, "link")
        }
        (SignInKey::OpenLink, Screen::Browser { url, .. }) => {
            return Outcome::Consumed(vec![Effect::OpenUrl(url)])
        }
        (SignInKey::CopyCode, Screen::DeviceCode { code, .. }) => return copy(layer, code, "code"),
        (SignInKey::Cancel, Screen::Browser { login_id, .. })
        | (SignInKey::Cancel, Screen::DeviceCode { login_id, .. }) => {
            layer.gate.shown(cx.now);
            return cancel(layer, login_id);
        }
        // Nothing to do but wait a moment; closing leaves it to finish by itself.
        (SignInKey::Close, _) => return Outcome::Close(vec![]),
        (SignInKey::SignOut, _) => {
            return Outcome::Close(crate::session::account::logout(cx.session_mut()))
        }
        // The router's (a passing row); and an action whose screen has gone.
        (SignInKey::Quit, _) => return Outcome::Ignored,
        _ => {}
    }
    Outcome::Consumed(vec![])
}

/// The way in picked: the key field, or the request that starts the browser or device login.
fn start(layer: &mut SignIn, kind: LoginKind) -> Outcome {
    layer.error = None;
    let params = match kind {
        LoginKind::ApiKey => {
            layer.screen = Screen::ApiKey;
            return Outcome::Consumed(vec![]);
        }
        LoginKind::Browser => LoginParams::Chatgpt,
        LoginKind::DeviceCode => LoginParams::ChatgptDeviceCode,
    };
    layer.screen = Screen::Starting(kind);
    Outcome::Consumed(vec![Effect::Request(ClientRequest::Login(params))])
}

fn copy(layer: &mut SignIn, text: String, what: &'static str) -> Outcome {
    layer.copied = Some(what);
    Outcome::Consumed(vec![Effect::CopyToClipboard(text)])
}

/// Esc while waiting for the browser or the code: codex stops waiting for it.
fn cancel(layer: &mut SignIn, login_id: String) -> Outcome {
    layer.screen = Screen::Choose;
    Outcome::Consumed(vec![Effect::Request(ClientRequest::CancelLogin(
        CancelLoginParams { login_id },
    ))])
}

/// The cancel for a login answered after the person went back.
pub(crate) fn cancel_login(response: &LoginResponse) -> Vec<Effect> {
    match response {
        LoginResponse::Chatgpt { login_id, .. }
        | LoginResponse::ChatgptDeviceCode { login_id, .. } => {
            vec![Effect::Request(ClientRequest::CancelLogin(
                CancelLoginParams {
                    login_id: login_id.clone(),
                },
            ))]
        }
        _ => vec![],
    }
}
