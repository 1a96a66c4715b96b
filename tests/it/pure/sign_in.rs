//! Sign-in as pure transitions, down to the exact JSON sent: `account/read` after
//! `initialize`; the sign-in layer at startup only when the provider needs it; the API key,
//! browser and device-code flows with their failures and cancels; `/logout`; a prompt sent
//! signed out kept in the composer and out of the history.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tern::app::layers::sign_in::Screen;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::protocol::LoginKind;

/// What `account/read` answers when nobody is signed in and the provider is OpenAI's.
pub fn signed_out() -> Value {
    json!({"account": null, "userId": null, "requiresOpenaiAuth": true, "workspaceRouting": null})
}

pub fn answer(state: &mut AppState, tag: RequestTag, result: Value, now: Instant) -> Vec<Effect> {
    wire(update(state, reply(tag, Ok(result)), now))
}

/// A ready session after `account/read` answered `read`.
pub fn with_account(read: Value, now: Instant) -> AppState {
    let mut state = ready_state(now);
    answer(&mut state, RequestTag::ReadAccount, read, now);
    state
}

pub fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

/// The sign-in layer on top, if it is.
pub fn sign_in(state: &AppState) -> Option<&tern::app::layers::SignIn> {
    match state.person_layers().last() {
        Some(Layer::SignIn(layer)) => Some(layer),
        _ => None,
    }
}

fn screen(state: &AppState) -> Screen {
    sign_in(state)
        .expect("the sign-in layer is open")
        .screen
        .clone()
}

/// A key typed after a pause, as a person picks: the choice screen holds it for
/// `guard::HOLD` to see that no other key follows (a burst), then takes it.
pub fn press_apart(state: &mut AppState, code: KeyCode, now: &mut Instant) -> Vec<Effect> {
    *now += Duration::from_secs(1);
    let mut effects = wire(update(state, key(code), *now));
    *now += tern::session::state::guard::HOLD;
    effects.extend(wire(update(state, AppEvent::Tick, *now)));
    effects
}

#[test]
fn account_read_follows_initialize_and_the_thread_start() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    let effects = answer(&mut state, RequestTag::Initialize, json!({}), now);
    let methods: Vec<&str> = requests(&effects).iter().map(|(m, _)| *m).collect();
    assert_eq!(methods, ["thread/start", "account/read"]);
    assert_eq!(requests(&effects)[1].1, json!({"refreshToken": false}));
}

#[test]
fn signed_out_opens_the_sign_in_layer_once_and_holds_prompts_in_the_composer() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    assert_eq!(screen(&state), Screen::Choose);
    // Esc: later. The layer goes; a prompt brings it back and stays in the composer.
    press_apart(&mut state, KeyCode::Esc, &mut now);
    assert!(sign_in(&state).is_none());
    type_text(&mut state, "hello", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects, vec![], "no turn, and no history line");
    assert_eq!(state.draft(), "hello");
    assert_eq!(screen(&state), Screen::Choose);
    assert_eq!(
        state.composer().prompt_history.entries().len(),
        0,
        "a held prompt is not history"
    );
    // Commands still run.
    press_apart(&mut state, KeyCode::Esc, &mut now);
    state.clear_draft();
    type_text(&mut state, "/status", now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Status(_))
    ));
}

#[test]
fn a_provider_that_needs_no_sign_in_never_shows_it() {
    let now = Instant::now();
    let mut state = with_account(
        json!({"account": null, "userId": null, "requiresOpenaiAuth": false, "workspaceRouting": null}),
        now,
    );
    assert!(sign_in(&state).is_none());
    type_text(&mut state, "hello", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects)[0].0, "turn/start");
}

#[test]
fn an_account_read_that_fails_does_not_hold_prompts_and_says_why_unless_unknown() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        reply(
            RequestTag::ReadAccount,
            Err("account/read failed: workspace routing discovery failed (code -32603)".into()),
        ),
        now,
    );
    let (_, text) = last_notice(&state);
    assert!(
        text.contains("workspace routing discovery failed"),
        "{text}"
    );
    assert!(text.contains("/login"), "{text}");
    assert!(sign_in(&state).is_none());
    // A server without the method says nothing about it.
    let mut quiet = ready_state(now);
    update(
        &mut quiet,
        reply(
            RequestTag::ReadAccount,
            Err("account/read failed: fake server: no account/read (code -32601)".into()),
        ),
        now,
    );
    assert!(quiet
        .transcript()
        .cells()
        .iter()
        .all(|c| !matches!(c.kind(), tern::model::CellKind::Notice { .. })));
}

