//! How the sign-in screens and the first-run walls look (insta snapshots at 80×24 and
//! 120×40), with hostile text in every string the server sends (the auth URL, the device code,
//! an error, an email, the config error, the locked thread's message): no escape sequence,
//! control or bidi character reaches the screen, and the API key never does.

use crate::pure::sign_in::{answer, press_apart, signed_out, with_account};
use crate::support::common::*;
use crate::support::fake_server::payload;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState, RequestTag, Resume};
use tern::protocol::LoginKind;

/// The screen at both sizes, checked for leaks, snapshotted as `<name>_<w>x<h>`.
fn both_sizes(state: &mut AppState, name: &str, now: Instant) {
    for (w, h) in [(80, 24), (120, 40)] {
        // tern's own version (in /doctor) would change the snapshot at every release.
        let text = screen(state, w, h, now).replace(env!("CARGO_PKG_VERSION"), "X.Y.Z");
        assert_clean(&text);
        snapshot!(&format!("{name}_{w}x{h}"), &text);
    }
}

fn assert_clean(text: &str) {
    for bad in ['\u{1b}', '\u{7}', '\u{9b}', '\u{9d}', '\u{202e}'] {
        assert!(!text.contains(bad), "{bad:?} reached the screen:\n{text}");
    }
    assert!(
        !text.contains("PWNED"),
        "a payload's text survived whole:\n{text}"
    );
}

fn later(now: &mut Instant) -> Instant {
    *now += Duration::from_secs(1);
    *now
}

#[test]
fn the_choice_screen_signed_out_and_after_a_hostile_failure() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    state.set_draft("my draft");
    both_sizes(&mut state, "sign_in_choose", now);
    press_apart(&mut state, KeyCode::Char('3'), &mut now);
    press_apart(&mut state, KeyCode::Esc, &mut now);
    press_apart(&mut state, KeyCode::Char('2'), &mut now);
    update(
        &mut state,
        reply(
            RequestTag::Login(LoginKind::DeviceCode),
            Err(format!("failed to request device code: {}", payload("err"))),
        ),
        now,
    );
    both_sizes(&mut state, "sign_in_failed_hostile", now);
}

#[test]
fn the_api_key_field_shows_dots_never_the_key() {
    let mut now = Instant::now();
    let mut config = config();
    config.first_run.api_key_env = Some(tern::protocol::ApiKey::new("sk-from-env-0123456789"));
    let mut state = started(
        AppState::new(config),
        json!({}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "m", "cwd": "/w"}),
        now,
    );
    answer(&mut state, RequestTag::ReadAccount, signed_out(), now);
    press_apart(&mut state, KeyCode::Char('3'), &mut now);
    let text = screen(&mut state, 80, 24, now);
    assert!(!text.contains("sk-from-env"), "{text}");
    assert!(text.contains("OPENAI_API_KEY"), "{text}");
    both_sizes(&mut state, "sign_in_api_key_from_env", now);
    update(&mut state, ctrl('u'), later(&mut now));
    update(
        &mut state,
        AppEvent::Paste("sk-typed-secret-key-ABCDEFGHIJKLMNOPQRSTUVWXYZ".into()),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(!text.contains("sk-typed"), "{text}");
    assert!(!text.contains("ABCDEFG"), "{text}");
    both_sizes(&mut state, "sign_in_api_key_typed", now);
    update(&mut state, ctrl('u'), later(&mut now));
    press_apart(&mut state, KeyCode::Enter, &mut now);
    both_sizes(&mut state, "sign_in_api_key_empty", now);
}

#[test]
fn the_browser_screen_with_a_hostile_link() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('1'), &mut now);
    let url = format!(
        "https://auth.openai.com/oauth/authorize?response_type=code&client_id=app_x&redirect_uri=http%3A%2F%2F127.0.0.1%3A1455%2Fauth%2Fcallback&state={}&scope=openid+profile+email",
        payload("url")
    );
    answer(
        &mut state,
        RequestTag::Login(LoginKind::Browser),
        json!({"type": "chatgpt", "loginId": "l1", "authUrl": url}),
        now,
    );
    both_sizes(&mut state, "sign_in_browser_hostile", now);
}

#[test]
fn the_device_code_screen_with_hostile_text() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('2'), &mut now);
    answer(
        &mut state,
        RequestTag::Login(LoginKind::DeviceCode),
        json!({"type": "chatgptDeviceCode", "loginId": "d1",
               "verificationUrl": format!("https://auth.openai.com/codex/device{}", payload("v")),
               "userCode": "ABCD-1234"}),
        now,
    );
    both_sizes(&mut state, "sign_in_device_code", now);
    press_apart(&mut state, KeyCode::Char('c'), &mut now);
    let text = screen(&mut state, 80, 24, now);
    assert!(text.contains("Copied the code"), "{text}");
}

