//! The sign-in layer's keys, screen by screen, and the hints that list them: the one place to
//! change them.

use super::{Screen, SignIn};
use crate::app::effect::Effect;
use crate::app::layer_types::{Hint, Input};
use crate::app::layers::{Ctx, Outcome};
use crate::app::request::ClientRequest;
use crate::app::session::quit_ladder;
use crate::app::state::guard::QUIET;
use crate::app::state::Session;
use crate::protocol::{CancelLoginParams, LoginKind, LoginParams, LoginResponse};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

pub fn handle(layer: &mut SignIn, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            if layer.screen == Screen::ApiKey {
                layer.key.paste(text);
                layer.error = None;
            }
            // Nothing under a full-screen sign-in takes a paste meant for it.
            return Outcome::Consumed(vec![]);
        }
        Input::Mouse(_) => return Outcome::Consumed(vec![]),
    };
    layer.copied = None;
    match layer.screen.clone() {
        Screen::Choose => choose(layer, key, cx),
        Screen::ApiKey => api_key(layer, key),
        Screen::Starting(kind) => {
            if key.code == KeyCode::Esc {
                layer.abandoned = Some(kind);
                layer.screen = Screen::Choose;
            }
            Outcome::Consumed(vec![])
        }
        Screen::Browser {
            login_id,
            url,
            opened: _,
        } => match key.code {
            KeyCode::Char('c') => copy(layer, url, "link"),
            KeyCode::Char('o')
                if cx.config.first_run.no_browser.is_none() && super::safe_to_open(&url) =>
            {
                Outcome::Consumed(vec![Effect::OpenUrl(url)])
            }
            KeyCode::Esc => cancel(layer, login_id),
            _ => Outcome::Consumed(vec![]),
        },
        Screen::DeviceCode {
            login_id,
            code,
            url,
        } => match key.code {
            KeyCode::Char('c') => copy(layer, code, "code"),
            KeyCode::Char('l') => copy(layer, url, "link"),
            KeyCode::Esc => cancel(layer, login_id),
            _ => Outcome::Consumed(vec![]),
        },
        // Nothing to do but wait a moment; Esc leaves it to finish by itself.
        Screen::Finishing => match key.code {
            KeyCode::Esc | KeyCode::Enter => Outcome::Close(vec![]),
            _ => Outcome::Consumed(vec![]),
        },
        Screen::ConfirmLogout => match key.code {
            KeyCode::Char('y') | KeyCode::Enter => {
                Outcome::Close(crate::app::session::account::logout(cx))
            }
            _ => Outcome::Close(vec![]),
        },
    }
}

/// The choice screen. It may open while the person is typing a prompt (at startup, or after a
/// refused turn): letters that are not its keys go on to the draft under it, and while typing
/// goes on (keys less than the prompts' quiet time apart) every key does, Enter included — a
/// typed `hello` and Enter never start a sign-in.
fn choose(layer: &mut SignIn, key: KeyEvent, cx: &mut Ctx<'_>) -> Outcome {
    let typing = layer
        .typed_at
        .is_some_and(|at| cx.now.saturating_duration_since(at) < QUIET);
    let its_key = matches!(
        key.code,
        KeyCode::Up | KeyCode::Down | KeyCode::Enter | KeyCode::Esc
    ) || matches!(key.code, KeyCode::Char('1'..='3' | 'j' | 'k'))
        && !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    if typing || !its_key {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            // Ctrl keys are the conversation's (the router took Ctrl+C already).
            return Outcome::Ignored;
        }
        layer.typed_at = Some(cx.now);
        return Outcome::Ignored;
    }
    let ways = SignIn::ways(cx);
    let pick = |layer: &mut SignIn, at: usize| {
        layer.selected = at;
        let kind = ways[at];
        start(layer, kind)
    };
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => layer.selected = layer.selected.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => layer.selected = (layer.selected + 1).min(2),
        KeyCode::Char(c @ '1'..='3') => return pick(layer, c as usize - '1' as usize),
        KeyCode::Enter => return pick(layer, layer.selected.min(2)),
        // Later: the layer goes; a prompt sent signed out brings it back.
        KeyCode::Esc => return Outcome::Close(vec![]),
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

fn api_key(layer: &mut SignIn, key: KeyEvent) -> Outcome {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Esc => {
            layer.screen = Screen::Choose;
            layer.error = None;
        }
        KeyCode::Enter => match layer.key.take() {
            Ok(api_key) => {
                layer.error = None;
                layer.screen = Screen::Starting(LoginKind::ApiKey);
                let params = LoginParams::ApiKey { api_key };
                return Outcome::Consumed(vec![Effect::Request(ClientRequest::Login(params))]);
            }
            Err(why) => layer.error = Some(why.to_string()),
        },
        KeyCode::Backspace => layer.key.backspace(),
        KeyCode::Char('u') if ctrl => layer.key.clear(),
        KeyCode::Char(c) if !ctrl && !key.modifiers.contains(KeyModifiers::ALT) => {
            layer.error = None;
            layer.key.push(c);
        }
        _ => {}
    }
    Outcome::Consumed(vec![])
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
pub fn cancel_login(response: &LoginResponse) -> Vec<Effect> {
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

pub fn hints(layer: &SignIn, session: &Session, now: Instant) -> Vec<Hint> {
    let rows: Vec<(&str, &str)> = match &layer.screen {
        Screen::Choose => vec![
            ("↑/↓, 1-3", "choose"),
            ("Enter", "continue"),
            ("Esc", "later (a prompt brings this back)"),
        ],
        Screen::ApiKey => vec![
            ("Enter", "sign in with this key"),
            ("Ctrl+U", "clear"),
            ("Esc", "back"),
        ],
        Screen::Starting(_) => vec![("Esc", "back")],
        Screen::Browser { .. } => {
            let mut rows = vec![("c", "copy the link")];
            if session.config.first_run.no_browser.is_none() {
                rows.push(("o", "open it again"));
            }
            rows.push(("Esc", "cancel"));
            rows
        }
        Screen::DeviceCode { .. } => vec![
            ("c", "copy the code"),
            ("l", "copy the link"),
            ("Esc", "cancel"),
        ],
        Screen::Finishing => vec![("Esc", "close")],
        Screen::ConfirmLogout => vec![("y, Enter", "sign out"), ("Esc", "stay signed in")],
    };
    let mut hints: Vec<Hint> = rows
        .into_iter()
        .map(|(keys, action)| Hint::new(keys, action))
        .collect();
    // What Ctrl+C does next: under a full-screen layer the draft it would clear, and the
    // composer's "Ctrl+C again to quit", are out of sight, so the hint says it.
    let ctrl_c = if quit_ladder::armed(session, now) {
        "again to quit"
    } else {
        match quit_ladder::next_step(session) {
            "clear" => "clear the draft",
            step => step,
        }
    };
    hints.push(Hint::new("Ctrl+C", ctrl_c));
    hints
}