#[test]
fn an_api_key_signs_in_and_the_draft_goes_out_after() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    // The draft typed before: kept.
    state.set_draft("hello");
    press_apart(&mut state, KeyCode::Char('3'), &mut now);
    assert_eq!(screen(&state), Screen::ApiKey);
    // Empty: refused by tern (codex would store it).
    let effects = press_apart(&mut state, KeyCode::Enter, &mut now);
    assert_eq!(effects, vec![]);
    assert_eq!(
        sign_in(&state).unwrap().error.as_deref(),
        Some("The API key is empty: paste or type one.")
    );
    update(
        &mut state,
        AppEvent::Paste("  sk-test-abc123\n".into()),
        now,
    );
    let effects = press_apart(&mut state, KeyCode::Enter, &mut now);
    assert_eq!(
        requests(&effects),
        vec![(
            "account/login/start",
            json!({"type": "apiKey", "apiKey": "sk-test-abc123"})
        )]
    );
    let Effect::Request(request) = &effects[0] else {
        panic!()
    };
    assert_eq!(request.secret(), Some("sk-test-abc123"));
    assert!(
        !format!("{state:?}").contains("sk-test-abc123"),
        "state never prints the key"
    );
    assert!(
        !format!("{effects:?}").contains("sk-test-abc123"),
        "effects never print it"
    );
    assert_eq!(screen(&state), Screen::Starting(LoginKind::ApiKey));
    answer(
        &mut state,
        RequestTag::Login(LoginKind::ApiKey),
        json!({"type": "apiKey"}),
        now,
    );
    let effects = wire(update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": null, "success": true, "error": null, "onboardingEntrypoint": null}),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        vec![("account/read", json!({"refreshToken": false}))]
    );
    assert_eq!(screen(&state), Screen::Finishing);
    let effects = wire(update(
        &mut state,
        notify(
            "account/updated",
            json!({"authMode": "apikey", "planType": null, "reason": null}),
        ),
        now,
    ));
    assert_eq!(effects, vec![], "the read on its way says it");
    answer(
        &mut state,
        RequestTag::ReadAccount,
        json!({"account": {"type": "apiKey"}, "userId": null, "requiresOpenaiAuth": true}),
        now,
    );
    assert!(sign_in(&state).is_none(), "closed once it is known who");
    assert_eq!(last_notice(&state).1, "Signed in with an API key.");
    assert_eq!(state.draft(), "hello");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects)[0].0, "turn/start");
}

#[test]
fn a_rejected_key_shows_the_server_s_reason_and_the_choice_again() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('3'), &mut now);
    type_text(&mut state, "sk-bad", now);
    press_apart(&mut state, KeyCode::Enter, &mut now);
    answer(
        &mut state,
        RequestTag::Login(LoginKind::ApiKey),
        json!({"type": "apiKey"}),
        now,
    );
    update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": null, "success": false, "error": "Incorrect API key provided"}),
        ),
        now,
    );
    let layer = sign_in(&state).unwrap();
    assert_eq!(layer.screen, Screen::Choose);
    assert_eq!(
        layer.error.as_deref(),
        Some("Sign-in failed: Incorrect API key provided")
    );
}

#[test]
fn the_browser_sign_in_opens_the_link_and_esc_cancels_it() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    let effects = press_apart(&mut state, KeyCode::Enter, &mut now);
    assert_eq!(
        requests(&effects),
        vec![("account/login/start", json!({"type": "chatgpt"}))]
    );
    let url = "https://auth.openai.com/oauth/authorize?state=s1";
    let effects = answer(
        &mut state,
        RequestTag::Login(LoginKind::Browser),
        json!({"type": "chatgpt", "loginId": "login-1", "authUrl": url}),
        now,
    );
    assert_eq!(effects, vec![Effect::OpenUrl(url.into())]);
    let effects = press_apart(&mut state, KeyCode::Char('c'), &mut now);
    assert_eq!(effects, vec![Effect::CopyToClipboard(url.into())]);
    let effects = press_apart(&mut state, KeyCode::Esc, &mut now);
    assert_eq!(
        requests(&effects),
        vec![("account/login/cancel", json!({"loginId": "login-1"}))]
    );
    assert_eq!(screen(&state), Screen::Choose);
    // The cancelled login's completion is not a failure to show.
    update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": "login-1", "success": false,
                   "error": "Login server error: Login was not completed"}),
        ),
        now,
    );
    assert_eq!(sign_in(&state).unwrap().error, None);
}