#[test]
fn the_logout_box_and_a_hostile_email_in_status() {
    let now = Instant::now();
    let mut state = with_account(
        json!({"account": {"type": "chatgpt", "email": format!("ada{}@example.com", payload("mail")),
                            "planType": "plus", "workspaceName": null}, "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut state, "/logout", now);
    update(&mut state, key(KeyCode::Enter), now);
    both_sizes(&mut state, "sign_out_box", now);
    update(&mut state, key(KeyCode::Esc), now);
    type_text(&mut state, "/status", now);
    update(&mut state, key(KeyCode::Enter), now);
    let text = screen(&mut state, 120, 40, now);
    assert_clean(&text);
    assert!(text.contains("signed in with ChatGPT as ada"), "{text}");
}

#[test]
fn the_config_box() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    answer(&mut state, RequestTag::Initialize, json!({}), now);
    update(
        &mut state,
        reply(RequestTag::StartThread, Err(format!(
                "thread/start failed: failed to load configuration: /home/user/.codex/config.toml:3:30: invalid basic string {} (code -32600)",
                payload("cfg")
            ))),
        now,
    );
    state.set_draft("hello, kept");
    both_sizes(&mut state, "config_box", now);
}

#[test]
fn the_locked_thread_box() {
    let now = Instant::now();
    let mut config = config();
    config.resume = Resume::Thread("01a231c3-5946".into());
    let mut state = AppState::new(config);
    answer(&mut state, RequestTag::Initialize, json!({}), now);
    update(
        &mut state,
        reply(RequestTag::ResumeThread, Err(format!(
                "thread/resume failed: thread 01a231c3-5946 already has an active writer{} (code -32600)",
                payload("w")
            ))),
        now,
    );
    both_sizes(&mut state, "locked_thread", now);
}

#[test]
fn the_doctor_box() {
    let now = Instant::now();
    let mut config = config();
    config.first_run.doctor = vec![tern::session::state::first_run::DoctorSection {
        title: "codex binary".into(),
        rows: vec![
            (
                "binary".into(),
                format!("/opt/codex{}/bin/codex", payload("bin")),
            ),
            ("found by".into(), "--codex-bin".into()),
        ],
    }];
    let mut state = started(
        AppState::new(config),
        json!({"userAgent": "tern/0.171.0 (Debian 12.0.0; x86_64) xterm (tern; 0.3.0)",
               "codexHome": "/home/user/.codex"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "m", "cwd": "/w"}),
        now,
    );
    answer(
        &mut state,
        RequestTag::ReadAccount,
        json!({"account": {"type": "chatgpt", "email": "ada.lovelace@example.com", "planType": "plus"},
               "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut state, "/doctor", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    // Where codex's settings came from is asked as the box opens, for this thread's directory.
    assert_eq!(
        crate::pure::sign_in::requests(&effects),
        vec![("config/read", json!({"includeLayers": false, "cwd": "/w"}))]
    );
    answer(
        &mut state,
        RequestTag::ReadConfig,
        json!({"config": {"model": format!("gpt-x{}", payload("model")),
                          "openai_base_url": "https://ada:pw-secret-77@proxy.example/v1"},
               "origins": {"model": {"name": {"type": "user",
                   "file": format!("/home/user/.codex/config.toml{}", payload("origin"))}, "version": "1"}},
               "layers": null}),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("codex's settings"), "{text}");
    assert!(text.contains("· user config"), "{text}");
    assert!(text.contains("(/home/user/.codex/config.toml"), "{text}");
    assert!(
        !text.contains("pw-secret-77"),
        "a password in a URL:\n{text}"
    );
    assert!(
        !text.contains("ada.lovelace"),
        "the email is shortened:\n{text}"
    );
    assert!(text.contains("a…@example.com"), "{text}");
    assert!(text.contains("0.171.0 (tested)"), "{text}");
    both_sizes(&mut state, "doctor", now);
}

#[test]
fn ctrl_c_s_hint_says_what_it_does_under_the_full_screen_sign_in() {
    let now = Instant::now();
    let mut state = with_account(signed_out(), now);
    state.set_draft("my draft");
    let last_row = |state: &mut AppState, now| {
        let text = screen(state, 120, 40, now);
        text.lines().last().unwrap_or_default().to_string()
    };
    assert!(last_row(&mut state, now).contains("Ctrl+C clear the draft"));
    update(&mut state, ctrl('c'), now);
    assert!(state.draft_is_empty());
    assert!(last_row(&mut state, now).contains("Ctrl+C quit ·"));
    update(&mut state, ctrl('c'), now);
    // The composer's "again to quit" is under the layer: its hint says it.
    assert!(last_row(&mut state, now).contains("Ctrl+C again to quit"));
    let after = now + Duration::from_secs(3);
    assert!(last_row(&mut state, after).contains("Ctrl+C quit ·"));
}

/// `/login` while signed in says who is signed in and how to sign out (`/logout`), not the
/// first-run words of a session that needs a sign-in.
#[test]
fn login_while_signed_in_says_who_and_how_to_sign_out() {
    let mut now = Instant::now();
    let mut state = with_account(
        json!({"account": {"type": "chatgpt", "email": "ada@example.com", "planType": "pro",
                            "workspaceName": null}, "userId": "u", "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut state, "/login", now);
    update(&mut state, key(KeyCode::Enter), later(&mut now));
    let text = screen(&mut state, 80, 24, now);
    assert!(text.contains("ada@example.com"), "{text}");
    assert!(text.contains("/logout"), "{text}");
    both_sizes(&mut state, "sign_in_while_signed_in", now);
}
