//! Sign-in in the real binary, against the hostile fake app-server scripted for each flow (the
//! exact JSON tern sends is asserted from the fake's record): an API key rejected then accepted
//! and a logout; ChatGPT in a browser cancelled, failed, then signed in (the opener given the
//! link; a hostile link shown sanitised and never opened); a device code that expires, then
//! works; a turn refused with 401. Also the demo's offline sign-in and codex not found.

use crate::support::fake_server::{leaked, payload, step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn signed_out() -> Value {
    json!({"account": null, "userId": null, "requiresOpenaiAuth": true, "workspaceRouting": null})
}

fn reply(method: &str, result: Value) -> Value {
    json!({"on": method, "reply": result})
}

fn completed(login_id: Option<&str>, error: Option<&str>) -> Value {
    step::notify(
        "account/login/completed",
        json!({"loginId": login_id, "success": error.is_none(), "error": error,
               "onboardingEntrypoint": null}),
    )
}

fn updated(mode: Option<&str>) -> Value {
    step::notify(
        "account/updated",
        json!({"authMode": mode, "planType": null, "reason": null}),
    )
}

/// tern against `fake`, with `extra` environment, none of the host's ssh or browser settings.
fn spawn(fake: &FakeServer, extra: &[(&str, OsString)]) -> PtySession {
    let mut env = fake.env();
    env.extend(extra.iter().cloned());
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &[],
        &env,
        &[
            "SSH_CONNECTION",
            "SSH_TTY",
            "BROWSER",
            "OPENAI_API_KEY",
            "DISPLAY",
        ],
        &fake.work_dir(),
        (110, 36),
    )
}

/// The params of every message tern sent with `method`.
fn sent(fake: &FakeServer, method: &str) -> Vec<Value> {
    fake.recorded()
        .into_iter()
        .filter(|m| m["method"] == method)
        .map(|m| m.get("params").cloned().unwrap_or(Value::Null))
        .collect()
}