#[test]
fn a_remote_session_offers_the_device_code_first_and_opens_no_browser() {
    let mut now = Instant::now();
    let mut config = config();
    config.first_run.no_browser = Some("this is an ssh session".into());
    let mut state = started(
        AppState::new(config),
        json!({}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "m", "cwd": "/w"}),
        now,
    );
    answer(&mut state, RequestTag::ReadAccount, signed_out(), now);
    let effects = press_apart(&mut state, KeyCode::Enter, &mut now);
    assert_eq!(
        requests(&effects),
        vec![("account/login/start", json!({"type": "chatgptDeviceCode"}))]
    );
    // The browser way, picked by its number, opens nothing here.
    press_apart(&mut state, KeyCode::Esc, &mut now);
    press_apart(&mut state, KeyCode::Char('2'), &mut now);
    let effects = answer(
        &mut state,
        RequestTag::Login(LoginKind::Browser),
        json!({"type": "chatgpt", "loginId": "l2", "authUrl": "https://a/b"}),
        now,
    );
    assert_eq!(effects, vec![]);
}

#[test]
fn a_device_code_that_expires_says_so_and_offers_the_choice_again() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('2'), &mut now);
    answer(
        &mut state,
        RequestTag::Login(LoginKind::DeviceCode),
        json!({"type": "chatgptDeviceCode", "loginId": "d1",
               "verificationUrl": "https://auth.openai.com/codex/device", "userCode": "ABCD-1234"}),
        now,
    );
    assert!(matches!(screen(&state), Screen::DeviceCode { ref code, .. } if code == "ABCD-1234"));
    let effects = press_apart(&mut state, KeyCode::Char('c'), &mut now);
    assert_eq!(effects, vec![Effect::CopyToClipboard("ABCD-1234".into())]);
    update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": "d1", "success": false, "error": "device code expired"}),
        ),
        now,
    );
    let layer = sign_in(&state).unwrap();
    assert_eq!(layer.screen, Screen::Choose);
    assert_eq!(
        layer.error.as_deref(),
        Some("Sign-in failed: device code expired")
    );
}

#[test]
fn an_offline_device_code_request_shows_the_server_s_error() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('2'), &mut now);
    update(
        &mut state,
        reply(RequestTag::Login(LoginKind::DeviceCode), Err("account/login/start failed: failed to request device code: error sending request (code -32603)".into())),
        now,
    );
    let layer = sign_in(&state).unwrap();
    assert_eq!(layer.screen, Screen::Choose);
    assert!(layer
        .error
        .as_deref()
        .unwrap()
        .contains("failed to request device code"));
}

#[test]
fn a_chatgpt_sign_in_completes_and_says_who_with_the_plan() {
    let mut now = Instant::now();
    let mut state = with_account(signed_out(), now);
    press_apart(&mut state, KeyCode::Char('1'), &mut now);
    // The completion may overtake the answer naming its login: it is kept for it.
    update(
        &mut state,
        notify(
            "account/login/completed",
            json!({"loginId": "b1", "success": true, "error": null}),
        ),
        now,
    );
    answer(
        &mut state,
        RequestTag::Login(LoginKind::Browser),
        json!({"type": "chatgpt", "loginId": "b1", "authUrl": "https://a/b"}),
        now,
    );
    assert_eq!(screen(&state), Screen::Finishing);
    answer(
        &mut state,
        RequestTag::ReadAccount,
        json!({"account": {"type": "chatgpt", "email": "ada@example.com", "planType": "pro",
                            "workspaceName": null}, "userId": "u", "requiresOpenaiAuth": true}),
        now,
    );
    assert!(sign_in(&state).is_none());
    assert_eq!(
        last_notice(&state).1,
        "Signed in with ChatGPT as ada@example.com (Pro plan)."
    );
}

