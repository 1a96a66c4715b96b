//! `/usage`, `/import` and `/rc` as transitions (`/daemon`: `daemon.rs`): each request down
//! to the exact JSON codex 0.171's schema wants, nothing sent before its `y` in the one confirm
//! box, `n` or Esc there sending nothing, and a refusal or a missing method said in words
//! (never a box that waits for ever).

use crate::support::account_fixtures::*;
use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn command(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    state.set_draft(text);
    wire(update(state, key(KeyCode::Enter), now))
}

fn press_char(state: &mut AppState, c: char, now: Instant) -> Vec<Effect> {
    wire(update(state, key(KeyCode::Char(c)), now))
}

fn top_layer(state: &AppState) -> Option<&Layer> {
    state.person_layers().last()
}

// ---- /usage ----

fn usage_open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(&mut state, account("chatgpt"), now);
    let effects = command(&mut state, "/usage", now);
    assert_eq!(
        requests(&effects),
        [
            ("account/usage/read", json!({"threadId": THREAD})),
            ("account/rateLimits/read", json!({})),
        ]
    );
    assert!(matches!(top_layer(&state), Some(Layer::Usage(_))));
    for event in usage_events(false) {
        update(&mut state, event, now);
    }
    state
}

#[test]
fn usage_reads_the_usage_of_this_thread_and_every_limit() {
    let now = Instant::now();
    let mut state = usage_open(now);
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("100% of the 5-hour limit used"), "{text}");
    assert!(text.contains("Reset credits: 2 available"), "{text}");
    assert!(
        text.contains("This thread: about 1.25 credits ($0.45)"),
        "{text}"
    );
    assert!(text.contains("2026-12-06"), "{text}");
}

#[test]
fn usage_without_a_chatgpt_sign_in_says_why_and_asks_nothing() {
    let now = Instant::now();
    for (kind, says) in [
        ("apikey", "signed in with an API key"),
        ("none", "this session's model provider does not use one"),
    ] {
        let mut state = ready_state(now);
        update(&mut state, account(kind), now);
        let effects = command(&mut state, "/usage", now);
        assert!(requests(&effects).is_empty(), "{effects:?}");
        assert!(!matches!(top_layer(&state), Some(Layer::Usage(_))));
        let (level, text) = last_notice(&state);
        assert_eq!(level, NoticeLevel::Info);
        assert!(text.contains("/usage needs a ChatGPT sign-in"), "{text}");
        assert!(text.contains(says), "{text}");
    }
}

#[test]
fn a_reset_spends_a_credit_only_after_y_and_any_other_key_keeps_it() {
    let now = Instant::now();
    let mut state = usage_open(now);
    assert!(press_char(&mut state, 'r', now).is_empty());
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Reset the usage limits?"), "{text}");
    let question = asked(&state).expect("the one confirm box asks");
    assert!(
        question.contains("This spends one reset credit"),
        "{question}"
    );
    assert!(
        press_char(&mut state, 'n', now).is_empty(),
        "n spends nothing"
    );
    assert_eq!(asked(&state), None, "n leaves the question");
    assert!(
        press_char(&mut state, 'y', now).is_empty(),
        "y without the question: nothing"
    );
    press_char(&mut state, 'r', now);
    let effects = press_char(&mut state, 'y', now);
    let sent = requests(&effects);
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (method, params) = &sent[0];
    assert_eq!(*method, "account/rateLimitResetCredit/consume");
    assert_eq!(params["creditId"], json!("credit-1"));
    let key = params["idempotencyKey"].as_str().unwrap();
    assert!(key.starts_with("tern-"), "{key}");
    assert_eq!(params.as_object().unwrap().len(), 2, "{params}");
    // While it is on its way, `r` is not offered again.
    press_char(&mut state, 'r', now);
    assert!(press_char(&mut state, 'y', now).is_empty());
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ConsumeResetCredit,
            Ok(json!({"outcome": "reset"})),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [("account/rateLimits/read", json!({}))],
        "the limits are read again"
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Info,
            "Usage limits reset: one reset credit spent.".to_string()
        )
    );
    // A second attempt gets a key of its own.
    update(&mut state, usage_events(false)[1].clone(), now);
    press_char(&mut state, 'r', now);
    let again = requests(&press_char(&mut state, 'y', now));
    assert_ne!(again[0].1["idempotencyKey"], json!(key));
}