#[test]
fn an_api_key_rejected_then_accepted_then_signed_out() {
    let fake = FakeServer::new(&[
        reply("account/read", signed_out()),
        reply("account/login/start", json!({"type": "apiKey"})),
        // Signed out before the logout's answer leaves, as codex is: the read that follows it
        // must never see the key still signed in, however slowly this script runs.
        json!({"on": "account/logout", "reply": {}, "sets": {"account/read": signed_out()}}),
        step::wait("account/login/start"),
        completed(
            None,
            Some(&format!("Incorrect API key provided{}", payload("e"))),
        ),
        step::wait("account/login/start"),
        reply(
            "account/read",
            json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true}),
        ),
        completed(None, None),
        updated(Some("apikey")),
        step::wait("account/logout"),
        updated(None),
    ]);
    let mut tern = spawn(&fake, &[]);
    tern.wait_for_text("Sign in to codex", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(b"sk-bad-key-000\r");
    tern.wait_for_text("Sign-in failed: Incorrect API key provided", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(b"  sk-good-key-111\r");
    tern.wait_for_text("Signed in with an API key.", WAIT);
    assert_eq!(
        sent(&fake, "account/login/start"),
        [
            json!({"type": "apiKey", "apiKey": "sk-bad-key-000"}),
            json!({"type": "apiKey", "apiKey": "sk-good-key-111"})
        ],
        "trimmed, exactly as the schema spells it"
    );
    tern.send(b"/logout\r");
    tern.wait_for_text("Sign codex out?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Signed out of codex", WAIT);
    assert_eq!(sent(&fake, "account/logout"), [Value::Null]);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let raw = tern.raw_output();
    assert_eq!(leaked(&raw), Vec::<String>::new());
    for key in ["sk-bad-key-000", "sk-good-key-111"] {
        assert!(
            !String::from_utf8_lossy(&raw).contains(key),
            "{key} reached the terminal"
        );
        let log = std::fs::read_to_string(fake.dir.path().join("logs/tern.log")).unwrap();
        assert!(!log.contains(key), "{key} reached the log");
    }
}

#[test]
fn the_browser_sign_in_cancelled_failed_then_signed_in() {
    let opened = tempfile::tempdir().unwrap();
    let recorder = opened.path().join("browser.sh");
    let record = opened.path().join("opened.txt");
    std::fs::write(
        &recorder,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{}'\n",
            record.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&recorder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let clean = "https://auth.example.com/oauth/authorize?state=L1&redirect_uri=http%3A%2F%2F127.0.0.1%3A1455%2Fauth%2Fcallback";
    let hostile = format!(
        "https://auth.example.com/oauth/authorize?state=L2{}",
        payload("u")
    );
    let fake = FakeServer::new(&[
        reply("account/read", signed_out()),
        reply(
            "account/login/start",
            json!({"type": "chatgpt", "loginId": "L1", "authUrl": clean}),
        ),
        reply("account/login/cancel", json!({"status": "canceled"})),
        step::wait("account/login/start"),
        // Each next answer is in place as soon as the previous start was answered: the test
        // presses Enter once it sees the last step's effect, which can come before the script
        // reaches its next line.
        reply(
            "account/login/start",
            json!({"type": "chatgpt", "loginId": "L2", "authUrl": hostile}),
        ),
        step::wait("account/login/cancel"),
        completed(
            Some("L1"),
            Some("Login server error: Login was not completed"),
        ),
        step::wait("account/login/start"),
        reply(
            "account/login/start",
            json!({"type": "chatgpt", "loginId": "L3", "authUrl": clean}),
        ),
        completed(Some("L2"), Some("workspace routing discovery failed")),
        step::wait("account/login/start"),
        reply(
            "account/read",
            json!({"account": {"type": "chatgpt", "email": format!("ada{}@example.com", payload("m")),
                                "planType": "plus", "workspaceName": null},
                   "requiresOpenaiAuth": true}),
        ),
        completed(Some("L3"), None),
        updated(Some("chatgpt")),
    ]);
    let mut tern = spawn(&fake, &[("BROWSER", recorder.clone().into())]);
    tern.wait_for_text("Sign in to codex", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Your browser should have opened this link", WAIT);
    tern.wait_for_text("port 1455", WAIT);
    let deadline = std::time::Instant::now() + WAIT;
    while !record.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        std::fs::read_to_string(&record).unwrap_or_default().trim(),
        clean,
        "the opener was given the link"
    );
    tern.send(b"\x1b");
    tern.wait_for_text("Sign in to codex", WAIT);
    let cancel = fake.wait_method("account/login/cancel", WAIT);
    assert_eq!(cancel["params"], json!({"loginId": "L1"}));
    tern.send(b"\r");
    tern.wait_for_text("Sign-in failed: workspace routing discovery failed", WAIT);
    assert_eq!(
        std::fs::read_to_string(&record).unwrap().lines().count(),
        1,
        "a hostile link is never handed to the opener"
    );
    assert!(
        !tern.screen_text().contains("Login was not completed"),
        "a cancel is no failure"
    );
    tern.send(b"\r");
    tern.wait_for_text("Signed in with ChatGPT as ada", WAIT);
    assert_eq!(
        sent(&fake, "account/login/start"),
        vec![json!({"type": "chatgpt"}); 3]
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    assert_eq!(leaked(&tern.raw_output()), Vec::<String>::new());
}

#[test]
fn a_device_code_that_expires_then_one_that_works() {
    let fake = FakeServer::new(&[
        reply("account/read", signed_out()),
        reply(
            "account/login/start",
            json!({"type": "chatgptDeviceCode", "loginId": "D1",
                   "verificationUrl": format!("https://auth.openai.com/codex/device{}", payload("v")),
                   "userCode": format!("ABCD-1234{}", payload("c"))}),
        ),
        step::wait("account/login/start"),
        // The code lives a while before it expires (codex's last 15 minutes).
        json!({"sleep_ms": 2000}),
        completed(Some("D1"), Some("device code expired")),
        reply(
            "account/login/start",
            json!({"type": "chatgptDeviceCode", "loginId": "D2",
                   "verificationUrl": "https://auth.openai.com/codex/device", "userCode": "WXYZ-9876"}),
        ),
        step::wait("account/login/start"),
        reply(
            "account/read",
            json!({"account": {"type": "chatgpt", "email": null, "planType": "pro"},
                   "requiresOpenaiAuth": true}),
        ),
        // The person enters the code on another device.
        json!({"sleep_ms": 2000}),
        completed(Some("D2"), None),
        updated(Some("chatgpt")),
    ]);
    let mut tern = spawn(&fake, &[]);
    tern.wait_for_text("Sign in to codex", WAIT);
    // No display and no $BROWSER here: the device code comes first.
    tern.wait_for_text("1. Sign in with a device code", WAIT);
    tern.send(b"1");
    tern.wait_for_text("Never enter this code for anyone else", WAIT);
    tern.wait_for_text("ABCD-1234", WAIT);
    tern.wait_for_text("Sign-in failed: device code expired", WAIT);
    tern.send(b"1");
    tern.wait_for_text("WXYZ-9876", WAIT);
    tern.wait_for_text("Signed in with ChatGPT (Pro plan).", WAIT);
    assert_eq!(
        sent(&fake, "account/login/start"),
        vec![json!({"type": "chatgptDeviceCode"}); 2]
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    assert_eq!(leaked(&tern.raw_output()), Vec::<String>::new());
}

fn error_401(retry: bool, message: &str) -> Value {
    let info = if retry {
        json!({"responseStreamDisconnected": {"httpStatusCode": 401}})
    } else {
        json!({"httpConnectionFailed": {"httpStatusCode": 401}})
    };
    step::notify(
        "error",
        json!({"error": {"message": message, "codexErrorInfo": info, "additionalDetails": null},
               "willRetry": retry, "threadId": "{{thread}}", "turnId": "{{turn}}"}),
    )
}

#[test]
fn a_turn_refused_with_401_is_one_line_and_goes_again_after_signing_in() {
    let mut steps = vec![
        reply(
            "account/read",
            json!({"account": {"type": "apiKey"}, "requiresOpenaiAuth": true}),
        ),
        reply("account/login/start", json!({"type": "apiKey"})),
        step::wait("turn/start"),
    ];
    for n in 1..=5 {
        steps.push(error_401(true, &format!("Reconnecting... {n}/5")));
    }
    steps.extend([
        step::notify(
            "warning",
            json!({"threadId": "{{thread}}", "message": "Falling back from WebSockets to HTTPS transport. unexpected status 401"}),
        ),
        step::notify(
            "thread/status/changed",
            json!({"threadId": "{{thread}}", "status": {"type": "systemError"}}),
        ),
        error_401(
            false,
            "unexpected status 401 Unauthorized: Incorrect API key provided, url: http://x/v1/responses",
        ),
        step::notify(
            "turn/completed",
            json!({"threadId": "{{thread}}", "turn": {"id": "{{turn}}", "items": [], "status": "failed",
                   "error": {"message": "401", "codexErrorInfo": {"httpConnectionFailed": {"httpStatusCode": 401}}}}}),
        ),
        step::wait("account/login/start"),
        completed(None, None),
        step::wait("turn/start"),
        step::agent_message("m1", "ANSWERED-AFTER-SIGN-IN"),
        step::turn_completed(),
    ]);
    let fake = FakeServer::new(&steps);
    let mut tern = spawn(&fake, &[]);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"hello\r");
    tern.wait_for_text(
        "Sign-in needed: codex's requests to the model were refused",
        WAIT,
    );
    let screen = tern.screen_text();
    for noise in ["Reconnecting", "Falling back", "systemError", "Turn failed"] {
        assert!(!screen.contains(noise), "{noise} on screen:\n{screen}");
    }
    // The message is back in the composer; Enter opens the sign-in over it.
    tern.send(b"\r");
    tern.wait_for_text("were refused (401 Unauthorized): sign in again", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(b"sk-new-key-222\r");
    tern.wait_for_text("Signed in with an API key.", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("ANSWERED-AFTER-SIGN-IN", WAIT);
    assert_eq!(
        sent(&fake, "thread/revert"),
        [json!({"threadId": "thr-fake", "beforeTurnId": "turn-1"})],
        "the refused turn goes before its message is sent again"
    );
    let turns = sent(&fake, "turn/start");
    assert_eq!(turns.len(), 2);
    assert_eq!(turns[1]["input"][0]["text"], "hello");
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn the_demo_shows_every_sign_in_screen_offline() {
    let dir = tempfile::tempdir().unwrap();
    let mut tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--demo"],
        &[
            ("TERN_LOG_DIR", dir.path().into()),
            ("HOME", dir.path().into()),
            ("TERN_APPROVAL_READ_GUARD_MS", "0".into()),
        ],
        dir.path(),
        (100, 32),
    );
    tern.wait_for_text("ready", WAIT);
    tern.send(b"/login\r");
    // Signed in already: said, with the way out, not the first-run words.
    tern.wait_for_text("signed in with ChatGPT as demo@example.com", WAIT);
    tern.wait_for_text("Already signed in", WAIT);
    tern.wait_for_text("/logout signs out", WAIT);
    tern.send(b"1");
    tern.wait_for_text("DEMO-2468", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Already signed in", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(b"sk-demo-key\r");
    tern.wait_for_text("Signed in with an API key.", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn codex_not_found_names_every_place_tried_and_the_install_command() {
    let home = tempfile::tempdir().unwrap();
    let mut tern = PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &[],
        &[
            ("HOME", home.path().into()),
            ("PATH", home.path().into()),
            ("XDG_CONFIG_HOME", home.path().join("cfg").into()),
        ],
        &["TERN_CODEX_BIN", "TERN_CONFIG"],
        home.path(),
        (100, 30),
    );
    assert_eq!(tern.wait_exit_code(WAIT), 2);
    let text = String::from_utf8_lossy(&tern.raw_output()).replace("\r\n", "\n");
    for part in [
        "codex was not found",
        "--codex-bin: not given",
        "TERN_CODEX_BIN: not set",
        "codex_bin in tern's config file: not set",
        "PATH: no `codex`",
        "npm install -g @openai/codex",
        "tern --demo",
    ] {
        assert!(text.contains(part), "{part} missing from:\n{text}");
    }
}

#[test]
fn a_secret_typed_or_pasted_on_the_choice_screen_goes_nowhere() {
    let fake = FakeServer::new(&[reply("account/read", signed_out())]);
    let history = fake.dir.path().join("history.jsonl");
    let mut tern = spawn(&fake, &[("TERN_HISTORY_FILE", history.clone().into())]);
    tern.wait_for_text("Sign in to codex", WAIT);
    tern.wait_for_text("Keys here only pick a way in", WAIT);
    // A paste, then a burst typed faster than a person picks, Enter included: `3` and `j`
    // inside it neither pick nor move a choice.
    tern.send(b"\x1b[200~sk-PASTED-SECRET-0001\x1b[201~");
    tern.send(b"3sk-TYPED-SECRET-0002j\r");
    tern.wait_for_text("Typing refused: this screen takes no text", WAIT);
    let shown = tern.screen_text();
    assert!(shown.contains("› 1. Sign in with a device code"), "{shown}");
    assert!(!shown.contains("SECRET"), "{shown}");
    assert!(!shown.contains("Use an OpenAI API key"), "{shown}");
    // A person's pause (the input itself, not a wait for tern: a key right behind the burst
    // is refused too), then Esc: later. The draft under the screen is empty, and Enter sends
    // nothing.
    std::thread::sleep(Duration::from_millis(300));
    tern.send(b"\x1b");
    tern.wait_for("the choice screen to close", WAIT, |s| {
        !s.contains("Sign in to codex")
    });
    tern.send(b"\r");
    tern.send(b"/status\r");
    tern.wait_for_text(" Status ", WAIT);
    let shown = tern.screen_text();
    assert!(!shown.contains("SECRET"), "{shown}");
    assert!(sent(&fake, "account/login/start").is_empty());
    assert!(sent(&fake, "turn/start").is_empty());
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let output = String::from_utf8_lossy(&tern.raw_output()).into_owned();
    assert!(!output.contains("SECRET"), "nothing printed at exit");
    let kept = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(!kept.contains("SECRET"), "{kept}");
    assert!(!fake
        .recorded_lines()
        .iter()
        .any(|line| line.contains("SECRET")));
}