#[test]
fn logout_asks_first_then_signs_out() {
    let mut now = Instant::now();
    let mut state = with_account(
        json!({"account": {"type": "apiKey"}, "userId": null, "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut state, "/logout", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(effects, vec![], "nothing before the confirming key");
    assert_eq!(screen(&state), Screen::ConfirmLogout);
    let effects = press_apart(&mut state, KeyCode::Char('y'), &mut now);
    assert_eq!(effects.len(), 1);
    assert_eq!(requests(&effects), vec![("account/logout", Value::Null)]);
    let effects = answer(&mut state, RequestTag::Logout, json!({}), now);
    assert_eq!(requests(&effects)[0].0, "account/read");
    update(
        &mut state,
        notify(
            "account/updated",
            json!({"authMode": null, "planType": null, "reason": null}),
        ),
        now,
    );
    answer(&mut state, RequestTag::ReadAccount, signed_out(), now);
    assert_eq!(
        last_notice(&state).1,
        "Signed out of codex. /login signs in again."
    );
    assert!(
        sign_in(&state).is_none(),
        "signed out on purpose: no layer until asked"
    );
    // Esc on the box keeps the sign-in.
    let mut kept = with_account(
        json!({"account": {"type": "apiKey"}, "userId": null, "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut kept, "/logout", now);
    update(&mut kept, key(KeyCode::Enter), now);
    let effects = press_apart(&mut kept, KeyCode::Esc, &mut now);
    assert_eq!(effects, vec![]);
    assert!(sign_in(&kept).is_none());
}

#[test]
fn typing_that_meets_the_choice_screen_is_refused_whole_and_never_reaches_the_draft() {
    let now = Instant::now();
    let mut state = with_account(signed_out(), now);
    let ms = |n: u64| now + Duration::from_millis(n);
    // A secret and Enter typed as the screen appears: none of it picks, none of it is kept.
    let mut effects = Vec::new();
    for (i, c) in "sk-2secret".chars().enumerate() {
        effects.extend(wire(update(
            &mut state,
            key(KeyCode::Char(c)),
            ms(40 * i as u64),
        )));
    }
    effects.extend(wire(update(&mut state, key(KeyCode::Enter), ms(420))));
    effects.extend(wire(update(&mut state, AppEvent::Tick, ms(2000))));
    assert_eq!(effects, vec![]);
    assert_eq!(state.draft(), "");
    assert_eq!(screen(&state), Screen::Choose);
    assert_eq!(sign_in(&state).unwrap().selected, 0, "j/k moved nothing");
    // Later, a burst after a pause: a `3` (or `j`) followed fast by more is refused whole,
    // and an Enter right after it picks nothing.
    let mut effects = wire(update(&mut state, key(KeyCode::Char('j')), ms(3000)));
    effects.extend(wire(update(&mut state, key(KeyCode::Char('3')), ms(3010))));
    effects.extend(wire(update(&mut state, key(KeyCode::Char('x')), ms(3020))));
    effects.extend(wire(update(&mut state, AppEvent::Tick, ms(3100))));
    effects.extend(wire(update(&mut state, key(KeyCode::Enter), ms(3300))));
    effects.extend(wire(update(&mut state, AppEvent::Tick, ms(3400))));
    assert_eq!(effects, vec![]);
    assert_eq!(screen(&state), Screen::Choose);
    assert_eq!(sign_in(&state).unwrap().selected, 0);
    assert_eq!(state.draft(), "");
    // A paste is refused whole too, and a key held just before it with it.
    wire(update(&mut state, key(KeyCode::Char('2')), ms(5000)));
    wire(update(
        &mut state,
        AppEvent::Paste("sk-pasted-secret\n".into()),
        ms(5020),
    ));
    assert_eq!(wire(update(&mut state, AppEvent::Tick, ms(5100))), vec![]);
    assert_eq!(screen(&state), Screen::Choose);
    assert_eq!(state.draft(), "");
    // The screen says where a key went.
    let shown = crate::support::common::screen(&mut state, 100, 30, ms(5100));
    assert!(
        shown.contains("Typing refused: this screen takes no text"),
        "{shown}"
    );
    assert!(!shown.contains("secret"), "{shown}");
    // After a pause, one key picks.
    let mut at = ms(7000);
    press_apart(&mut state, KeyCode::Char('3'), &mut at);
    assert_eq!(screen(&state), Screen::ApiKey);
}

#[test]
fn status_shows_the_account_and_asks_a_chatgpt_sign_in_for_its_limits() {
    let now = Instant::now();
    let mut state = with_account(
        json!({"account": {"type": "chatgpt", "email": "ada@example.com", "planType": "plus"},
               "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut state, "/status", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        requests(&effects),
        vec![("account/rateLimits/read", json!({}))]
    );
    answer(
        &mut state,
        RequestTag::ReadRateLimits,
        json!({"rateLimits": {"limitId": "codex", "limitName": null,
               "primary": {"usedPercent": 42, "windowDurationMins": 300, "resetsAt": null},
               "secondary": null}}),
        now,
    );
    let rows = tern::app::layers::status_view::status_rows(&state.session, None);
    let find = |label: &str| {
        rows.iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    assert_eq!(
        find("Account"),
        "signed in with ChatGPT as ada@example.com (Plus plan)"
    );
    assert_eq!(find("Rate limit"), "42% of the 5-hour limit used");
    // An API key has no limits to read.
    let mut keyed = with_account(
        json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true}),
        now,
    );
    type_text(&mut keyed, "/status", now);
    let effects = wire(update(&mut keyed, key(KeyCode::Enter), now));
    assert_eq!(requests(&effects), vec![]);
    // None reported yet is said, not left out.
    let rows = tern::app::layers::status_view::status_rows(&keyed.session, None);
    assert!(
        rows.iter()
            .any(|(l, v)| l == "Rate limits" && v == "none reported yet"),
        "{rows:?}"
    );
    assert!(!rows.iter().any(|(l, _)| l == "Rate limit"), "{rows:?}");
}