#[test]
fn usage_refused_by_codex_says_so_in_the_box() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(&mut state, account("chatgpt"), now);
    command(&mut state, "/usage", now);
    let refused = "codex account authentication required to read token usage (code -32600)";
    update(
        &mut state,
        reply(RequestTag::ReadUsage, Err(refused.into())),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::ReadUsageLimits,
            Err("Method not found: account/rateLimits/read (code -32601)".into()),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("Could not read the usage: codex account"),
        "{text}"
    );
    assert!(
        text.contains("Could not read the limits: Method not found"),
        "{text}"
    );
    assert!(!text.contains("Reading the"), "{text}");
}

// ---- /import ----

fn import_open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let effects = command(&mut state, "/import", now);
    assert_eq!(
        requests(&effects),
        [(
            "externalAgentConfig/detect",
            json!({"includeHome": true, "cwds": ["/home/user/project"]})
        )]
    );
    assert!(matches!(top_layer(&state), Some(Layer::Import(_))));
    let mut answer = detect_answer(false);
    // A field of a newer codex: sent back with its item.
    answer["items"][0]["someFieldOfTomorrow"] = json!({"x": 1});
    update(&mut state, reply(RequestTag::DetectImport, Ok(answer)), now);
    state
}

#[test]
fn import_sends_back_exactly_the_detected_items_after_y() {
    let now = Instant::now();
    let mut state = import_open(now);
    assert!(press_char(&mut state, 'i', now).is_empty());
    let question = asked(&state).expect("the one confirm box asks");
    assert!(question.starts_with("Import all 6 items?"), "{question}");
    assert!(
        press_char(&mut state, 'x', now).is_empty(),
        "x imports nothing"
    );
    assert!(asked(&state).is_some(), "x is no answer");
    assert!(
        press_char(&mut state, 'n', now).is_empty(),
        "n imports nothing"
    );
    assert_eq!(asked(&state), None);
    press_char(&mut state, 'i', now);
    let effects = press_char(&mut state, 'y', now);
    let mut items = detect_answer(false)["items"].clone();
    items[0]["someFieldOfTomorrow"] = json!({"x": 1});
    assert_eq!(
        requests(&effects),
        [(
            "externalAgentConfig/import",
            json!({"migrationItems": items})
        )]
    );
    // Once started, `i` is not offered again.
    press_char(&mut state, 'i', now);
    assert!(press_char(&mut state, 'y', now).is_empty());
}

#[test]
fn import_progress_and_completion_are_shown_and_summed_up() {
    let now = Instant::now();
    let mut state = import_open(now);
    press_char(&mut state, 'i', now);
    press_char(&mut state, 'y', now);
    update(
        &mut state,
        reply(RequestTag::StartImport, Ok(json!({"importId": "imp-1"}))),
        now,
    );
    let progress = |results: Vec<Value>, id: &str| {
        notify(
            "externalAgentConfig/import/progress",
            json!({"importId": id, "itemTypeResults": results}),
        )
    };
    update(
        &mut state,
        progress(
            vec![import_result(
                "AGENTS_MD",
                "/h/.claude/CLAUDE.md",
                "/h/.codex/AGENTS.md",
                None,
            )],
            "imp-1",
        ),
        now,
    );
    // Someone else's import is not ours.
    update(
        &mut state,
        progress(
            vec![import_result("SKILLS", "theirs", "theirs", None)],
            "imp-other",
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Importing…"), "{text}");
    assert!(
        text.contains("✓ /h/.claude/CLAUDE.md → /h/.codex/AGENTS.md"),
        "{text}"
    );
    assert!(!text.contains("theirs"), "{text}");
    update(
        &mut state,
        notify(
            "externalAgentConfig/import/completed",
            json!({"importId": "imp-1", "itemTypeResults": [
                import_result("AGENTS_MD", "/h/.claude/CLAUDE.md", "/h/.codex/AGENTS.md", None),
                import_result("SESSIONS", "/h/.claude/projects/-w/abc.jsonl", "019-thread", Some("hello there")),
                import_failure("CONFIG", "config.toml is not writable"),
            ]}),
        ),
        now,
    );
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            "Import done: 2 imported, 1 failed (/import shows why).".to_string()
        )
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Imported: 2 done, 1 failed"), "{text}");
    assert!(text.contains("✓ hello there → 019-thread"), "{text}");
    assert!(text.contains("config.toml is not writable"), "{text}");
}

#[test]
fn import_refused_or_missing_is_said() {
    let now = Instant::now();
    let mut state = ready_state(now);
    command(&mut state, "/import", now);
    update(
        &mut state,
        reply(
            RequestTag::DetectImport,
            Err("Method not found: externalAgentConfig/detect (code -32601)".into()),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("codex could not look for anything to import: Method not found"),
        "{text}"
    );
    assert!(press_char(&mut state, 'i', now).is_empty());
    // An empty answer: nothing to import, and `i` does nothing.
    command(&mut state, "/import", now);
    update(&mut state, key(KeyCode::Esc), now);
    command(&mut state, "/import", now);
    update(
        &mut state,
        reply(
            RequestTag::DetectImport,
            Ok(json!({"items": [], "connectors": []})),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Nothing to import"), "{text}");
    press_char(&mut state, 'i', now);
    assert!(press_char(&mut state, 'y', now).is_empty());
}

// ---- /rc ----

fn rc_open(now: Instant, status: &str) -> AppState {
    let mut state = ready_state(now);
    let effects = command(&mut state, "/rc", now);
    assert_eq!(
        requests(&effects),
        [("remoteControl/status/read", Value::Null)]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ReadRemoteControl,
            Ok(rc_status(status, Some("env-1"))),
        ),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "remoteControl/client/list",
            json!({"environmentId": "env-1", "limit": 100, "order": "desc"})
        )]
    );
    update(
        &mut state,
        reply(RequestTag::ListRemoteClients, Ok(rc_clients(false))),
        now,
    );
    state
}

#[test]
fn rc_lists_clients_and_revokes_the_selected_one_after_y() {
    let now = Instant::now();
    let mut state = rc_open(now, "connected");
    update(&mut state, key(KeyCode::Down), now);
    press_char(&mut state, 'x', now);
    assert_eq!(
        asked(&state).as_deref(),
        Some("Revoke the client “client-2”? It can no longer connect.")
    );
    assert!(
        press_char(&mut state, 'n', now).is_empty(),
        "n revokes nothing"
    );
    assert_eq!(asked(&state), None);
    press_char(&mut state, 'x', now);
    let effects = press_char(&mut state, 'y', now);
    assert_eq!(
        requests(&effects),
        [(
            "remoteControl/client/revoke",
            json!({"environmentId": "env-1", "clientId": "client-2"})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::RevokeRemoteClient {
                client_id: "client-2".into(),
            },
            Ok(json!({})),
        ),
        now,
    ));
    assert_eq!(requests(&effects)[0].0, "remoteControl/client/list");
    assert!(last_notice(&state).1.contains("client-2 revoked"));
}

#[test]
fn rc_turns_on_or_off_after_y_and_pairs() {
    let now = Instant::now();
    let mut state = rc_open(now, "connected");
    press_char(&mut state, 'e', now);
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Turn remote control off?"), "{text}");
    assert!(asked(&state).is_some_and(|q| q.contains("Paired clients lose this codex")));
    assert_eq!(
        requests(&press_char(&mut state, 'y', now)),
        [("remoteControl/disable", json!({}))]
    );
    assert_eq!(
        requests(&press_char(&mut state, 'p', now)),
        [("remoteControl/pairing/start", json!({"manualCode": true}))]
    );
    update(
        &mut state,
        reply(
            RequestTag::StartPairing,
            Ok(
                json!({"pairingCode": "PAIR-123", "manualPairingCode": "12 34 56",
                      "environmentId": "env-1", "expiresAt": 4_000_000_000_i64}),
            ),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("Pairing code: PAIR-123"), "{text}");
    assert!(text.contains("Or type: 12 34 56"), "{text}");
    // Off: `e` turns it on.
    let mut state = rc_open(now, "disabled");
    press_char(&mut state, 'e', now);
    assert!(asked(&state).is_some_and(|q| q.starts_with("Turn remote control on?")));
    assert_eq!(
        requests(&press_char(&mut state, 'y', now)),
        [("remoteControl/enable", json!({}))]
    );
    update(
        &mut state,
        reply(
            RequestTag::EnableRemoteControl,
            Err("remote control requires ChatGPT authentication (code -32600)".into()),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("codex refused: remote control requires ChatGPT authentication"),
        "{text}"
    );
}

#[test]
fn rc_on_a_codex_without_it_says_so() {
    let now = Instant::now();
    let mut state = ready_state(now);
    command(&mut state, "/rc", now);
    update(
        &mut state,
        reply(
            RequestTag::ReadRemoteControl,
            Err("Method not found: remoteControl/status/read (code -32601)".into()),
        ),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("This codex does not offer remote control"),
        "{text}"
    );
    assert!(press_char(&mut state, 'e', now).is_empty());
}
